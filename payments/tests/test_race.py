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
            outcomes.append(payment_return(params=return_params(gateway_order_id, "CHARGED")))
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
