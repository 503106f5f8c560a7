"""On PostgreSQL: a return and a webhook for the same payment, at the same moment, move it once."""

import threading

import pytest
from django.db import connection

from orders.models import Order
from payments.models import Payment, PaymentEvent, SandboxCharge
from payments.services import payment_initiate, payment_return, payment_webhook
from payments.tests.conftest import basic, return_params

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

ROUNDS = 5


def webhook_body(gateway_order_id: str, event_id: str) -> bytes:
    import json

    return json.dumps(
        {"id": event_id, "content": {"order": {"order_id": gateway_order_id, "status": "CHARGED"}}}
    ).encode()


def race(gateway_order_id: str, event_id: str) -> list:
    """The browser's return and the gateway's webhook (sent twice), released together."""
    start = threading.Barrier(3)
    outcomes: list = []

    def came_back():
        start.wait(timeout=10)
        try:
            outcomes.append(payment_return(params=return_params(gateway_order_id, "CHARGED")).location())
        finally:
            connection.close()

    def webhook():
        start.wait(timeout=10)
        try:
            notice = payment_webhook(
                authorization=basic("smlr-webhook", "webhook-secret-1"), body=webhook_body(gateway_order_id, event_id)
            )
            outcomes.append(notice.payment.status)
        finally:
            connection.close()

    threads = [threading.Thread(target=came_back), threading.Thread(target=webhook), threading.Thread(target=webhook)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads), "a confirmation hung"
    return outcomes


def test_return_and_webhook_racing_give_one_transition(shopper, place_order, packs, webhook_credentials):
    for round_no in range(ROUNDS):
        order = place_order(shopper, (packs.oil_1l, 1), method="Online")
        payment, _ = payment_initiate(user=shopper, public_id=order.public_id)
        SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="CHARGED")
        outcomes = race(payment.gateway_order_id, f"evt_{round_no}")

        assert sorted(outcomes) == sorted([f"/payment/success?orderId={order.public_id}", "charged", "charged"])
        events = PaymentEvent.objects.filter(payment=payment)
        assert [(e.from_status, e.to_status) for e in events if e.is_transition] == [("new", "charged")]
        assert events.filter(event_id=f"evt_{round_no}").count() <= 1
        paid = Order.objects.get(pk=order.pk)
        assert paid.is_paid and paid.payment_reference == payment.gateway_order_id
        assert Payment.objects.get(pk=payment.pk).flag == ""


def race_cancel_and_charge(gateway_order_id: str) -> None:
    """The abandoned-order task and the shopper's successful payment, released together."""
    from aftersale.tasks import cancel_abandoned_orders

    start = threading.Barrier(2)

    def cancel():
        start.wait(timeout=10)
        try:
            cancel_abandoned_orders()
        finally:
            connection.close()

    def charge():
        start.wait(timeout=10)
        try:
            SandboxCharge.objects.filter(gateway_order_id=gateway_order_id).update(status="CHARGED")
            payment_return(params=return_params(gateway_order_id, "CHARGED")).location()
        finally:
            connection.close()

    threads = [threading.Thread(target=cancel), threading.Thread(target=charge)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert not any(thread.is_alive() for thread in threads), "a cancel or a charge hung"


def test_a_charge_racing_the_abandoned_order_cancel_never_gives_a_paid_cancelled_order(
    shopper, place_order, packs, webhook_credentials
):
    from datetime import timedelta

    from django.utils import timezone

    from catalog.models import Financial

    for _round in range(ROUNDS):
        order = place_order(shopper, (packs.oil_1l, 1), method="Online")
        payment, _ = payment_initiate(user=shopper, public_id=order.public_id)
        Order.objects.filter(pk=order.pk).update(created_at=timezone.now() - timedelta(hours=1))
        stock_before = Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock
        race_cancel_and_charge(payment.gateway_order_id)

        final = Order.objects.get(pk=order.pk)
        settled = Payment.objects.get(pk=payment.pk)
        stock_after = Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock
        if final.status == "cancelled":
            assert not final.is_paid and stock_after == stock_before + 1
            # The charge either came after the cancel (flagged) or is still to be confirmed.
            assert settled.flag in ("", Payment.Flag.CHARGED_AFTER_CANCEL)
        else:
            assert final.is_paid and settled.flag == "" and stock_after == stock_before
