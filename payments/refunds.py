"""Money going back to a shopper: the one owner of "how much, and where to".

`money_back` decides, for an order whose row the caller has locked, where an amount goes:
- an Online order with a charged payment: back to that payment's source, as a pending `Refund`
  that a Celery task submits to the gateway after commit (`payments.refund_sync`);
- a cash order already paid: store credit to the order's shopper;
- an unpaid order: nowhere, the amount due just falls (the caller lowered the order's total).
Credit the order spent at checkout comes back as credit once the source is exhausted.

What can come back is capped per source: a payment's `refunded_paise` counter moves with F()
under the payment's row lock and a CHECK keeps it ≤ `captured_paise`; a cash order's credit refunds
are capped by `Order.amount_paid`, the order's row lock serialising them. More than is left is 409
`refund_exceeds_payment`, and nothing is written.

Lock order: order (the caller's), payment, credit account.
"""

import logging
from dataclasses import dataclass
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext, gettext_lazy

from common.error_codes import CommonErrorCode
from common.errors import Conflict
from common.money import to_paise, to_rupees
from common.text import clean_reason
from orders.events import announce_order_changed
from orders.models import Order
from payments.credit import (
    credit_held_paise,
    credit_refund,
    credit_restore,
    credit_return,
    order_credit_paise,
    paise_of,
)
from payments.error_codes import PaymentErrorCode
from payments.models import Payment, Refund, RefundEvent, StoreCreditEntry

logger = logging.getLogger(__name__)

REFUND_EXCEEDS = gettext_lazy("That is more than can be given back for this order: ₹{left} is left.")


@dataclass(frozen=True)
class MoneyBack:
    """Where money went back: `kind` is "refund" (to the payment's source; `credit_entry` is also
    set when part of it was credit the order had spent), "credit" (store credit) or "none"."""

    kind: str
    amount: Decimal
    refund: Refund | None = None
    credit_entry: StoreCreditEntry | None = None


def _clean_reason(reason) -> str:
    return clean_reason(
        reason,
        required_message=gettext("Please give a reason for the refund."),
        required_code=CommonErrorCode.REASON_REQUIRED,
    )


def paying_payment_locked(*, order: Order) -> Payment | None:
    """The charged, unflagged payment that paid `order`, locked FOR UPDATE; None for other orders."""
    return (
        Payment.objects.select_for_update()
        .filter(order=order, status=Payment.Status.CHARGED, flag="")
        .order_by("pk")
        .first()
    )


def _cash_left_paise(order: Order) -> int:
    """A paid cash order: what it paid less what already came back to it as store credit."""
    paid = to_paise(order.amount_paid)
    return max(0, paid - order_credit_paise(order=order)[StoreCreditEntry.Kind.REFUND])


def refund_create(*, order: Order, payment: Payment, paise: int, reason: str, by=None) -> Refund:
    """A pending refund of `paise` of `payment`, submitted to the gateway after commit.

    Locks the payment row and counts the refund on it with F(); the CHECK
    `payment_refunds_within_capture` refuses whatever the lock let through (it cannot).
    """
    # Here, not at the top: refund_sync reaches payments.tasks, which imports payments.services,
    # which imports this module.
    from payments.refund_sync import refund_submit_after_commit

    by = by if by is not None and getattr(by, "is_authenticated", False) else None
    with transaction.atomic():
        locked = Payment.objects.select_for_update().get(pk=payment.pk)
        if paise <= 0 or paise > locked.refundable_paise:
            raise Conflict(
                str(REFUND_EXCEEDS).format(left=to_rupees(max(0, locked.refundable_paise))),
                code=PaymentErrorCode.REFUND_EXCEEDS_PAYMENT,
            )
        try:
            with transaction.atomic():
                Payment.objects.filter(pk=locked.pk).update(refunded_paise=F("refunded_paise") + paise)
        except IntegrityError as error:
            raise Conflict(
                str(REFUND_EXCEEDS).format(left="0.00"), code=PaymentErrorCode.REFUND_EXCEEDS_PAYMENT
            ) from error
        refund = Refund.objects.create(order=order, payment=locked, amount_paise=paise, reason=reason, requested_by=by)
        RefundEvent.objects.create(
            refund=refund, source=RefundEvent.Source.REQUEST, from_state="", to_state=refund.state, note=reason
        )
        refund_submit_after_commit(refund=refund)
        announce_order_changed(order_id=order.pk)
    logger.info("refund %s of %s paise for order %s requested", refund.unique_request_id, paise, order.public_id)
    return refund


