"""Writes for orders: the invoice number, payment state (`order_mark_paid`, the one writer of
`is_paid`) and a cash payment recorded by staff.

Placing an order (pricing, stock, store credit) is `checkout.placement`, above orders and payments;
moving an order along placed → packed → dispatched → delivered is `orders.pipeline`, and cancelling
it with its money back is `aftersale.cancellation`.
"""

import logging
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.roles import Role, has_role
from common.errors import Conflict, Forbidden
from orders.events import announce_order_changed
from orders.models import Order

logger = logging.getLogger(__name__)

PAYMENT_BY_GATEWAY = gettext_lazy("Payments are confirmed by the payment gateway.")


def order_mark_paid(*, order: Order, reference: str, by=None) -> Order:
    """The one writer of `is_paid`, `paid_at`, `payment_reference` and `amount_paid`.

    The caller holds the order's row lock (`Order.objects.select_for_update()`) inside its
    transaction: the cash path below and the gateway's confirmation in `payments.services`. The
    amount paid is the amount due now (never below 0); `order_changed` is announced after commit.
    """
    if order.is_paid:
        raise Conflict(
            gettext("Order {order} is already paid.").format(order=order.invoice_number), code="already_paid"
        )
    order.is_paid = True
    order.paid_at = timezone.now()
    order.payment_reference = reference
    order.amount_paid = max(order.amount_due, Decimal("0.00"))
    order.save(update_fields=["is_paid", "paid_at", "payment_reference", "amount_paid"])
    announce_order_changed(order_id=order.pk)
    logger.info(
        "order %s paid (%s) for %s, by %s", order.public_id, reference, order.amount_paid, getattr(by, "pk", None)
    )
    return order


def order_mark_unpaid(*, order: Order, reason: str, by=None) -> Order:
    """The gateway took the money back by itself (a reversal after CHARGED): the order is due again.

    Same lock rule as `order_mark_paid`; the reason is logged (the payment's history keeps the
    gateway's answer).
    """
    if not order.is_paid:
        return order
    order.is_paid = False
    order.paid_at = None
    order.payment_reference = None
    order.amount_paid = Decimal("0.00")
    order.save(update_fields=["is_paid", "paid_at", "payment_reference", "amount_paid"])
    announce_order_changed(order_id=order.pk)
    logger.warning("order %s is unpaid again (by %s): %s", order.public_id, getattr(by, "pk", None), reason)
    return order


def order_record_cash_payment(*, order: Order, by) -> Order:
    """Staff record a cash (or UPI at the door) payment; a customer's word never marks an order paid."""
    if not has_role(by, Role.CASHIER, Role.RIDER):
        raise Forbidden(PAYMENT_BY_GATEWAY)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        order_mark_paid(order=locked, reference=f"CASH-{locked.invoice_number}", by=by)
    logger.info("cash payment recorded for order %s by %s", locked.public_id, by.pk)
    for name in ("is_paid", "paid_at", "payment_reference", "amount_paid"):
        setattr(order, name, getattr(locked, name))
    return order
