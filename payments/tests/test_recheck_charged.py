"""Reconciliation asks again about recently charged payments (issue 46): a reversal or a chargeback
whose webhook was lost is seen and recorded, a bounded number per run, the least recently asked first."""

import io
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from orders.models import Order
from payments.models import Payment, PaymentEvent
from payments.services import payment_confirm, payment_initiate
from payments.tasks import reconcile_payments

pytestmark = pytest.mark.django_db


def charged(order, fake_juspay) -> Payment:
    """The order paid through the fake Juspay (return and status call), then its events' age."""
    payment, _ = payment_initiate(user=order.user, public_id=order.public_id)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    payment_confirm(payment=payment, source=PaymentEvent.Source.RETURN)
    payment.refresh_from_db()
    assert payment.status == Payment.Status.CHARGED
    return payment


def status_calls(fake_juspay, payment: Payment) -> int:
    return len([call for call in fake_juspay.calls(f"/orders/{payment.gateway_order_id}") if call["method"] == "GET"])


def test_a_reversal_whose_webhook_was_lost_is_found_by_reconciliation(online_order, fake_juspay):
    payment = charged(online_order, fake_juspay)
    fake_juspay.set_status(payment.gateway_order_id, "AUTO_REFUNDED")  # ...and no webhook comes

    reconcile_payments()

    order = Order.objects.get(pk=online_order.pk)
    payment.refresh_from_db()
    assert not order.is_paid and order.payment_reference is None
    assert payment.flag == Payment.Flag.REVERSED and payment.refundable_paise == 0
    assert payment.events.filter(source=PaymentEvent.Source.RECONCILE, note=Payment.Flag.REVERSED.label).count() == 1


def test_a_chargeback_is_recorded_for_staff_and_the_order_stays_paid(online_order, fake_juspay):
    payment = charged(online_order, fake_juspay)
    with fake_juspay.lock:
        fake_juspay.orders[payment.gateway_order_id]["chargebacks"] = [
            {"id": "cb_7Hq2", "amount": 291.0, "object_reference_id": "ref_1", "dispute_status": "OPEN"}
        ]
    out = io.StringIO()

    call_command("reconcile_payments", stdout=out, stderr=io.StringIO())
    call_command("reconcile_payments", stdout=io.StringIO(), stderr=io.StringIO())  # seen once only

    payment.refresh_from_db()
    assert payment.flag == Payment.Flag.CHARGEBACK
    assert Order.objects.get(pk=online_order.pk).is_paid  # until the dispute is decided
    notes = list(payment.events.filter(source=PaymentEvent.Source.RECONCILE).values_list("note", flat=True))
    assert notes == [f"{Payment.Flag.CHARGEBACK.label}: cb_7Hq2"]
    assert f"{payment.gateway_order_id} (order {online_order.public_id}): charged → charged" in out.getvalue()
    assert "NEEDS STAFF: Charged, then disputed" in out.getvalue()


def test_each_run_asks_about_a_bounded_number_the_least_recently_asked_first(
    settings, shopper, place_order, packs, fake_juspay
):
    settings.PAYMENT_RECHECK_PER_RUN = 2
    payments = [charged(place_order(shopper, (packs.oil_1l, 1), method="Online"), fake_juspay) for _ in range(3)]
    before = [status_calls(fake_juspay, payment) for payment in payments]

    reconcile_payments()
    first_run = [status_calls(fake_juspay, payment) - was for payment, was in zip(payments, before, strict=True)]
    reconcile_payments()
    both_runs = [status_calls(fake_juspay, payment) - was for payment, was in zip(payments, before, strict=True)]

    assert first_run == [1, 1, 0]  # the oldest two charges
    assert both_runs == [2, 1, 1]  # then the one never asked, then the least recently asked
    # A recheck that finds nothing new writes no event row (30 a run would grow the table forever).
    assert not PaymentEvent.objects.filter(source=PaymentEvent.Source.RECONCILE).exists()


def test_charges_older_than_the_window_are_left_alone(settings, online_order, fake_juspay):
    payment = charged(online_order, fake_juspay)
    Payment.objects.filter(pk=payment.pk).update(charged_at=timezone.now() - timedelta(days=8))
    fake_juspay.set_status(payment.gateway_order_id, "AUTO_REFUNDED")
    calls = status_calls(fake_juspay, payment)

    reconcile_payments()
    assert status_calls(fake_juspay, payment) == calls
    settings.PAYMENT_RECHECK_CHARGED_DAYS = 0
    Payment.objects.filter(pk=payment.pk).update(charged_at=timezone.now())
    reconcile_payments()
    assert status_calls(fake_juspay, payment) == calls
    assert Payment.objects.get(pk=payment.pk).flag == Payment.Flag.NONE


def test_a_gateway_that_does_not_answer_leaves_the_charge_as_it_is(online_order, fake_juspay):
    payment = charged(online_order, fake_juspay)
    fake_juspay.fail_next(500, {"status": "error", "error_message": "down"})

    assert reconcile_payments() == 1  # reported as not asked

    payment.refresh_from_db()
    assert (payment.status, payment.flag) == (Payment.Status.CHARGED, Payment.Flag.NONE)
    assert payment.rechecked_at is not None  # stamped, so it does not hold the front of the queue
    assert Order.objects.get(pk=online_order.pk).is_paid


def test_the_command_rechecks_as_many_as_asked(online_order, fake_juspay):
    payment = charged(online_order, fake_juspay)
    fake_juspay.set_status(payment.gateway_order_id, "AUTO_REFUNDED")

    call_command("reconcile_payments", "--recheck", "0", stdout=io.StringIO(), stderr=io.StringIO())
    assert Payment.objects.get(pk=payment.pk).flag == Payment.Flag.NONE
    out = io.StringIO()
    call_command("reconcile_payments", "--recheck", "5", stdout=out, stderr=io.StringIO())
    assert Payment.objects.get(pk=payment.pk).flag == Payment.Flag.REVERSED
    assert "1 changed, 0 could not be checked." in out.getvalue()
