"""The staff board's clock: a cursor that moves on every committed order change (issue 27).

The live board (`/admin/orderlist`) hears `orderChanged` with a cursor on the staff socket and asks
`GET /api/orders/board?since=<cursor>` for what changed after the last cursor it saw, on every
(re)connect too, so a dropped socket misses nothing. The cursor must be the database's, not a
process's (several ws and web processes run), and a reader must never see cursor N before every
cursor below N is visible, or a change committed late would fall behind a client's cursor for good.

So the cursor is handed out after the change commits (`events._send`), in a small transaction of
its own that first bumps the one counter row (`OrderChangeCounter`): the row lock (PostgreSQL) or
the write lock (SQLite) is held until that transaction commits, so cursors become visible in the
order they were handed out. The order's `OrderChange` row then holds its latest cursor (and its
first, its placement's: what makes it "new" to a board).

A process that dies between an order's commit and its stamp must not lose the change (issue 46),
so the change also writes an `OrderChangePending` row in its own transaction (`order_change_pending`):
the stamp deletes it, and one still there `LOST_AFTER` after it was written belongs to a stamp that
never ran, which the beat task (every `SWEEP_EVERY`) stamps and announces then
(`orders.events.order_changes_recover`): a change lost with its process reaches the board within
`LOST_AFTER + SWEEP_EVERY` (10 s). A sweep claims the notes it stamps (`FOR UPDATE SKIP LOCKED`, in
the stamps' transaction), so two sweeps running at once never stamp the same note twice, and a note
still held by a change committing (or by its own stamp) is left to it. Stamps wait on each other
for the few milliseconds each takes.
"""

from datetime import timedelta

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from orders.models import OrderChange, OrderChangeCounter, OrderChangePending

# A pending change this old has lost its stamp (a stamp runs milliseconds after the commit).
LOST_AFTER = timedelta(seconds=5)
# How often the beat task sweeps for lost stamps (CELERY_BEAT_SCHEDULE reads it).
SWEEP_EVERY = timedelta(seconds=5)
# Notes one sweep claims; the next sweep takes the rest.
SWEEP_LIMIT = 200

COUNTER_ID = 1


def _next_cursor() -> int:
    """Bump the counter (its lock is held until the caller's transaction commits) and read it."""
    counters = OrderChangeCounter.objects.filter(pk=COUNTER_ID)
    if not counters.update(last=F("last") + 1):
        try:
            with transaction.atomic():
                OrderChangeCounter.objects.create(pk=COUNTER_ID, last=0)
        except IntegrityError:
            pass  # another stamp made it first
        counters.update(last=F("last") + 1)
    return counters.values_list("last", flat=True).get()


def order_change_pending(*, order_id: int) -> None:
    """Note, in the change's own transaction, that the order changed: commits or rolls back with it."""
    OrderChangePending.objects.bulk_create(
        [OrderChangePending(order_id=order_id, at=timezone.now())],
        update_conflicts=True,
        unique_fields=["order"],
        update_fields=["at"],
    )


def order_change_stamp(*, order_id: int) -> int:
    """Give the order's committed change the next cursor; answers it. Call after the commit.

    Its pending note goes first, before the counter's lock is taken: a change of the same order
    still committing holds that note's row, and only this order's stamp waits for it."""
    with transaction.atomic():
        OrderChangePending.objects.filter(order_id=order_id).delete()
        cursor = _next_cursor()
        OrderChange.objects.bulk_create(
            [OrderChange(order_id=order_id, cursor=cursor, first_cursor=cursor)],
            update_conflicts=True,
            unique_fields=["order"],
            update_fields=["cursor"],
        )
    return cursor


def current_cursor() -> int:
    """The latest cursor handed out (0 before any): where a board that loads now starts."""
    return OrderChangeCounter.objects.filter(pk=COUNTER_ID).values_list("last", flat=True).first() or 0


def changes_since(*, since: int, limit: int) -> list[OrderChange]:
    """The orders changed after `since`, oldest change first, at most `limit` of them."""
    return list(OrderChange.objects.filter(cursor__gt=since).order_by("cursor")[:limit])


def order_changes_claim_and_stamp(
    *, older_than: timedelta = LOST_AFTER, limit: int = SWEEP_LIMIT
) -> list[tuple[int, int]]:
    """Claim the notes older than `older_than` that no one else holds (skip-locked: a change still
    committing, a stamp running, another sweep) and stamp each in the same transaction; answers
    [(order id, cursor)], oldest note first. Announce them once this has returned (committed)."""
    moment = timezone.now() - older_than
    with transaction.atomic():
        claimed = list(
            OrderChangePending.objects.select_for_update(skip_locked=True)
            .filter(at__lte=moment)
            .order_by("at")
            .values_list("order_id", flat=True)[:limit]
        )
        return [(order_id, order_change_stamp(order_id=order_id)) for order_id in claimed]


def order_changes_lost(*, older_than: timedelta = LOST_AFTER) -> list[int]:
    """The orders whose committed change was never stamped (its process died), oldest first."""
    moment = timezone.now() - older_than
    return list(OrderChangePending.objects.filter(at__lte=moment).order_by("at").values_list("order_id", flat=True))
