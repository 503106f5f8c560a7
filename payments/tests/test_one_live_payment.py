"""One live payment per order: a returning shopper resumes the open session; a new one only after
the gateway says the old one failed; a gateway's own reversal makes the order payable again."""

from decimal import Decimal

import pytest

from common.errors import Conflict
from orders.models import Order
from payments.gateways.sandbox import SandboxGateway
from payments.models import Payment, SandboxCharge
from payments.services import payment_confirm, payment_initiate
from payments.tests.conftest import post_webhook

pytestmark = pytest.mark.django_db


def start(order):
    return payment_initiate(user=order.user, public_id=order.public_id)


def test_coming_back_to_a_pending_order_resumes_its_payment(online_order):
    first, _ = start(online_order)
    again, status = start(online_order)
    assert again.pk == first.pk and again.payment_link == first.payment_link and status == "NEW"
    assert Payment.objects.filter(order=online_order).count() == 1
    assert SandboxCharge.objects.count() == 1


def test_a_new_session_only_after_the_gateway_says_the_old_one_failed(online_order):
    first, _ = start(online_order)
    SandboxGateway.settle(gateway_order_id=first.gateway_order_id, pay=False)
    second, _ = start(online_order)
    assert second.pk != first.pk
    assert Payment.objects.get(pk=first.pk).status == "failed"


def test_an_old_session_charged_meanwhile_pays_the_order_instead_of_a_new_one(online_order):
    first, _ = start(online_order)
    SandboxGateway.settle(gateway_order_id=first.gateway_order_id, pay=True)  # return and webhook lost
    with pytest.raises(Conflict) as refused:
        start(online_order)
    assert refused.value.extra["code"] == "already_paid"
    order = Order.objects.get(pk=online_order.pk)
    assert order.is_paid and order.payment_reference == first.gateway_order_id
    assert Payment.objects.filter(order=online_order).count() == 1


def test_a_gateway_that_does_not_answer_keeps_the_old_session(online_order, fake_juspay):
    first, _ = start(online_order)
    fake_juspay.fail_next(500, {"status": "error", "error_message": "down"})
    again, _ = start(online_order)
    assert again.pk == first.pk
    assert len(fake_juspay.calls("/session")) == 1


def test_a_reversal_after_charged_makes_the_order_unpaid_and_flags_the_payment(client, online_order, fake_juspay):
    payment, _ = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    payment_confirm(payment=payment, source="return")
    assert Order.objects.get(pk=online_order.pk).is_paid

    fake_juspay.set_status(payment.gateway_order_id, "AUTO_REFUNDED")
    for event_id in ("evt_rev", "evt_rev"):
        assert post_webhook(client, payment.gateway_order_id, "AUTO_REFUNDED", event_id=event_id).status_code == 200

    order = Order.objects.get(pk=online_order.pk)
    assert (order.is_paid, order.paid_at, order.payment_reference, order.amount_paid) == (False, None, None, 0)
    payment.refresh_from_db()
    assert payment.flag == Payment.Flag.REVERSED and payment.refundable_paise == 0
    assert payment.events.filter(note=Payment.Flag.REVERSED.label).count() == 1


def test_an_order_with_nothing_due_starts_no_payment(online_order, monkeypatch):
    """An order whose store credit covers it (or a reduction took below what credit paid) owes nothing."""
    monkeypatch.setattr(Order, "amount_due", property(lambda order: order.total_price - order.total_price))
    with pytest.raises(Conflict) as refused:
        start(online_order)
    assert refused.value.extra["code"] == "nothing_due"
    assert not Payment.objects.exists()


