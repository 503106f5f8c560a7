"""Money back (`payments.refunds`): where it goes, how much can go, and the order answer's `refunds`."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.db.models import F

from common.errors import Conflict, DomainError, InvalidValue
from orders.models import Order
from orders.services import order_record_cash_payment
from payments.credit import credit_balance, credit_spend
from payments.gateways.sandbox import SandboxGateway
from payments.models import Payment, Refund, RefundEvent, SandboxRefund, StoreCreditEntry
from payments.refunds import money_back, refund_order_in_full
from payments.services import payment_confirm, payment_initiate

pytestmark = pytest.mark.django_db


def pay_in_sandbox(order: Order) -> Payment:
    payment, _ = payment_initiate(user=order.user, public_id=order.public_id)
    SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    payment_confirm(payment=payment, source="return")
    payment.refresh_from_db()
    assert payment.status == "charged" and payment.captured_paise == int(order.total_price * 100)
    return payment


@pytest.fixture
def paid_online(online_order):
    pay_in_sandbox(online_order)
    return Order.objects.get(pk=online_order.pk)


@pytest.fixture
def paid_cash(cash_order, admin_user):
    order_record_cash_payment(order=cash_order, by=admin_user)
    return Order.objects.get(pk=cash_order.pk)


def give_back(order: Order, amount, *, reason="Short pick", by=None, full=False):
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if full:
            return refund_order_in_full(order=locked, reason=reason, by=by)
        return money_back(order=locked, amount=Decimal(amount), reason=reason, by=by)


def test_an_online_order_gets_a_pending_refund_that_the_task_submits_after_commit(
    paid_online, admin_user, django_capture_on_commit_callbacks, sms_outbox
):
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        result = give_back(paid_online, "145.50", by=admin_user)
    assert result.kind == "refund" and result.amount == Decimal("145.50") and result.credit_entry is None
    refund = result.refund
    assert (refund.state, refund.amount_paise, refund.requested_by) == ("pending", 14550, admin_user)
    assert refund.unique_request_id.startswith("R") and len(refund.unique_request_id) == 21
    assert Payment.objects.get(order=paid_online).refunded_paise == 14550
    assert not SandboxRefund.objects.exists()  # nothing sent before commit

    with django_capture_on_commit_callbacks(execute=True):
        for callback in callbacks:
            callback()
    refund.refresh_from_db()
    assert refund.state == "succeeded" and refund.settled_at and refund.gateway_refund_id
    sandbox = SandboxRefund.objects.get()
    assert (sandbox.unique_request_id, sandbox.amount) == (refund.unique_request_id, Decimal("145.50"))
    assert [(e.source, e.from_state, e.to_state) for e in refund.events.all()] == [
        ("request", "", "pending"),
        ("submit", "pending", "succeeded"),
    ]
    assert sms_outbox(paid_online.user.phone_no)[-1].startswith("₹145.50 refunded to your original payment method")


def test_more_than_was_paid_is_refused_and_nothing_is_written(paid_online):
    give_back(paid_online, "200.00")
    with pytest.raises(Conflict) as refused:
        give_back(paid_online, "91.01")
    assert refused.value.extra["code"] == "refund_exceeds_payment"
    assert "₹91.00 is left" in refused.value.message
    assert Refund.objects.count() == 1
    assert Payment.objects.get(order=paid_online).refunded_paise == 20000
    assert give_back(paid_online, "91.00").kind == "refund"


@pytest.mark.parametrize("amount", ["0", "-5", "1.005", "abc", "NaN"])
def test_an_amount_that_is_not_positive_paise_is_a_400(paid_online, amount):
    with pytest.raises(InvalidValue) as refused:
        give_back(paid_online, amount) if amount not in ("abc", "NaN") else _raw(paid_online, amount)
    assert refused.value.extra["code"] == "invalid_amount"
    assert not Refund.objects.exists()


def _raw(order, amount):
    with transaction.atomic():
        return money_back(order=Order.objects.select_for_update().get(pk=order.pk), amount=amount, reason="x", by=None)


def test_a_reason_is_required(paid_online):
    with pytest.raises(DomainError):
        give_back(paid_online, "10", reason="   ")


def test_a_paid_cash_order_gets_store_credit_up_to_what_it_paid(
    paid_cash, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    assert paid_cash.amount_paid == paid_cash.total_price
    with django_capture_on_commit_callbacks(execute=True):
        result = give_back(paid_cash, "30.00", by=admin_user)
    assert result.kind == "credit" and result.refund is None
    entry = result.credit_entry
    assert (entry.kind, entry.amount, entry.order, entry.by) == ("refund", Decimal("30.00"), paid_cash, admin_user)
    assert credit_balance(user=paid_cash.user) == Decimal("30.00")
    assert "₹30.00 added to your SMLR Mart store credit" in sms_outbox(paid_cash.user.phone_no)[-1]

    left = paid_cash.amount_paid - Decimal("30.00")
    with pytest.raises(Conflict):
        give_back(paid_cash, left + Decimal("0.01"))
    assert give_back(paid_cash, left).kind == "credit"
    assert credit_balance(user=paid_cash.user) == paid_cash.amount_paid


def test_an_unpaid_order_has_nothing_to_give_back(cash_order):
    result = give_back(cash_order, "20.00")
    assert (result.kind, result.refund, result.credit_entry) == ("none", None, None)
    assert not StoreCreditEntry.objects.exists() and not Refund.objects.exists()


def test_refund_in_full_refunds_what_is_left_once(paid_online):
    give_back(paid_online, "100.00")
    result = give_back(paid_online, None, full=True, reason="Cancelled by the shopper")
    assert result.kind == "refund" and result.refund.amount == Decimal("191.00") and result.amount == Decimal("191.00")
    again = give_back(paid_online, None, full=True, reason="Cancelled again")
    assert (again.kind, again.amount) == ("none", Decimal("0.00"))
    assert Payment.objects.get(order=paid_online).refunded_paise == 29100


def test_refund_in_full_gives_back_the_credit_an_unpaid_order_spent_once(cash_order, admin_user):
    from payments.credit import credit_grant

    credit_grant(user=cash_order.user, amount=Decimal("50"), reason="Goodwill", by=admin_user)
    credit_spend(user=cash_order.user, amount=Decimal("40"), order=cash_order)
    assert credit_balance(user=cash_order.user) == Decimal("10.00")

    result = give_back(cash_order, None, full=True, reason="Cancelled")
    assert (result.kind, result.amount, result.credit_entry.kind) == ("credit", Decimal("40.00"), "restore")
    assert give_back(cash_order, None, full=True, reason="Cancelled").kind == "none"
    assert credit_balance(user=cash_order.user) == Decimal("50.00")


def test_a_paid_online_order_that_spent_credit_gets_the_source_first_then_the_credit(paid_online):
    from payments.credit import credit_grant

    credit_grant(user=paid_online.user, amount=Decimal("20"), reason="Goodwill")
    credit_spend(user=paid_online.user, amount=Decimal("20"), order=paid_online)
    result = give_back(paid_online, "300.00")
    assert result.kind == "refund" and result.refund.amount == Decimal("291.00")
    assert (result.credit_entry.kind, result.credit_entry.amount) == ("return", Decimal("9.00"))
    with pytest.raises(Conflict):
        give_back(paid_online, "11.01")


def test_the_database_refuses_refunds_beyond_the_capture(paid_online):
    payment = Payment.objects.get(order=paid_online)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.filter(pk=payment.pk).update(refunded_paise=F("captured_paise") + 1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Payment.objects.filter(pk=payment.pk).update(refunded_paise=-1)


def test_a_failed_refund_frees_its_amount_for_another(paid_online, settings, django_capture_on_commit_callbacks):
    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "FAILURE"
    with django_capture_on_commit_callbacks(execute=True):
        failed = give_back(paid_online, "291.00").refund
    failed.refresh_from_db()
    assert failed.state == "failed"
    assert Payment.objects.get(order=paid_online).refunded_paise == 0
    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "SUCCESS"
    with django_capture_on_commit_callbacks(execute=True):
        second = give_back(paid_online, "291.00").refund
    second.refresh_from_db()
    assert second.state == "succeeded" and second.unique_request_id != failed.unique_request_id


def test_the_order_answer_lists_its_refunds(paid_online, as_user, django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        refund = give_back(paid_online, "45.50", reason="Damaged pack").refund
    body = as_user(paid_online.user).get(f"/api/orders/{paid_online.public_id}").json()
    assert body["refunds"] == [
        {
            "_id": refund.unique_request_id,
            "amount": 45.5,
            "state": "succeeded",
            "reason": "Damaged pack",
            "createdAt": body["refunds"][0]["createdAt"],
        }
    ]
    assert RefundEvent.objects.filter(refund=refund).count() == 2


def test_amount_due_is_the_total_and_marking_paid_records_it(cash_order, admin_user):
    assert cash_order.amount_due == cash_order.total_price
    paid = order_record_cash_payment(order=cash_order, by=admin_user)
    assert paid.amount_paid == cash_order.total_price and paid.payment_reference.startswith("CASH-")


def test_a_failure_between_steps_leaves_money_unchanged(paid_online, monkeypatch):
    """The refund is written, then giving back the spent credit fails: nothing of either stays."""
    from payments import refunds as refunds_module
    from payments.credit import credit_grant

    credit_grant(user=paid_online.user, amount=Decimal("20"), reason="Goodwill")
    credit_spend(user=paid_online.user, amount=Decimal("20"), order=paid_online)

    def broken(**kwargs):
        raise IntegrityError("the database went away mid-way")

    monkeypatch.setattr(refunds_module, "credit_return", broken)
    with pytest.raises(IntegrityError):
        give_back(paid_online, "300.00")
    assert not Refund.objects.exists()
    assert Payment.objects.get(order=paid_online).refunded_paise == 0
    assert credit_balance(user=paid_online.user) == Decimal("0.00")


def test_settings_checks_name_a_bad_sandbox_refund_outcome(settings):
    from payments.checks import payment_settings_check

    settings.PAYMENT_SANDBOX_REFUND_OUTCOME = "MAYBE"
    settings.JUSPAY_STATUS_CALLS_AT_ONCE = 0
    assert {problem.id for problem in payment_settings_check(None)} >= {"payments.E004", "payments.E005"}
