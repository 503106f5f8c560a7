"""What comes back when an order is cancelled (issue 25): a paid online order is refunded in full
to its source, a paid cash order becomes store credit, store credit spent comes back once, each
with a GST credit note for what was still on the order; and a failure on the way leaves stock,
money and documents as they were."""

from decimal import Decimal

import pytest
from django.db import transaction

from aftersale.cancellation import order_cancel
from catalog.models import Financial
from orders.models import CreditNote, Order, OrderEvent
from orders.pipeline import order_advance
from orders.services import order_record_cash_payment
from payments.credit import credit_balance, credit_grant, credit_spend
from payments.gateways.sandbox import SandboxGateway
from payments.models import Payment, Refund, StoreCreditEntry
from payments.services import payment_confirm, payment_initiate

pytestmark = pytest.mark.django_db


def stock(pack: Financial) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def pay_online(order: Order) -> Payment:
    payment, _ = payment_initiate(user=order.user, public_id=order.public_id)
    SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    payment_confirm(payment=payment, source="return")
    payment.refresh_from_db()
    assert payment.status == "charged"
    return payment


def cancel(as_user, user, order, body=None, **extra):
    return as_user(user).put(f"/api/orders/{order.public_id}/cancel", body or {}, format="json", **extra)


def test_a_paid_online_order_cancelled_by_its_shopper_is_refunded_in_full_with_a_credit_note(
    as_user, shopper, packs, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    order = place_order(shopper, (packs.oil_1l, 2), (packs.rice_5kg, 1), method="Online")  # 291 + 399
    payment = pay_online(order)

    with django_capture_on_commit_callbacks(execute=True):
        answer = cancel(as_user, shopper, order)

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    refund = Refund.objects.get(order=order)
    assert refund.amount_paise == 69000 and refund.payment == payment
    assert Payment.objects.get(pk=payment.pk).refunded_paise == payment.captured_paise == 69000
    # Pending in the answer; the gateway is asked after commit (here the sandbox said yes).
    assert [(r["amount"], r["state"]) for r in body["refunds"]] == [(690, "pending")]
    assert refund.state == "succeeded"
    assert (stock(packs.oil_1l), stock(packs.rice_5kg)) == (40, 25)
    note = CreditNote.objects.get(order=order)
    assert note.total_paise == 69000 and note.invoice_number == order.invoice_number
    assert [n["number"] for n in body["creditNotes"]] == [note.number]
    assert body["creditNotes"][0]["total"] == 690 and body["creditNotes"][0]["totalInWords"] == (
        "Rupees Six Hundred Ninety Only"
    )
    cancelled_text = next(text for text in sms_outbox(shopper.phone_no) if "is cancelled" in text)
    assert cancelled_text.endswith("₹690.00 will be refunded to your original payment method within 5-7 working days.")


def test_a_telugu_shopper_is_told_in_telugu_what_comes_back(
    as_user, shopper, packs, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    shopper.language = "te"
    shopper.save()
    order = place_order(shopper, (packs.oil_1l, 2), method="Online")
    pay_online(order)
    with django_capture_on_commit_callbacks(execute=True):
        assert cancel(as_user, shopper, order).status_code == 200
    cancelled_text = next(
        text for text in sms_outbox(shopper.phone_no) if order.invoice_number in text and "291" in text
    )
    assert "₹291.00 మీరు చెల్లించిన పద్ధతికే" in cancelled_text


def test_a_paid_cash_order_cancelled_by_staff_after_packing_becomes_store_credit(
    shopper, admin_user, packs, place_order
):
    order = place_order(shopper, (packs.oil_1l, 2))
    order_record_cash_payment(order=order, by=admin_user)
    order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)

    order_cancel(order=order, reason="Shopper moved away", by=admin_user)

    assert credit_balance(user=shopper) == Decimal("291.00")
    assert not Refund.objects.exists()
    assert CreditNote.objects.get(order=order).total_paise == 29100
    assert stock(packs.oil_1l) == 40


def test_an_unpaid_order_that_spent_store_credit_gets_it_back_once(as_user, shopper, packs, place_order):
    credit_grant(user=shopper, amount=Decimal("100.00"), reason="Goodwill")
    order = place_order(shopper, (packs.oil_1l, 2))
    with transaction.atomic():
        credit_spend(user=shopper, amount=Decimal("100.00"), order=order)
        Order.objects.filter(pk=order.pk).update(store_credit_applied=Decimal("100.00"))
    assert credit_balance(user=shopper) == 0

    assert cancel(as_user, shopper, order).status_code == 200
    assert cancel(as_user, shopper, order).status_code == 409

    assert credit_balance(user=shopper) == Decimal("100.00")
    assert StoreCreditEntry.objects.filter(order=order, kind="restore").count() == 1
    assert CreditNote.objects.filter(order=order).count() == 1


def test_an_unpaid_cash_order_gives_nothing_back_and_needs_no_credit_note(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2))
    order_cancel(order=order, reason="", by=shopper)
    assert not Refund.objects.exists() and not CreditNote.objects.exists()
    assert not StoreCreditEntry.objects.exists()


def _unchanged(order, payment, pack):
    saved = Order.objects.get(pk=order.pk)
    assert saved.status == Order.Status.PLACED and saved.cancelled_at is None
    assert stock(pack) == 38
    assert not Refund.objects.exists() and Payment.objects.get(pk=payment.pk).refunded_paise == 0
    assert not CreditNote.objects.exists()
    assert not OrderEvent.objects.filter(order=order, to_status="cancelled").exists()


@pytest.mark.parametrize(
    "failing", ["aftersale.cancellation.refund_order_in_full", "aftersale.cancellation.credit_note_issue_for_rest"]
)
def test_a_failure_between_the_steps_leaves_stock_money_and_documents_unchanged(
    shopper, packs, place_order, monkeypatch, failing, django_capture_on_commit_callbacks
):
    order = place_order(shopper, (packs.oil_1l, 2), method="Online")
    payment = pay_online(order)
    module, name = failing.rsplit(".", 1)
    real = getattr(__import__(module, fromlist=[name]), name)

    def fails_after(**kwargs):
        real(**kwargs)  # the step does its writes, then the next one fails
        raise RuntimeError("the database went away")

    monkeypatch.setattr(failing, fails_after)
    with django_capture_on_commit_callbacks(execute=True) as callbacks, pytest.raises(RuntimeError):
        order_cancel(order=order, reason="", by=shopper)
    assert callbacks == []  # no SMS, no refund submission, no announcement
    _unchanged(order, payment, packs.oil_1l)
