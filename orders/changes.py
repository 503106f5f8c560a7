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

The price: a process that dies between an order's commit and its stamp leaves that change off the
board until the order's next change (its pages' live update is lost the same way), and stamps wait
on each other for the few milliseconds each takes.
"""

from django.db import IntegrityError, transaction
from django.db.models import F

from orders.models import OrderChange, OrderChangeCounter

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


def order_change_stamp(*, order_id: int) -> int:
    """Give the order's committed change the next cursor; answers it. Call after the commit."""
    with transaction.atomic():
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
