"""On PostgreSQL: refunds racing each other never give back more than was captured, and replayed
webhooks racing each other settle a refund once."""

import json
import threading
from decimal import Decimal

import pytest
from django.db import connection, transaction

from common.errors import Conflict
from orders.models import Order
from payments.gateways.sandbox import SandboxGateway
from payments.models import Payment, Refund, RefundEvent, SandboxRefund
from payments.refunds import money_back, refund_order_in_full
from payments.services import payment_confirm, payment_initiate, payment_webhook
from payments.tests.conftest import basic

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def paid_order(shopper, place_order, packs) -> tuple[Order, Payment]:
    order = place_order(shopper, (packs.oil_1l, 2), method="Online")  # 291.00
    payment, _ = payment_initiate(user=shopper, public_id=order.public_id)
    SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    payment_confirm(payment=payment, source="return")
    return order, payment


def released_together(count: int, work) -> list:
    start = threading.Barrier(count)
    outcomes: list = []

    def run():
        start.wait(timeout=10)
        try:
            outcomes.append(work())
        except Exception as error:  # noqa: BLE001 - the outcome is what the test judges
            outcomes.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a refund hung"
    return outcomes


def test_concurrent_refunds_never_exceed_the_capture(shopper, place_order, packs, settings):
    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "PENDING"
    order, payment = paid_order(shopper, place_order, packs)

    def refund_100():
        with transaction.atomic():
            locked = Order.objects.select_for_update().get(pk=order.pk)
            return money_back(order=locked, amount=Decimal("100.00"), reason="Short pick", by=None)

    outcomes = released_together(8, refund_100)

    given = [outcome for outcome in outcomes if not isinstance(outcome, Exception)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert len(given) == 2 and all(o.kind == "refund" for o in given)
    assert len(refused) == 6 and all(isinstance(o, Conflict) for o in refused)
    assert {o.extra["code"] for o in refused} == {"refund_exceeds_payment"}
    payment.refresh_from_db()
    assert payment.refunded_paise == 20000 <= payment.captured_paise
    assert Refund.objects.filter(payment=payment).count() == 2
    assert SandboxRefund.objects.filter(gateway_order_id=payment.gateway_order_id).count() == 2


def test_concurrent_full_refunds_give_one_refund(shopper, place_order, packs, settings):
    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "PENDING"
    order, payment = paid_order(shopper, place_order, packs)

    def refund_all():
        with transaction.atomic():
            locked = Order.objects.select_for_update().get(pk=order.pk)
            return refund_order_in_full(order=locked, reason="Cancelled", by=None).kind

    assert sorted(released_together(5, refund_all)) == ["none", "none", "none", "none", "refund"]
    assert Refund.objects.get(payment=payment).amount_paise == 29100


def test_racing_replayed_webhooks_settle_a_refund_once(shopper, place_order, packs, settings, webhook_credentials):
    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "PENDING"
    order, payment = paid_order(shopper, place_order, packs)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        refund = money_back(order=locked, amount=Decimal("291.00"), reason="Cancelled", by=None).refund
    SandboxGateway.settle_refund(unique_request_id=refund.unique_request_id, status="SUCCESS")
    body = json.dumps(
        {
            "id": "evt_refund_race",
            "event_name": "ORDER_REFUNDED",
            "content": {"order": {"order_id": payment.gateway_order_id, "status": "CHARGED"}},
        }
    ).encode()

    def webhook():
        return payment_webhook(authorization=basic("smlr-webhook", "webhook-secret-1"), body=body).error

    assert released_together(20, webhook) == [""] * 20
    refund.refresh_from_db()
    assert refund.state == "succeeded"
    changes = RefundEvent.objects.filter(refund=refund, from_state="pending", to_state="succeeded")
    assert changes.count() == 1
    assert Payment.objects.get(pk=payment.pk).refunded_paise == 29100


def test_concurrent_payment_starts_give_one_live_payment(shopper, place_order, packs):
    order = place_order(shopper, (packs.oil_1l, 2), method="Online")

    def start():
        return payment_initiate(user=shopper, public_id=order.public_id)[0].pk

    started = released_together(5, start)
    assert len(set(started)) == 1, started
    assert Payment.objects.filter(order=order).count() == 1
