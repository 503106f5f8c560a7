"""The business a shopper keeps on the profile (issue 43): checked by the one checker an invoice's
buyer has (`common.gstin.buyer_checked`), left alone by the existing client that sends none."""

import pytest

from accounts.models import User
from accounts.privacy import personal_data_erase, personal_data_export

pytestmark = pytest.mark.django_db

PROFILE_URL = "/api/users/profile"
GSTIN = "37AAPFU0939F1ZU"  # Andhra Pradesh, check character U
NAME = "Sri Lakshmi Caterers"


def _put(client, **body):
    return client.put(PROFILE_URL, body, format="json")


def test_the_business_is_kept_and_answered(as_user, customer):
    response = _put(as_user(customer), buyerGstin=" 37aapfu0939f1zu ", buyerName="  Sri  Lakshmi Caterers ")
    assert response.status_code == 200
    assert response.json()["businessBuyer"] == {"gstin": GSTIN, "name": NAME, "stateCode": "37"}
    customer.refresh_from_db()
    assert (customer.business_gstin, customer.business_name) == (GSTIN, NAME)
    assert as_user(customer).get(PROFILE_URL).json()["businessBuyer"]["gstin"] == GSTIN


def test_the_existing_client_sending_none_keeps_it(as_user, customer):
    User.objects.filter(pk=customer.pk).update(business_gstin=GSTIN, business_name=NAME)
    body = {"name": "Asha Rani", "phoneNo": customer.phone_no, "password": ""}
    response = as_user(customer).put(PROFILE_URL, body, format="json")
    assert response.status_code == 200
    assert response.json()["businessBuyer"] == {"gstin": GSTIN, "name": NAME, "stateCode": "37"}
    customer.refresh_from_db()
    assert (customer.name, customer.business_gstin, customer.business_name) == ("Asha Rani", GSTIN, NAME)


def test_one_field_sent_pairs_with_the_one_kept(as_user, customer):
    User.objects.filter(pk=customer.pk).update(business_gstin=GSTIN, business_name=NAME)
    assert _put(as_user(customer), buyerName="Lakshmi Foods").json()["businessBuyer"]["name"] == "Lakshmi Foods"
    customer.refresh_from_db()
    assert customer.business_gstin == GSTIN


def test_both_blank_forget_it(as_user, customer):
    User.objects.filter(pk=customer.pk).update(business_gstin=GSTIN, business_name=NAME)
    response = _put(as_user(customer), buyerGstin="", buyerName=None)
    assert response.status_code == 200 and response.json()["businessBuyer"] is None
    customer.refresh_from_db()
    assert (customer.business_gstin, customer.business_name) == ("", "")


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"buyerGstin": "37AAPFU0939F1ZV", "buyerName": NAME}, "gstin_check"),
        ({"buyerGstin": "37AAPFU0939F1Z", "buyerName": NAME}, "gstin_format"),
        ({"buyerGstin": "99AAPFU0939F1ZU", "buyerName": NAME}, "gstin_state"),
        ({"buyerGstin": GSTIN, "buyerName": ""}, "buyer_needs_both"),
        ({"buyerName": NAME}, "buyer_needs_both"),
        ({"buyerGstin": GSTIN, "buyerName": "x" * 201}, None),  # longer than the field takes
        ({"buyerGstin": GSTIN * 2, "buyerName": NAME}, None),
        ({"buyerGstin": 37, "buyerName": NAME}, None),
    ],
)
def test_a_wrong_business_is_a_400_and_nothing_changes(as_user, customer, body, code):
    response = _put(as_user(customer), name="Someone Else", **body)
    assert response.status_code == 400, response.content
    assert response.json()["message"]
    if code:
        assert response.json()["code"] == code
    customer.refresh_from_db()
    assert (customer.name, customer.business_gstin) == ("Asha Customer", "")


def test_the_check_message_is_in_telugu_for_a_telugu_shopper(as_user, customer):
    response = as_user(customer).put(
        PROFILE_URL,
        {"buyerGstin": "37AAPFU0939F1ZV", "buyerName": NAME},
        format="json",
        HTTP_ACCEPT_LANGUAGE="te",
    )
    assert response.status_code == 400
    assert response.json()["message"] != "This GSTIN's last character does not match: check it for a typing slip."


def test_privacy_exports_and_erases_the_business(customer):
    User.objects.filter(pk=customer.pk).update(business_gstin=GSTIN, business_name=NAME)
    customer.refresh_from_db()
    profile = personal_data_export(customer)["profile"]
    assert (profile["businessGstin"], profile["businessName"]) == (GSTIN, NAME)
    personal_data_erase(customer)
    customer.refresh_from_db()
    assert (customer.business_gstin, customer.business_name) == ("", "")


def test_anonymous_cannot_set_one(api_client):
    assert _put(api_client, buyerGstin=GSTIN, buyerName=NAME).status_code == 401