def test_a_charge_after_the_order_was_cancelled_is_refunded_at_once_and_stays_flagged(
    online_order, admin_user, django_capture_on_commit_callbacks, sms_outbox
):
    from payments.services import payment_return

    payment, _ = start(online_order)
    from aftersale.cancellation import order_cancel

    order_cancel(order=online_order, reason="Out of stock", by=admin_user)
    params = SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    with django_capture_on_commit_callbacks(execute=True):
        assert payment_return(params=params).location() == "/payment/failure"

    payment.refresh_from_db()
    assert (payment.status, payment.flag) == ("charged", Payment.Flag.CHARGED_AFTER_CANCEL)
    (refund,) = payment.refunds.all()
    assert (refund.amount_paise, refund.state, refund.reason) == (
        29100,
        "succeeded",
        "Charged after the order was cancelled",
    )
    assert not Order.objects.get(pk=online_order.pk).is_paid
    assert any(text.startswith("₹291.00 refunded") for text in sms_outbox(online_order.user.phone_no))


def test_a_second_capture_while_the_first_is_pending_leaves_the_order_paid_once_and_gives_the_other_back(
    online_order, fake_juspay, django_capture_on_commit_callbacks
):
    """Issue 33.9: the first session still pending, the order comes to owe less (a line taken off at
    packing), so a second session pays it; then the first is captured too. The order keeps the
    second payment; the first is flagged and its money goes back at once: it could pay nothing,
    whatever its amount (it used to be flagged as a wrong amount and left to staff)."""
    first, _ = start(online_order)
    fake_juspay.set_status(first.gateway_order_id, "PENDING_VBV")
    payment_confirm(payment=first, source="return")
    assert Payment.objects.get(pk=first.pk).status == "pending"
    Order.objects.filter(pk=online_order.pk).update(items_price=Decimal("145.50"), total_price=Decimal("145.50"))

    second, _ = start(Order.objects.get(pk=online_order.pk))
    assert second.pk != first.pk and second.amount == Decimal("145.50")
    fake_juspay.set_status(second.gateway_order_id, "CHARGED")
    payment_confirm(payment=second, source="return")
    fake_juspay.set_status(first.gateway_order_id, "CHARGED")
    with django_capture_on_commit_callbacks(execute=True):
        assert payment_confirm(payment=Payment.objects.get(pk=first.pk), source="webhook").changed

    order = Order.objects.get(pk=online_order.pk)
    assert order.is_paid and order.payment_reference == second.gateway_order_id
    assert order.amount_paid == Decimal("145.50")
    first.refresh_from_db()
    assert (first.status, first.flag) == ("charged", Payment.Flag.ALREADY_PAID)
    (refund,) = first.refunds.all()
    assert refund.amount == Decimal("291.00")
    assert not Payment.objects.get(pk=second.pk).refunds.exists()


def test_a_reversal_of_the_payment_that_did_not_pay_the_order_leaves_the_order_paid(
    client, online_order, fake_juspay, django_capture_on_commit_callbacks
):
    """AUTO_REFUNDED after CHARGED on a payment that was not the order's: the order stays paid by the
    other, and the reversed one is flagged with nothing left to refund."""
    first, _ = start(online_order)
    fake_juspay.set_status(first.gateway_order_id, "AUTHORIZATION_FAILED")
    payment_confirm(payment=first, source="return")
    second, _ = start(online_order)
    fake_juspay.set_status(second.gateway_order_id, "CHARGED")
    payment_confirm(payment=second, source="return")
    fake_juspay.set_status(first.gateway_order_id, "CHARGED")
    with django_capture_on_commit_callbacks(execute=True):
        payment_confirm(payment=Payment.objects.get(pk=first.pk), source="webhook")
    fake_juspay.set_status(first.gateway_order_id, "AUTO_REFUNDED")
    assert post_webhook(client, first.gateway_order_id, "AUTO_REFUNDED", event_id="evt_rev").status_code == 200

    order = Order.objects.get(pk=online_order.pk)
    assert order.is_paid and order.payment_reference == second.gateway_order_id
    first.refresh_from_db()
    assert first.flag == Payment.Flag.REVERSED and first.refundable_paise == 0
