"""Where an order's money stands, as My Orders shows it: the one rule, so React keeps none.

- `refunded`: money went back to the shopper (to the card or UPI it came from, or as store
  credit), whatever else happened; the answer carries how much;
- `cancelled`: cancelled with nothing to give back (an unpaid order);
- `paid`: paid and kept;
- `paid_at_delivery`: a cash order handed over and not yet recorded paid: the rider took the cash
  or UPI at the door (the order page says nothing is left to pay);
- `pay_at_delivery`: a cash order not yet paid nor delivered;
- `unpaid`: an online order not yet paid.

The order app never imports payments: the refunds and credit entries are read through the order's
reverse relations, which the selectors prefetch (`orders.selectors._orders`).
"""

from django.db import models

from common.money import to_rupees
from orders.models import Order


class PaymentState(models.TextChoices):
    REFUNDED = "refunded"
    CANCELLED = "cancelled"
    PAID = "paid"
    PAID_AT_DELIVERY = "paid_at_delivery"
    PAY_AT_DELIVERY = "pay_at_delivery"
    UNPAID = "unpaid"


# A refund the gateway refused gave nothing back; pending and in review are on their way.
REFUND_GAVE_NOTHING = "failed"


def _credit_back(order: Order):
    prefetched = getattr(order, "credit_back", None)
    if prefetched is not None:
        return prefetched
    return order.store_credit_entries.filter(amount_paise__gt=0)


def refunded_paise(order: Order) -> int:
    """What has gone back to the shopper for `order`: refunds to its source (but failed ones) and
    store credit put back against it."""
    to_source = sum(refund.amount_paise for refund in order.refunds.all() if refund.state != REFUND_GAVE_NOTHING)
    return to_source + sum(entry.amount_paise for entry in _credit_back(order))


def payment_state(order: Order) -> PaymentState:
    if refunded_paise(order) > 0:
        return PaymentState.REFUNDED
    if order.is_cancelled:
        return PaymentState.CANCELLED
    if order.is_paid:
        return PaymentState.PAID
    if order.payment_method == Order.PaymentMethod.CASH_OR_UPI:
        return PaymentState.PAID_AT_DELIVERY if order.is_delivered else PaymentState.PAY_AT_DELIVERY
    return PaymentState.UNPAID


def refunded_amount(order: Order):
    return to_rupees(refunded_paise(order))
