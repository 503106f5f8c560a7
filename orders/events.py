"""The orders app's one announcement to the rest of the shop: `order_changed`, after commit.

Sent with `order_id: int` once a transaction that placed an order, moved it along the pipeline,
cancelled it or marked it paid has committed (never for a change that was rolled back). The
orders app imports none of its listeners; they connect to the signal (promotions counts rewards
from it). A listener that fails is logged and does not affect the order or other listeners.
"""

import logging

from django.db import transaction
from django.dispatch import Signal

logger = logging.getLogger(__name__)

# Sent with `order_id: int`.
order_changed = Signal()


def _send(order_id: int) -> None:
    for receiver, result in order_changed.send_robust(sender=None, order_id=order_id):
        if isinstance(result, Exception):
            logger.error("order_changed receiver %r failed for order %s", receiver, order_id, exc_info=result)


def announce_order_changed(*, order_id: int) -> None:
    """Send `order_changed` for this order once the surrounding transaction commits (at once outside one)."""
    transaction.on_commit(lambda: _send(order_id), robust=True)
