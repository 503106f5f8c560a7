"""The customer's order SMS: the texts, in one place, sent through accounts' SMS task.

Messages go out only after the order's transaction commits, and nothing that goes wrong while
sending (a broker that is down, a provider error) can undo or fail the order.
"""

import logging
from decimal import Decimal

from django.conf import settings
from django.db import transaction

from accounts.tasks import send_sms
from orders.models import Order

logger = logging.getLogger(__name__)

SMS_TEXTS: dict[str, str] = {
    Order.Status.PLACED: (
        "Your {store} order {order_id} for ₹{total} is placed. We will deliver it within 24 hours. "
        "Track it at {site}/order/{order_id}"
    ),
    Order.Status.DISPATCHED: "Your {store} order {order_id} is dispatched and on its way to you.",
    Order.Status.DELIVERED: "Your {store} order {order_id} is delivered. Thank you for shopping with {store}!",
    Order.Status.CANCELLED: ("Your {store} order {order_id} is cancelled: {reason} Questions? Call {phone}."),
}


def rupees(amount: Decimal) -> str:
    """`1234567.5` → `12,34,567.50` (Indian digit grouping, two decimals)."""
    whole, fraction = f"{Decimal(amount):.2f}".split(".")
    sign = "-" if whole.startswith("-") else ""
    whole = whole.lstrip("-")
    if len(whole) > 3:
        head, tail = whole[:-3], whole[-3:]
        groups = []
        while len(head) > 2:
            groups.insert(0, head[-2:])
            head = head[:-2]
        if head:
            groups.insert(0, head)
        whole = ",".join([*groups, tail])
    return f"{sign}{whole}.{fraction}"


def order_sms_text(*, order: Order, event: str) -> str:
    return SMS_TEXTS[event].format(
        store=settings.STORE_NAME,
        order_id=order.public_id,
        total=rupees(order.total_price),
        site=settings.SITE_URL.rstrip("/"),
        reason=order.cancel_reason.rstrip(".") + ".",
        phone=settings.STORE_SUPPORT_PHONE,
    )


def _send(phone_no: str, text: str, public_id: str, event: str) -> None:
    try:
        send_sms.delay(phone_no, text)
    except Exception:
        logger.exception("could not queue the %s SMS for order %s", event, public_id)


def order_sms_after_commit(*, order: Order, event: str) -> None:
    """Queue the `event` SMS to the order's customer once the surrounding transaction commits."""
    text = order_sms_text(order=order, event=event)
    phone_no = order.user.phone_no
    public_id = order.public_id
    transaction.on_commit(lambda: _send(phone_no, text, public_id, event), robust=True)