def _kind(refund: Refund | None, entry: StoreCreditEntry | None) -> str:
    return "refund" if refund else "credit" if entry else "none"


def money_back(*, order: Order, amount: Decimal, reason: str, by) -> MoneyBack:
    """Give `amount` of `order` back to the shopper, wherever it came from (see the module's doc).

    Call inside `transaction.atomic()` with the order row locked (`Order.objects.select_for_update()`),
    after changing the order (a reduction lowers its total first). 400 for an amount that is not a
    positive number of paise or an empty reason; 409 `refund_exceeds_payment` for more than is left.
    """
    paise = paise_of(amount)
    reason = _clean_reason(reason)
    with transaction.atomic():
        payment = paying_payment_locked(order=order)
        held = credit_held_paise(order=order)
        if payment is None and not order.is_paid:
            # Unpaid: the amount due falls. Only the part of the reduction beyond what was due
            # (credit spent on more than is now left to pay) comes back, as the credit it was.
            due_before = to_paise(order.amount_due) + paise
            from_source, from_credit = 0, min(held, paise - max(0, min(paise, due_before)))
        else:
            source_left = payment.refundable_paise if payment is not None else _cash_left_paise(order)
            from_source = min(paise, source_left)
            from_credit = paise - from_source
            if from_credit > held:
                raise Conflict(
                    str(REFUND_EXCEEDS).format(left=to_rupees(source_left + held)),
                    code=PaymentErrorCode.REFUND_EXCEEDS_PAYMENT,
                )

        refund = cash_entry = returned = None
        if from_source and payment is not None:
            refund = refund_create(order=order, payment=payment, paise=from_source, reason=reason, by=by)
        elif from_source:
            cash_entry = credit_refund(order=order, paise=from_source, reason=reason, by=by)
        if from_credit:
            returned = credit_return(order=order, paise=from_credit, reason=reason, by=by)
        credited = sum(entry.amount_paise for entry in (cash_entry, returned) if entry is not None)
        _tell_shopper(order=order, credited_paise=credited)
    entry = cash_entry or returned
    result = MoneyBack(kind=_kind(refund, entry), amount=to_rupees(paise), refund=refund, credit_entry=entry)
    logger.info("money back for order %s: %s %s (%s)", order.public_id, result.kind, result.amount, reason)
    return result


def refund_order_in_full(*, order: Order, reason: str, by) -> MoneyBack:
    """Everything still refundable of `order` back to its source, and the credit it spent back once.

    For a cancellation, with the order's row locked by the caller. An unpaid order that spent no
    credit gets `MoneyBack("none", 0)`.
    """
    reason = _clean_reason(reason)
    with transaction.atomic():
        refund = cash_entry = None
        payment = paying_payment_locked(order=order)
        if payment is not None and payment.refundable_paise > 0:
            refund = refund_create(order=order, payment=payment, paise=payment.refundable_paise, reason=reason, by=by)
        elif payment is None and order.is_paid and (cash_left := _cash_left_paise(order)) > 0:
            cash_entry = credit_refund(order=order, paise=cash_left, reason=reason, by=by)
        restored = credit_restore(order=order, by=by)
        credited = sum(entry.amount_paise for entry in (cash_entry, restored) if entry is not None)
        _tell_shopper(order=order, credited_paise=credited)
    total = credited + (refund.amount_paise if refund else 0)
    entry = cash_entry or restored
    result = MoneyBack(kind=_kind(refund, entry), amount=to_rupees(total), refund=refund, credit_entry=entry)
    logger.info("order %s given back in full: %s %s (%s)", order.public_id, result.kind, result.amount, reason)
    return result


def _tell_shopper(*, order: Order, credited_paise: int) -> None:
    """Texts the shopper, after commit, the store credit just added; a gateway refund is texted
    when the gateway says it succeeded (`payments.refund_sync`)."""
    if credited_paise <= 0:
        return
    from notifications.messages import store_credit_text
    from notifications.services import sms_after_commit
    from payments.credit import credit_balance

    user = order.user
    sms_after_commit(
        phone_no=user.phone_no,
        text=store_credit_text(
            amount=to_rupees(credited_paise),
            invoice_number=order.invoice_number,
            balance=credit_balance(user=user),
            language=user.language,
        ),
        about=f"store credit SMS for order {order.public_id}",
    )
