"""The customer's language: kept on the user, read and changed through the profile, chosen at
registration from the language the shopper was using."""

import pytest
from django.conf import settings

from accounts.models import User
from accounts.tests.conftest import NEW_PHONE, REGISTER_URL

pytestmark = pytest.mark.django_db

PROFILE_URL = "/api/users/profile"


def test_the_profile_and_the_login_info_name_the_language(as_user, api_client, customer):
    assert as_user(customer).get(PROFILE_URL).json()["language"] == "en"
    login = api_client.post("/api/users/auth", {"phoneNo": customer.phone_no, "password": "secret-pass-1"})
    assert login.json()["language"] == "en"


def test_the_profile_update_changes_the_language_and_the_cookie(as_user, customer):
    response = as_user(customer).put(PROFILE_URL, {"language": "te"}, format="json")
    assert response.status_code == 200
    assert response.json()["language"] == "te"
    assert response.cookies[settings.LANGUAGE_COOKIE_NAME].value == "te"
    customer.refresh_from_db()
    assert customer.language == "te"


def test_a_profile_update_without_the_language_leaves_it_and_the_cookie_alone(as_user, make_user):
    user = make_user(language="te")
    response = as_user(user).put(PROFILE_URL, {"name": "Sita"}, format="json")
    assert response.status_code == 200
    assert response.json()["language"] == "te"
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies


@pytest.mark.parametrize("bad", ["fr", "TE", "", None, "te-IN", 5])
def test_an_unknown_language_is_refused(as_user, customer, bad):
    response = as_user(customer).put(PROFILE_URL, {"language": bad, "name": "Changed"}, format="json")
    assert response.status_code == 400
    assert response.json()["message"] == "Language must be en (English) or te (Telugu)."
    customer.refresh_from_db()
    assert (customer.language, customer.name) == ("en", "Asha Customer")


def _register(client, token, **headers):
    body = {"name": "Asha", "phoneNo": NEW_PHONE, "password": "fresh-pass-9", "verificationToken": token}
    return client.post(REGISTER_URL, body, format="json", **headers)


def test_registration_keeps_the_language_of_the_cookie(api_client, verification_token):
    token = verification_token(NEW_PHONE)
    api_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    response = _register(api_client, token)
    assert response.status_code == 201
    assert response.json()["language"] == "te"
    assert User.objects.get(phone_no=NEW_PHONE).language == "te"


def test_registration_keeps_the_language_the_browser_asks_for(api_client, verification_token):
    response = _register(api_client, verification_token(NEW_PHONE), HTTP_ACCEPT_LANGUAGE="te-IN,te;q=0.9,en;q=0.5")
    assert User.objects.get(phone_no=NEW_PHONE).language == "te"
    assert response.json()["language"] == "te"


def test_registration_defaults_to_english(api_client, verification_token):
    _register(api_client, verification_token(NEW_PHONE))
    assert User.objects.get(phone_no=NEW_PHONE).language == "en"


# --- the language of the texts sent by SMS -------------------------------------------------------


def test_an_otp_to_a_new_number_is_in_the_language_of_the_page(api_client, send_otp, sms_outbox):
    api_client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    assert send_otp(NEW_PHONE).status_code == 200
    [text] = sms_outbox(NEW_PHONE)
    assert text.startswith("మీ SMLR Mart ధృవీకరణ కోడ్ ")


def test_an_otp_to_a_new_number_is_english_by_default(send_otp, sms_outbox):
    send_otp(NEW_PHONE)
    assert sms_outbox(NEW_PHONE)[0].startswith("Your SMLR Mart verification code is ")


@pytest.mark.parametrize("purpose", ["reset", "register"])
def test_an_otp_to_a_customer_is_in_their_language_whatever_the_page(make_user, send_otp, sms_outbox, purpose):
    make_user(NEW_PHONE, language="te")
    assert send_otp(NEW_PHONE, purpose).status_code == 200
    assert sms_outbox(NEW_PHONE)[0].startswith("మీ SMLR Mart ధృవీకరణ కోడ్ ")
