"""A failed checkout payment never leaves its order behind (issue 45): the order is cancelled with its
stock and slot given back, the failure page says so, and a second checkout makes the one order."""

import pytest

from orders.models import Order
from payments.models import Payment

pytestmark = pytest.mark.django_db

START = "/api/payments/initiateJuspayPayment"
AT_DELIVERY = "/api/payments/initiateJuspayPaymentAtDelivery"


def pay_in_sandbox(client, api, path, order, action):
    """Start paying `order`, press `action` on the sandbox page, follow the gateway's return."""
    link = api.post(path, {"order_id": order.public_id}, format="json").json()["payment_links"]["web"]
    return client.get(client.post(link, {"action": action})["Location"])


def test_a_failed_checkout_payment_cancels_its_order_and_gives_stock_back(as_user, online_order, packs, client):
    stock_before = type(packs.oil_1l).objects.get(pk=packs.oil_1l.pk).count_in_stock
    back = pay_in_sandbox(client, as_user(online_order.user), START, online_order, "fail")

    assert back["Location"] == f"/payment/failure?cancelled={online_order.public_id}"
    online_order.refresh_from_db()
    assert online_order.status == Order.Status.CANCELLED and not online_order.is_paid
    assert type(packs.oil_1l).objects.get(pk=packs.oil_1l.pk).count_in_stock == stock_before + 2
    assert Payment.objects.get(order=online_order).status == Payment.Status.FAILED


def test_the_same_return_twice_cancels_once(as_user, online_order, client):
    api = as_user(online_order.user)
    link = api.post(START, {"order_id": online_order.public_id}, format="json").json()["payment_links"]["web"]
    returned = client.post(link, {"action": "fail"})["Location"]
    first, again = client.get(returned), client.get(returned)
    assert first["Location"].endswith(f"?cancelled={online_order.public_id}")
    assert again["Location"] == "/payment/failure"  # already cancelled: nothing more happens
    assert online_order.events.filter(to_status=Order.Status.CANCELLED).count() == 1


def test_a_failed_pay_button_leaves_a_cash_order_to_pay_at_delivery(as_user, cash_order, client):
    back = pay_in_sandbox(client, as_user(cash_order.user), AT_DELIVERY, cash_order, "fail")
    assert back["Location"] == "/payment/failure"
    cash_order.refresh_from_db()
    assert cash_order.status == Order.Status.PLACED


def test_a_paid_checkout_is_not_cancelled(as_user, online_order, client):
    back = pay_in_sandbox(client, as_user(online_order.user), START, online_order, "pay")
    assert back["Location"] == f"/payment/success?orderId={online_order.public_id}"
    online_order.refresh_from_db()
    assert online_order.is_paid and online_order.status == Order.Status.PLACED


NOTE = "Your order was cancelled, so you will not have two orders"


def test_the_failure_page_says_the_order_was_cancelled(as_user, online_order, cash_order, client):
    pay_in_sandbox(client, as_user(online_order.user), START, online_order, "fail")
    page = client.get(f"/payment/failure?cancelled={online_order.public_id}").content.decode()
    assert "Payment Failed" in page and NOTE in page
    assert online_order.invoice_number not in page  # the page names no order
    # An order that is not cancelled, an unknown id, none: the spec's page alone.
    for query in (f"?cancelled={cash_order.public_id}", "?cancelled=nope", "?cancelled=" + "x" * 500, ""):
        assert NOTE not in client.get(f"/payment/failure{query}").content.decode()


def test_the_failure_page_in_telugu(as_user, online_order, client):
    pay_in_sandbox(client, as_user(online_order.user), START, online_order, "fail")
    client.cookies["django_language"] = "te"
    page = client.get(f"/payment/failure?cancelled={online_order.public_id}").content.decode()
    assert "మీ ఆర్డర్ రద్దు చేయబడింది" in page and NOTE not in page
