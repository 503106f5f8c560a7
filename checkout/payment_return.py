"""The shopper back from the gateway after paying the Online order checkout placed.

A failed payment never leaves its order behind: an Online order still placed and unpaid is cancelled
at once, its stock and delivery slot given back (`aftersale.cancellation.order_cancel`), so that
"Go Back to Cart" and a second checkout make one order, not two (issue 45). The failure page names the
cancelled order (`?cancelled=<id>`). A cash order paid with its Pay button stays as it was, to be paid
at delivery. A CHARGED that arrives after the cancellation (a webhook, reconciliation) is flagged on
the payment for a refund, never applied (`payments.services`).
"""

import logging
from urllib.parse import urlencode

from django.db import transaction

from aftersale.cancellation import order_cancel
from common.errors import Conflict
from orders.models import Order
from payments.services import FAILURE_PATH, payment_return

logger = logging.getLogger(__name__)

PAYMENT_FAILED_REASON = "The online payment failed"


def payment_returned(*, params) -> str:
    """Where the browser goes next (`payments.services.payment_return`), cancelling the order of a
    failed checkout payment first."""
    returned = payment_return(params=params)
    if not returned.failed:
        return returned.location()
    order = returned.payment.order
    if order.payment_method != Order.PaymentMethod.ONLINE:
        return returned.location()
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if locked.is_paid or locked.status != Order.Status.PLACED:
            return returned.location()
        try:
            order_cancel(order=locked, reason=PAYMENT_FAILED_REASON, by=None)
        except Conflict:  # cancelled meanwhile (the shopper, staff, the abandoned-order job)
            return returned.location()
    logger.info("order %s cancelled: its online payment failed", order.public_id)
    return returned.location(f"{FAILURE_PATH}?{urlencode({'cancelled': order.public_id})}")
