"""A manual refund outside a ticket: staff give back part of what a shopper paid for an order
(a late delivery, a bruised mango the shopper kept), with a reason.

Who may give how much is payments' one rule (`payments.credit.goodwill_check`: the owner or
manager any amount, a cashier up to `GOODWILL_CASHIER_LIMIT`), the same rule goodwill store credit
asks; where the money goes and how much is left is payments' one owner of money back
(`payments.refunds.money_back`: an online payment is refunded to its source, a paid cash order
gets store credit, credit the order spent comes back as credit once the source is exhausted; more
than is left is 409 `refund_exceeds_payment`). Nothing here decides either.

No GST credit note: a credit note gives back packs off the invoice (`orders.credit_notes`), and a
goodwill refund returns no packs; a refund for packs goes through a problem report, whose
approval issues one.

Lock order, as every money-back path keeps it: the order row, then the payment and the credit
account (inside `money_back`).
"""

import logging

from django.db import transaction
from django.utils.translation import gettext_lazy

from aftersale.error_codes import AftersaleErrorCode
from common.errors import Conflict
from common.money import to_rupees
from orders.models import Order
from payments.credit import goodwill_check
from payments.refunds import MoneyBack, money_back

logger = logging.getLogger(__name__)

ORDER_UNPAID = gettext_lazy("Order {order} is not paid yet, so nothing can be given back.")


def order_refund_manual(*, order: Order, actor, amount, reason: str) -> MoneyBack:
    """Give `amount` of a paid `order` back to its shopper, with a reason, within `actor`'s limit.

    403 for a role that may not (or a cashier over the limit), 400 for a bad amount or no reason,
    409 `order_unpaid` for an order not paid, 409 `refund_exceeds_payment` for more than is left;
    nothing is written when refused. A retry of the same request is the API's Idempotency-Key's.
    """
    paise, reason = goodwill_check(actor=actor, amount=amount, reason=reason)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if not locked.is_paid:
            raise Conflict(str(ORDER_UNPAID).format(order=locked.invoice_number), code=AftersaleErrorCode.ORDER_UNPAID)
        back = money_back(order=locked, amount=to_rupees(paise), reason=reason, by=actor)
    logger.info("manual refund for order %s by %s: %s %s", locked.invoice_number, actor.pk, back.kind, back.amount)
    return back
