"""The order status pipeline: placed → packed → dispatched → delivered.

The pipeline is data: `TRANSITIONS` says which step may follow which, `STEP_TIMESTAMP` where each
step records when it happened. `order_advance` is the one function that moves an order; payment is
a separate flag and never moves it.
"""

import logging

from django.db import transaction
from django.utils import timezone

from common.errors import Conflict
from orders.models import Order
from orders.sms import order_sms_after_commit

logger = logging.getLogger(__name__)

Status = Order.Status

TRANSITIONS: dict[str, str] = {
    Status.PLACED: Status.PACKED,
    Status.PACKED: Status.DISPATCHED,
    Status.DISPATCHED: Status.DELIVERED,
}

STEP_TIMESTAMP: dict[str, str] = {
    Status.PACKED: "packed_at",
    Status.DISPATCHED: "dispatched_at",
    Status.DELIVERED: "delivered_at",
}

# Steps the customer hears about by SMS.
NOTIFIED_STEPS = frozenset({Status.DISPATCHED, Status.DELIVERED})

_ORDER = list(Status.values)


def _refusal(order: Order, to_status: str) -> str:
    current = Status(order.status)
    target = Status(to_status)
    if target == current:
        return f"Order {order.public_id} is already {current.label.lower()}."
    if _ORDER.index(target) < _ORDER.index(current):
        return (
            f"Order {order.public_id} is already {current.label.lower()}; it cannot go back to {target.label.lower()}."
        )
    expected = Status(TRANSITIONS[current])
    return (
        f"Order {order.public_id} is {current.label.lower()}; it must be {expected.label.lower()} "
        f"before it can be {target.label.lower()}."
    )


def order_advance(*, order: Order, to_status: str, by=None) -> Order:
    """Move `order` one step along the pipeline and record when; 409 for any other move.

    The row is locked and re-read, so two staff members pressing the same button at once give one
    move and one 409. Returns the updated order.
    """
    if to_status not in STEP_TIMESTAMP:
        raise Conflict(f"Orders cannot be moved to '{to_status}'.", code="invalid_transition")

    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if TRANSITIONS.get(locked.status) != to_status:
            raise Conflict(_refusal(locked, to_status), code="invalid_transition", currentStatus=locked.status)
        field = STEP_TIMESTAMP[to_status]
        setattr(locked, field, timezone.now())
        locked.status = to_status
        locked.save(update_fields=["status", field])
        if to_status in NOTIFIED_STEPS:
            order_sms_after_commit(order=locked, event=to_status)

    logger.info("order %s moved to %s by %s", locked.public_id, to_status, getattr(by, "pk", None))
    for name in ("status", *STEP_TIMESTAMP.values()):
        setattr(order, name, getattr(locked, name))
    return order
