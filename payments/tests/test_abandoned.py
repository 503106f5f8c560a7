"""Abandoned online orders: cancelled once with their stock back once; a late charge is flagged."""

from datetime import timedelta

import pytest
from django.utils import timezone

from aftersale.tasks import cancel_abandoned_orders
from catalog.models import Financial
from orders.models import Order, OrderEvent
from payments.models import Payment, SandboxCharge
from payments.services import payment_initiate, payments_reconcile
from payments.tests.conftest import RESPONSE_KEY, gateway_deadline_passes, return_params

pytestmark = pytest.mark.django_db


def age(order: Order, minutes: int) -> None:
    Order.objects.filter(pk=order.pk).update(created_at=timezone.now() - timedelta(minutes=minutes))


def stock(pack) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def fresh(order) -> Order:
    return Order.objects.get(pk=order.pk)


def test_an_abandoned_order_is_cancelled_once_and_its_stock_comes_back_once(online_order, packs, settings):
    settings.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES = 30
    payment_initiate(user=online_order.user, public_id=online_order.public_id)  # opened, never paid
    before = stock(packs.oil_1l)
    age(online_order, 29)
    assert cancel_abandoned_orders() == 0
    assert fresh(online_order).status == "placed"

    age(online_order, 31)
    assert cancel_abandoned_orders() == 1
    assert cancel_abandoned_orders() == 0  # the next run finds nothing to do

    order = fresh(online_order)
    assert (order.status, order.is_paid) == ("cancelled", False)
    assert order.cancel_reason == "Not paid online within 30 minutes"
    assert stock(packs.oil_1l) == before + 2
    event = OrderEvent.objects.get(order=order, to_status="cancelled")
    assert event.by is None


def test_cash_young_paid_and_packed_orders_are_left_alone(shopper, place_order, packs, online_order, client):
    cash = place_order(shopper, (packs.rice_1kg, 1), method="Cash Or UPI")
    paid = place_order(shopper, (packs.rice_5kg, 1), method="Online")
    payment, _ = payment_initiate(user=shopper, public_id=paid.public_id)
    client.get(client.post(payment.payment_link, {"action": "pay"})["Location"])
    packed = place_order(shopper, (packs.rice_other_brand, 1), method="Online")
    Order.objects.filter(pk=packed.pk).update(status="packed", packed_at=timezone.now())
    for order in (cash, paid, packed):
        age(order, 120)

    assert cancel_abandoned_orders() == 0  # online_order is young
    assert [fresh(o).status for o in (cash, paid, packed, online_order)] == ["placed", "placed", "packed", "placed"]


def test_a_payment_whose_notices_were_lost_pays_the_order_instead(online_order, packs):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="CHARGED")
    age(online_order, 45)

    assert cancel_abandoned_orders() == 0
    order = fresh(online_order)
    assert order.is_paid and order.status == "placed"


def test_a_gateway_that_does_not_answer_keeps_the_order_for_the_next_run(online_order, fake_juspay, settings):
    payment_initiate(user=online_order.user, public_id=online_order.public_id)
    age(online_order, 45)
    gateway_deadline_passes(fake_juspay, settings)
    assert cancel_abandoned_orders() == 0
    assert fresh(online_order).status == "placed"
    fake_juspay.delay = 0
    assert cancel_abandoned_orders() == 1


def test_a_late_charge_is_flagged_for_staff_not_lost_and_not_reviving_the_order(
    client, online_order, fake_juspay, packs
):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    age(online_order, 45)
    assert cancel_abandoned_orders() == 1
    after_cancel = stock(packs.oil_1l)

    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    landed = client.get("/payments/return", return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY))
    payments_reconcile(settled_for=timedelta(0))

    assert landed["Location"] == "/payment/failure"
    payment.refresh_from_db()
    assert (payment.status, payment.flag) == ("charged", Payment.Flag.CHARGED_AFTER_CANCEL)
    order = fresh(online_order)
    assert (order.status, order.is_paid) == ("cancelled", False)
    assert stock(packs.oil_1l) == after_cancel  # the stock went back once and stays back


def test_a_cancelled_order_cannot_start_a_payment(as_user, online_order):
    age(online_order, 45)
    cancel_abandoned_orders()
    answer = as_user(online_order.user).post(
        "/api/payments/initiateJuspayPaymentAtDelivery", {"order_id": online_order.public_id}, format="json"
    )
    assert answer.status_code == 409 and answer.json()["message"] == "This order is cancelled."


def test_staff_see_the_flag_on_the_order_list_and_customers_do_not(online_order, as_user, admin_user, client):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    age(online_order, 45)
    cancel_abandoned_orders()
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="CHARGED")
    client.get("/payments/return", return_params(payment.gateway_order_id, "CHARGED"))

    listed = as_user(admin_user).get("/api/orders").json()
    (row,) = [order for order in listed if order["_id"] == online_order.public_id]
    assert row["paymentAlerts"] == [
        {"reference": payment.gateway_order_id, "amount": 291, "problem": "Charged after the order was cancelled"}
    ]
    (mine,) = as_user(online_order.user).get("/api/orders/mine").json()
    assert mine["paymentAlerts"] == []
