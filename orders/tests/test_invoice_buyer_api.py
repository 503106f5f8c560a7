"""Staff naming the business buyer on an existing order's invoice (issue 43): `PUT
/api/orders/<id>/buyer`, through `invoice_buyer_set` and its rule (a tax invoice not cancelled), the
GSTIN checked by the one checker; the invoice then goes to GSTR-1's b2b."""

import pytest
from django.utils import timezone

from accounts.services import user_role_set
from orders.models import InvoiceBuyer, Order

pytestmark = pytest.mark.django_db

GSTIN = "37AAPFU0939F1ZU"
NAME = "Sri Lakshmi Caterers"


def url(order) -> str:
    return f"/api/orders/{order.public_id}/buyer"


def put(client, order, language="en", **body):
    return client.put(url(order), body, format="json", HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def order(place_order, shopper):
    return place_order(shopper)


@pytest.fixture
def cashier(admin_user, make_user):
    return user_role_set(actor=admin_user, user=make_user("9876500077", name="Ravi Cashier"), role="cashier")


def test_the_manager_names_a_buyer_and_the_invoice_says_so(as_user, admin_user, order):
    before = as_user(admin_user).get(f"/api/orders/{order.public_id}").json()
    assert before["buyer"] is None and before["canNameBuyer"] is True
    answer = put(as_user(admin_user), order, buyerGstin=" 37aapfu0939f1zu ", buyerName=f"  {NAME} ")
    assert answer.status_code == 200, answer.content
    assert answer.json()["buyer"] == {"gstin": GSTIN, "name": NAME, "stateCode": "37"}
    kept = InvoiceBuyer.objects.get(order=order)
    assert (kept.gstin, kept.name, kept.by_id) == (GSTIN, NAME, admin_user.pk)


def test_the_cashier_may_and_naming_again_replaces(as_user, cashier, order):
    assert put(as_user(cashier), order, buyerGstin=GSTIN, buyerName=NAME).status_code == 200
    answer = put(as_user(cashier), order, buyerGstin=GSTIN, buyerName="Lakshmi Foods")
    assert answer.status_code == 200 and answer.json()["buyer"]["name"] == "Lakshmi Foods"
    assert InvoiceBuyer.objects.filter(order=order).count() == 1


def test_the_shopper_may_not_and_is_not_offered_the_form(as_user, shopper, order):
    assert as_user(shopper).get(f"/api/orders/{order.public_id}").json()["canNameBuyer"] is False
    assert put(as_user(shopper), order, buyerGstin=GSTIN, buyerName=NAME).status_code == 403
    assert not InvoiceBuyer.objects.exists()


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"buyerGstin": "37AAPFU0939F1ZV", "buyerName": NAME}, "gstin_check"),
        ({"buyerGstin": "37AAPFU0939", "buyerName": NAME}, "gstin_format"),
        ({"buyerGstin": "", "buyerName": NAME}, "gstin_format"),
        ({"buyerGstin": GSTIN, "buyerName": "  "}, "invalid_name"),
        ({"buyerGstin": GSTIN}, "invalid_name"),
        ({"buyerGstin": GSTIN, "buyerName": "x" * 201}, None),
        ({"buyerGstin": [GSTIN], "buyerName": NAME}, None),
    ],
)
def test_a_wrong_buyer_is_a_400_and_names_nobody(as_user, admin_user, order, body, code):
    answer = put(as_user(admin_user), order, **body)
    assert answer.status_code == 400, answer.content
    assert answer.json()["message"]
    if code:
        assert answer.json()["code"] == code
    assert not InvoiceBuyer.objects.exists()


def test_the_wrong_check_character_is_said_in_telugu(as_user, admin_user, order):
    answer = put(as_user(admin_user), order, "te", buyerGstin="37AAPFU0939F1ZV", buyerName=NAME)
    assert answer.status_code == 400 and answer.json()["code"] == "gstin_check"
    assert "GSTIN" in answer.json()["message"]
    assert answer.json()["message"] != "This GSTIN's last character does not match: check it for a typing slip."


def test_a_cancelled_order_takes_no_buyer(as_user, admin_user, order):
    Order.objects.filter(pk=order.pk).update(status=Order.Status.CANCELLED, cancelled_at=timezone.now())
    assert as_user(admin_user).get(f"/api/orders/{order.public_id}").json()["canNameBuyer"] is False
    answer = put(as_user(admin_user), order, buyerGstin=GSTIN, buyerName=NAME)
    assert answer.status_code == 409 and answer.json()["code"] == "order_cancelled"


def test_an_order_from_before_gst_takes_no_buyer(as_user, admin_user, order):
    Order.objects.filter(pk=order.pk).update(gst_interstate=None)
    answer = put(as_user(admin_user), order, buyerGstin=GSTIN, buyerName=NAME)
    assert answer.status_code == 409 and answer.json()["code"] == "not_taxed"


def test_an_unknown_order_is_a_404(as_user, admin_user):
    answer = as_user(admin_user).put("/api/orders/nope/buyer", {"buyerGstin": GSTIN, "buyerName": NAME}, format="json")
    assert answer.status_code == 404
