"""The staff's live order board (`/admin/orderlist`, issue 27): what it lists and its bulk moves.

It stands above orders, payments and support and reads their models directly (an order's flagged
payments, its open problem ticket); it writes nothing of its own. The change cursor it reads is
written by orders on every committed change (`orders.changes`).

Reads: `board_orders` (the filtered board, with the cursor it starts from) and `board_changes`
(what changed after a cursor: the catch-up a board makes on every socket message and reconnect).
Both load a fixed number of queries however many orders they answer.

Writes: `orders_bulk_move` moves each order through `orders.pipeline.order_advance` (its row
locked, the move checked) in a transaction of its own, so one refusal does not undo the others,
and answers which moved and which did not, and why.
"""

import re
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext_lazy

from backoffice.error_codes import BackofficeErrorCode
from common.errors import DomainError, InvalidValue
from orders.changes import changes_since, current_cursor
from orders.models import Order, OrderChange
from orders.pipeline import order_advance
from orders.selectors import booking_of, credit_back_prefetch, refunds_prefetch
from payments.models import Payment, Refund
from support.models import Ticket

# A board shows at most this many orders (the newest placed); `more` says when there were more.
BOARD_MAX_ORDERS = 500
# A catch-up answers at most this many changed orders; the board asks again while `more`.
CHANGES_MAX = 500
BULK_MAX_ORDERS = 200
SEARCH_MAX_LENGTH = 100
BULK_MOVES = (Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED)
# The board's state tabs: the pipeline's statuses, and orders with a problem ticket open.
PROBLEM = "problem"
STATES = (*Order.Status.values, PROBLEM)

TOO_MANY = gettext_lazy("At most {count} orders can be moved at once.")
NOTHING_CHOSEN = gettext_lazy("Choose at least one order to move.")
SEARCH_TOO_LONG = gettext_lazy("The search can have at most {count} characters.")
UNKNOWN_ORDER = gettext_lazy("Order not found")
MOVES_TOGETHER = gettext_lazy("Orders can be moved to packed, dispatched or delivered together.")


@dataclass(frozen=True)
class BoardFilter:
    state: str = ""
    delivery_date: date | None = None
    window_id: int | None = None
    q: str = ""


@dataclass
class Board:
    orders: list[Order]
    cursor: int
    more: bool = False
    # For a catch-up: the public ids of every order that changed (shown or not, so a board drops a
    # row that no longer fits its filter) and of the orders among them that are new since `since`.
    changed: list[str] = field(default_factory=list)
    new: list[str] = field(default_factory=list)


def _open_problem() -> Exists:
    return Exists(Ticket.objects.filter(order=OuterRef("pk"), status=Ticket.Status.OPEN))


# An order still in the shop (not dispatched) whose delivery day has passed is late.
NOT_SENT = (Order.Status.PLACED, Order.Status.PACKED)


def is_late(order: Order) -> bool:
    """Placed or packed, booked for a day before today: yesterday's orders still in the shop (the
    board's rows select their booking, so this asks nothing)."""
    booking = booking_of(order)
    return order.status in NOT_SENT and booking is not None and booking.date < timezone.localdate()


def _board_queryset() -> QuerySet[Order]:
    return (
        Order.objects.select_related("user", "slot_booking__slot", "invoice_buyer")
        .prefetch_related(
            Prefetch(
                "payments",
                queryset=Payment.objects.exclude(flag=Payment.Flag.NONE).order_by("id"),
                to_attr="flagged_payments",
            ),
            # What went back to the shopper, for the order's payment state (`orders.payment_state`).
            refunds_prefetch(),
            credit_back_prefetch(),
        )
        .annotate(problem_open=_open_problem())
        .order_by("-created_at", "-id")
    )


def _paid_with_reference(reference: str) -> Exists:
    """A payment or refund of the order carries `reference`: our id given to the gateway, the
    gateway's own id, or the bank's reference on a refund (what a shopper reads off their bank app)."""
    payments = Payment.objects.filter(
        Q(gateway_order_id__iexact=reference) | Q(gateway_reference__iexact=reference), order=OuterRef("pk")
    )
    refunds = Refund.objects.filter(
        Q(unique_request_id__iexact=reference) | Q(gateway_reference__iexact=reference), order=OuterRef("pk")
    )
    return Exists(payments) | Exists(refunds)


