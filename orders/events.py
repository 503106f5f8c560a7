"""The orders app's one announcement to the rest of the shop: `order_changed`, after commit.

Sent with `order_id: int` once a transaction that placed an order, moved it along the pipeline,
cancelled it, marked it paid, changed its lines or refunded it, or opened or decided a problem
ticket about it (`support`) has committed (never for a change
that was rolled back), and once per order per transaction however many of these it made (a
cancellation that also restores credit and refunds is one change: one signal, one broadcast to
the order's open pages, `realtime/orders.py`). The
orders app imports none of its listeners; they connect to the signal (promotions counts rewards
from it). A listener that fails is logged and does not affect the order or other listeners.
"""

import logging

from django.db import transaction
from django.dispatch import Signal

from catalog.after_commit import on_commit_once, pending
from orders.changes import LOST_AFTER, order_change_pending, order_change_stamp, order_changes_claim_and_stamp

logger = logging.getLogger(__name__)

# Sent with `order_id: int` and `cursor: int | None` (the change's place on the staff board's clock,
# `orders.changes`; None when it could not be stamped).
order_changed = Signal()


def _stamp(order_id: int) -> int | None:
    try:
        return order_change_stamp(order_id=order_id)
    except Exception:  # noqa: BLE001  (the change has committed; its pages and listeners still hear it)
        logger.exception("order %s: its change could not be stamped for the staff board", order_id)
        return None


def _send(order_id: int) -> None:
    _announce(order_id, _stamp(order_id))


def _announce(order_id: int, cursor: int | None) -> None:
    for receiver, result in order_changed.send_robust(sender=None, order_id=order_id, cursor=cursor):
        if isinstance(result, Exception):
            logger.error("order_changed receiver %r failed for order %s", receiver, order_id, exc_info=result)


def announce_order_changed(*, order_id: int) -> None:
    """Send `order_changed` for this order once the surrounding transaction commits (at once outside
    one); a second announcement of the same order in the same transaction adds nothing.

    Inside a transaction the change is also noted in it (`orders.changes.order_change_pending`), so
    a process that dies after the commit and before the announcement leaves the note behind for
    `order_changes_recover`; outside one the announcement follows at once and needs no note."""
    key = f"orders.order_changed.{order_id}"
    if pending(key) is None:
        if transaction.get_connection().in_atomic_block:
            order_change_pending(order_id=order_id)
        on_commit_once(key, lambda: _send(order_id))


def order_changes_recover(*, older_than=LOST_AFTER) -> int:
    """Stamp and announce every committed change whose own announcement was lost with its process
    (the beat task, every `orders.changes.SWEEP_EVERY`); answers how many. The notes are claimed
    and stamped in one transaction (`order_changes_claim_and_stamp`), announced after it commits.
    An order changed again meanwhile was stamped by that change, and a second stamp only moves it on
    the board's clock: nothing is done twice that matters."""
    stamped = order_changes_claim_and_stamp(older_than=older_than)
    for order_id, cursor in stamped:
        logger.warning("order %s: its change was never announced (its process died?); announcing it now", order_id)
        _announce(order_id, cursor)
    return len(stamped)
