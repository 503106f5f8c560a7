"""My Orders shows where each order's money stands from the server's answer (issue 45): a cancelled
and refunded order is not "Paid", a cancelled cash order says it is cancelled, and only an order
its shopper can still pay offers the Pay button."""

import pytest

from aftersale.cancellation import order_cancel
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from orders.tests.test_cancel_money import pay_online

pytestmark = pytest.mark.django_db


def mine(as_user, shopper) -> dict[str, dict]:
    return {order["_id"]: order for order in as_user(shopper).get("/api/orders/mine").json()}


def state(order: dict) -> tuple:
    return order["paymentState"], order["refundedAmount"], order["canPay"]


def test_each_order_says_where_its_money_stands(
    as_user, shopper, admin_user, packs, place_order, django_capture_on_commit_callbacks
):
    cash_open = place_order(shopper, (packs.oil_1l, 1))
    cash_cancelled = place_order(shopper, (packs.oil_1l, 1))
    online_paid = place_order(shopper, (packs.oil_1l, 2), method="Online")
    online_refunded = place_order(shopper, (packs.oil_1l, 2), method="Online")
    cash_paid_refunded = place_order(shopper, (packs.rice_5kg, 1))
    cash_delivered = place_order(shopper, (packs.oil_1l, 1))
    pay_online(online_paid)
    pay_online(online_refunded)
    with django_capture_on_commit_callbacks(execute=True):
        order_cancel(order=cash_cancelled, reason="", by=shopper)
        order_cancel(order=online_refunded, reason="", by=shopper)
        order_record_cash_payment(order=cash_paid_refunded, by=admin_user)
        order_cancel(order=cash_paid_refunded, reason="Shop closed", by=admin_user)
    for step in ("packed", "dispatched", "delivered"):
        order_advance(order=cash_delivered, to_status=step, by=admin_user)

    orders = mine(as_user, shopper)

    assert state(orders[cash_open.public_id]) == ("pay_at_delivery", 0, True)
    assert state(orders[cash_cancelled.public_id]) == ("cancelled", 0, False)
    assert state(orders[online_paid.public_id]) == ("paid", 0, False)
    assert state(orders[online_refunded.public_id]) == ("refunded", 291, False)
    assert state(orders[cash_paid_refunded.public_id]) == ("refunded", 399, False)
    assert state(orders[cash_delivered.public_id]) == ("paid_at_delivery", 0, False)


def test_another_shopper_or_staff_viewing_an_order_are_not_offered_to_pay_it(
    as_user, shopper, admin_user, packs, place_order
):
    order = place_order(shopper, (packs.oil_1l, 1))
    answer = as_user(admin_user).get(f"/api/orders/{order.public_id}").json()
    assert answer["paymentState"] == "pay_at_delivery" and answer["canPay"] is False