def clean_search(q) -> str:
    text = " ".join(str(q or "").split())
    if len(text) > SEARCH_MAX_LENGTH:
        raise InvalidValue(str(SEARCH_TOO_LONG).format(count=SEARCH_MAX_LENGTH))
    return text


def _filtered(orders: QuerySet[Order], board_filter: BoardFilter) -> QuerySet[Order]:
    if board_filter.state == PROBLEM:
        orders = orders.filter(problem_open=True)
    elif board_filter.state:
        orders = orders.filter(status=board_filter.state)
    if board_filter.delivery_date is not None:
        orders = orders.filter(slot_booking__date=board_filter.delivery_date)
    if board_filter.window_id is not None:
        orders = orders.filter(slot_booking__slot__window_id=board_filter.window_id)
    q = board_filter.q
    if q:
        found = (
            Q(invoice_number__icontains=q)
            | Q(user__name__icontains=q)
            | Q(public_id=q)
            | Q(payment_reference__iexact=q)
            | _paid_with_reference(q)
        )
        digits = re.sub(r"\D", "", q)
        if len(digits) >= 4:  # a phone number or part of one, maybe written "+91 98765 43210"
            found |= Q(user__phone_no__contains=digits[-10:])
        orders = orders.filter(found)
    return orders


def board_orders(*, board_filter: BoardFilter) -> Board:
    """The board as it loads: the newest `BOARD_MAX_ORDERS` orders that fit the filter, and the
    cursor to catch up from (read first, so a change made meanwhile is caught up, never lost)."""
    cursor = current_cursor()
    orders = list(_filtered(_board_queryset(), board_filter)[: BOARD_MAX_ORDERS + 1])
    return Board(orders=orders[:BOARD_MAX_ORDERS], cursor=cursor, more=len(orders) > BOARD_MAX_ORDERS)


def board_changes(*, since: int, board_filter: BoardFilter) -> Board:
    """What changed after cursor `since`: the changed orders that fit the filter, the ids of all
    changed orders, the new ones among them, and the cursor to ask from next."""
    changes: list[OrderChange] = changes_since(since=since, limit=CHANGES_MAX + 1)
    more = len(changes) > CHANGES_MAX
    changes = changes[:CHANGES_MAX]
    if not changes:
        return Board(orders=[], cursor=since)
    ids = [change.order_id for change in changes]
    first = {change.order_id: change.first_cursor for change in changes}
    public = dict(Order.objects.filter(pk__in=ids).values_list("pk", "public_id"))
    orders = list(_filtered(_board_queryset().filter(pk__in=ids), board_filter))
    return Board(
        orders=orders,
        cursor=changes[-1].cursor,
        more=more,
        changed=[public[pk] for pk in ids if pk in public],
        new=[public[pk] for pk in ids if pk in public and first[pk] > since],
    )


@dataclass(frozen=True)
class Refusal:
    public_id: str
    invoice_number: str
    reason: str


@dataclass
class BulkMove:
    moved: list[Order] = field(default_factory=list)
    refused: list[Refusal] = field(default_factory=list)


def orders_bulk_move(*, public_ids: list[str], to_status: str, by) -> BulkMove:
    """Move each order to `to_status` (packed, dispatched or delivered: a rider back with a bag of
    paid orders, issue 48) through the pipeline, one transaction
    each (`order_advance` locks and re-reads the row, so a concurrent cancel or move wins or loses
    cleanly); answers the orders moved and, for each refused one, why, in the caller's language."""
    wanted = list(dict.fromkeys(str(public_id) for public_id in public_ids))
    if not wanted:
        raise InvalidValue(str(NOTHING_CHOSEN))
    if len(wanted) > BULK_MAX_ORDERS:
        raise InvalidValue(str(TOO_MANY).format(count=BULK_MAX_ORDERS), code=BackofficeErrorCode.TOO_MANY_ORDERS)
    if to_status not in BULK_MOVES:
        raise InvalidValue(str(MOVES_TOGETHER))
    found = {order.public_id: order for order in Order.objects.filter(public_id__in=wanted)}
    result = BulkMove()
    for public_id in wanted:
        order = found.get(public_id)
        if order is None:
            result.refused.append(Refusal(public_id=public_id, invoice_number="", reason=str(UNKNOWN_ORDER)))
            continue
        try:
            result.moved.append(order_advance(order=order, to_status=to_status, by=by))
        except DomainError as error:
            result.refused.append(
                Refusal(public_id=public_id, invoice_number=order.invoice_number, reason=str(error.message))
            )
    return result
