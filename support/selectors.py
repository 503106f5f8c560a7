"""Reads for support tickets. Each loads its tickets with their lines, order lines, order and
shopper in a fixed number of queries, however many tickets or lines there are."""

from dataclasses import dataclass
from datetime import datetime

from django.db.models import Prefetch, QuerySet
from django.utils import timezone

from accounts.roles import is_owner
from common.errors import NotFound
from common.pagination import TICKET_LIST, Page, paginate
from orders.models import Order, OrderItem
from orders.selectors import ORDER_NOT_FOUND
from support.clocks import overdue_first
from support.models import Ticket, TicketLine
from support.services import TICKET_NOT_FOUND, packs_reportable, report_deadline, report_refusal

MAX_NUMBER_LENGTH = 20


def _tickets() -> QuerySet[Ticket]:
    lines = TicketLine.objects.select_related("order_item").order_by("id")
    return Ticket.objects.select_related("user", "order", "decided_by").prefetch_related(
        Prefetch("lines", queryset=lines)
    )


def tickets_for_user(*, user, public_id: str | None = None) -> list[Ticket]:
    """The shopper's own tickets (of one order, if given), newest first."""
    tickets = _tickets().filter(user=user).order_by("-opened_at", "-id")
    if public_id:
        tickets = tickets.filter(order__public_id=str(public_id)[:21])
    return list(tickets)


def ticket_get_for(*, user, number: str) -> Ticket:
    """The ticket, for its shopper or staff; anyone else is told it does not exist."""
    number = str(number)
    tickets = _tickets().filter(number=number[:MAX_NUMBER_LENGTH])
    if not is_owner(user):
        tickets = tickets.filter(user=user)
    ticket = tickets.first() if len(number) <= MAX_NUMBER_LENGTH else None
    if ticket is None:
        raise NotFound(TICKET_NOT_FOUND)
    return ticket


def tickets_for_admin(
    *, status: str | None = None, page: int = 1, page_size: int = TICKET_LIST.default
) -> Page[Ticket]:
    """The staff queue: tickets (of one status, if given), those past a clock first (`clocks`), then
    the oldest, one page at a time."""
    tickets = overdue_first(_tickets())
    if status:
        tickets = tickets.filter(status=status)
    return paginate(tickets, page=page, page_size=page_size)


@dataclass(frozen=True)
class ReportableLine:
    item: OrderItem
    reportable: int  # packs that may still be reported (0: every pack already given back)
    open_ticket: str | None  # the open report this line is in, if any


@dataclass(frozen=True)
class OrderReportState:
    """What the report page shows: whether the order can be reported about, until when, its lines
    with what is left to report, and the shopper's tickets about it."""

    order: Order
    deadline: datetime | None
    refusal: str | None
    lines: list[ReportableLine]
    tickets: list[Ticket]


def order_report_state(*, user, public_id: str) -> OrderReportState:
    """The report page's state for the shopper's own order (404 for anyone else's, staff included:
    only the shopper reports)."""
    order = Order.objects.filter(public_id=str(public_id)[:21], user=user).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    items = list(order.items.all())
    reportable = packs_reportable(items=items)
    tickets = tickets_for_user(user=user, public_id=order.public_id)
    open_by_item = {
        line.order_item_id: ticket.number for ticket in tickets if ticket.is_open for line in ticket.lines.all()
    }
    lines = [
        ReportableLine(
            item=item,
            reportable=reportable[item.pk],
            open_ticket=open_by_item.get(item.pk),
        )
        for item in items
    ]
    return OrderReportState(
        order=order,
        deadline=report_deadline(order),
        refusal=report_refusal(order=order, now=timezone.now()),
        lines=lines,
        tickets=tickets,
    )
