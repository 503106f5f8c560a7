"""Cancelling an order with its money back: the flow that moves an order, its stock and money together.

It sits above `orders` and `payments` (neither imports it): orders owns the move (`orders.pipeline`
`order_cancel_move`: the row lock, the check, the history, stock and slot back) and the GST credit
note (`orders.credit_notes`); payments owns where money goes back (`payments.refunds`). Before this
app, orders reached payments through an import inside `_money_back`; now the arrow points one way.

One transaction, in the lock order every writer keeps: the order row, the packs (stock back), the
slot, then the payment and the credit account (`payments.refunds`), then the credit note's series.
Anything failing on the way leaves stock, money and documents as they were.
"""

import logging
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from common.errors import Conflict
from orders.credit_notes import credit_note_issue_for_rest
from orders.models import Order
from orders.pipeline import cancel_reason_for, copy_progress, order_cancel_move
from orders.sms import order_cancelled_sms_after_commit
from payments.models import Payment, PaymentEvent
from payments.refunds import refund_order_in_full
from payments.selectors import abandoned_online_orders
from payments.services import payment_confirm

logger = logging.getLogger(__name__)

ZERO = Decimal("0.00")
ABANDONED_REASON = "Not paid online within {minutes} minutes"


def order_cancel(*, order: Order, reason: str, by=None) -> Order:
    """Cancel an order: staff while placed or packed, the customer who placed it while placed.

    In one transaction, with the order row locked and re-read (so of two concurrent cancels one
    wins and the other gets a 409, as does cancelling too late): every line's stock goes back to
    the shelf exactly once, and so does its delivery slot's place (`orders.pipeline`); what was paid
    comes back (`refund_order_in_full`: an online payment is refunded to its source, a cash payment
    becomes store credit, store credit the order spent is restored), with a GST credit note for
    everything still on the order; the reason and time are recorded on the order and in its
    history. Once it commits, the customer gets an SMS in their language saying what comes back.
    No fee is kept. `by` is the staff member or customer, or None for the system (an abandoned
    online payment). A customer need not give a reason.
    """
    reason = cancel_reason_for(reason, by=by)
    with transaction.atomic():
        locked = order_cancel_move(order=order, reason=reason, by=by)
        refunded = _money_back(order=locked, reason=reason, by=by)
        order_cancelled_sms_after_commit(order=locked, refund=refunded)
    logger.info("order %s cancelled by %s: %s", locked.public_id, getattr(by, "pk", None), reason)
    return copy_progress(to=order, source=locked)


def _money_back(*, order: Order, reason: str, by) -> Decimal:
    """Give back what a cancelled order was paid (and the store credit it spent), with a credit
    note for the rest of the order; answers what goes back to the payment's source. (Store credit
    given back is texted by `payments.refunds` itself.)"""
    if not (order.is_paid or order.store_credit_applied):
        return ZERO
    back = refund_order_in_full(order=order, reason=reason, by=by)
    credit_note_issue_for_rest(order=order, reason=reason, by=by)
    return back.refund.amount if back.refund is not None else ZERO


def orders_cancel_abandoned(*, now: datetime | None = None) -> list[Order]:
    """Cancel Online orders still unpaid UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES after placement.

    Each order's open payments are asked about first (`payments.services.payment_confirm`), so a
    payment whose return and webhooks were lost pays its order instead of cancelling it; an order
    whose gateway does not answer waits for the next run. The cancellation itself (stock back once,
    the credit it spent back, history, SMS) is `order_cancel`; a CHARGED arriving after it is
    flagged on the payment, never applied. (It lived in payments, which may not call a flow above
    it.)
    """
    minutes = settings.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES
    placed_before = (now or timezone.now()) - timedelta(minutes=minutes)
    cancelled: list[Order] = []
    for order in abandoned_online_orders(placed_before=placed_before):
        answers = [
            payment_confirm(payment=payment, source=PaymentEvent.Source.ABANDON)
            for payment in order.payments.exclude(status=Payment.Status.CHARGED)
        ]
        if any(answer.error for answer in answers):
            logger.warning("order %s kept for now: its gateway did not answer", order.public_id)
            continue
        with transaction.atomic():
            locked = Order.objects.select_for_update().get(pk=order.pk)
            if locked.is_paid or locked.status != Order.Status.PLACED:
                continue
            try:
                order_cancel(order=locked, reason=ABANDONED_REASON.format(minutes=minutes), by=None)
            except Conflict:
                continue  # cancelled meanwhile by someone else
        cancelled.append(locked)
    return cancelled
