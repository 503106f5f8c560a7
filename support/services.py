"""Writes for support tickets: a shopper opens a problem report about a delivered order, staff
reject it with a reason. Approving one moves money (a GST credit note and the money back, in one
transaction), so it is `aftersale.problem_reports.ticket_approve`, above support and payments, built
on the ticket's lock, decision and text here.

Locks, always in this order: the order's row, then the ticket's, then the ticket number sequence.
Opening a report locks the order, so two reports of the same line cannot both pass the "one open
report per line" check; deciding locks the order (as `money_back` and the credit note expect) and
then the ticket, so of five staff approving the same ticket at once one decides and four get 409.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.db.models import F, Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy

from catalog.error_codes import CatalogErrorCode
from catalog.labels import pack_label
from common.dates import format_date
from common.errors import Conflict, InvalidValue, NotFound
from common.money import round_to_paise
from common.text import REASON_MAX_LENGTH, clean_text
from notifications.messages import ticket_text
from notifications.services import sms_after_commit
from orders.credit_notes import packs_left_to_credit
from orders.events import announce_order_changed
from orders.models import Order, OrderItem
from orders.selectors import ORDER_NOT_FOUND
from support.error_codes import SupportErrorCode
from support.models import Ticket, TicketLine, TicketSequence
from support.photos import ticket_photo_checked

logger = logging.getLogger(__name__)

TICKET_PREFIX = "T"
TEXT_MAX_LENGTH = Ticket._meta.get_field("text").max_length
MAX_LINES = 50

TICKET_NOT_FOUND = gettext_lazy("Ticket not found")
LINE_NOT_FOUND = gettext_lazy("That item is not in this order.")
NO_LINES = gettext_lazy("Please choose at least one item and what is wrong with it.")
LINE_TWICE = gettext_lazy("Each item can be reported once in a report.")
PROBLEM_UNKNOWN = gettext_lazy("Please choose what is wrong: missing, damaged, wrong item, expired or other.")
QUANTITY_RANGE = gettext_lazy("The number of packs for {item} must be between 1 and {most}.")
NOTHING_LEFT = gettext_lazy("Every pack of {item} has already been refunded.")
NOT_DELIVERED = gettext_lazy("You can report a problem once the order is delivered.")
WINDOW_CLOSED = gettext_lazy(
    "Problems can be reported within {hours} hours of delivery; this order was delivered on {date}."
)
ALREADY_OPEN = gettext_lazy("{item} is already in an open report ({ticket}).")
ALREADY_DECIDED = gettext_lazy("Ticket {ticket} is already {status}.")
REASON_LABEL = gettext_lazy("The reason")
TEXT_LABEL = gettext_lazy("Your description")


def report_window() -> timedelta:
    """How long after delivery a problem may be reported (`SUPPORT_REPORT_WINDOW_HOURS`, 48)."""
    return timedelta(hours=settings.SUPPORT_REPORT_WINDOW_HOURS)


def report_deadline(order: Order) -> datetime | None:
    return order.delivered_at + report_window() if order.delivered_at else None


@dataclass(frozen=True)
class ReportedLine:
    item_id: int
    problem: str
    quantity: int


def _item_label(item: OrderItem) -> str:
    return pack_label(item, named=True)


def packs_reportable(*, items: Sequence[OrderItem]) -> dict[int, int]:
    """Per order line, the packs that may still be reported: the line's packs less those approved
    tickets gave back, and never more than the packs no credit note has given back yet (a line a
    cancellation or packing already credited)."""
    rows = (
        TicketLine.objects.filter(order_item__in=items, ticket__status=Ticket.Status.APPROVED)
        .values("order_item_id")
        .annotate(packs=Sum("quantity"))
    )
    approved = {row["order_item_id"]: row["packs"] for row in rows}
    uncredited = packs_left_to_credit(items=items)
    return {item.pk: max(min(item.qty - approved.get(item.pk, 0), uncredited[item.pk]), 0) for item in items}


def report_refusal(*, order: Order, now: datetime | None = None) -> str | None:
    """Why `order` cannot be reported about now (in the active language), or None when it can."""
    if order.status != Order.Status.DELIVERED or order.delivered_at is None:
        return str(NOT_DELIVERED)
    if (now or timezone.now()) > report_deadline(order):
        delivered_on = format_date(order.delivered_at)
        return WINDOW_CLOSED.format(hours=int(report_window().total_seconds() // 3600), date=delivered_on)
    return None


def next_ticket_number() -> str:
    """`T-2026-000123`: numbered without gaps within a year (a rolled-back ticket frees its number);
    problem reports and grievances share the sequence, as they share the queue."""
    year = timezone.localdate().year
    bumped = TicketSequence.objects.filter(year=year).update(last_number=F("last_number") + 1)
    if not bumped:
        TicketSequence.objects.bulk_create([TicketSequence(year=year, last_number=0)], ignore_conflicts=True)
        TicketSequence.objects.filter(year=year).update(last_number=F("last_number") + 1)
    number = TicketSequence.objects.values_list("last_number", flat=True).get(year=year)
    return f"{TICKET_PREFIX}-{year}-{number:06d}"


def _checked_lines(lines: Sequence[ReportedLine]) -> list[ReportedLine]:
    if not lines:
        raise InvalidValue(NO_LINES)
    if len(lines) > MAX_LINES:
        raise InvalidValue(LINE_TWICE)
    if len({line.item_id for line in lines}) != len(lines):
        raise InvalidValue(LINE_TWICE)
    if any(line.problem not in TicketLine.Problem.values for line in lines):
        raise InvalidValue(PROBLEM_UNKNOWN)
    return list(lines)


def ticket_open_problem_report(
    *, user, public_id: str, lines: Sequence[ReportedLine], text: str = "", photo: str = ""
) -> Ticket:
    """Open a problem report about the shopper's own delivered order, within the report window.

    404 for an order (or a line) that is not theirs; 409 when the order is not delivered, the
    window has closed, or a line is already in an open report; 400 for a number of packs outside
    1..what is left of the line (packs an approved ticket gave back are not reported twice).
    The ticket number is sent by SMS once the report commits.
    """
    lines = _checked_lines(lines)
    text = clean_text(text, label=TEXT_LABEL, max_length=TEXT_MAX_LENGTH, required=False)
    stored_photo = ticket_photo_checked(photo)
    with transaction.atomic():
        order = Order.objects.select_for_update().filter(public_id=str(public_id)[:21], user=user).first()
        if order is None:
            raise NotFound(ORDER_NOT_FOUND)
        refusal = report_refusal(order=order)
        if refusal:
            code = (
                CatalogErrorCode.NOT_DELIVERED
                if order.status != Order.Status.DELIVERED
                else SupportErrorCode.REPORT_WINDOW_CLOSED
            )
            raise Conflict(refusal, code=code)
        items = {item.pk: item for item in order.items.all()}
        if any(line.item_id not in items for line in lines):
            raise NotFound(LINE_NOT_FOUND)
        reported = [items[line.item_id] for line in lines]
        already_open = (
            TicketLine.objects.filter(order_item__in=reported, ticket__status=Ticket.Status.OPEN)
            .select_related("ticket", "order_item")
            .first()
        )
        if already_open:
            raise Conflict(
                ALREADY_OPEN.format(item=_item_label(already_open.order_item), ticket=already_open.ticket.number),
                code=SupportErrorCode.ALREADY_REPORTED,
                ticket=already_open.ticket.number,
            )
        reportable = packs_reportable(items=reported)
        for line in lines:
            item = items[line.item_id]
            most = reportable[item.pk]
            if most <= 0:
                raise Conflict(NOTHING_LEFT.format(item=_item_label(item)), code=SupportErrorCode.ALREADY_REFUNDED)
            if not 1 <= line.quantity <= most:
                raise InvalidValue(QUANTITY_RANGE.format(item=_item_label(item), most=most))
        ticket = Ticket.objects.create(
            number=next_ticket_number(),
            kind=Ticket.Kind.PROBLEM_REPORT,
            user=user,
            order=order,
            text=text,
            photo=stored_photo.image if stored_photo else "",
            photo_thumbnail=stored_photo.thumbnail if stored_photo else "",
        )
        TicketLine.objects.bulk_create(
            TicketLine(ticket=ticket, order_item=items[line.item_id], problem=line.problem, quantity=line.quantity)
            for line in lines
        )
        ticket_text_shopper(ticket=ticket, event="opened")
        # The staff board shows the order with a problem open.
        announce_order_changed(order_id=order.pk)
    logger.info("ticket %s opened by %s about order %s", ticket.number, user.pk, order.public_id)
    return ticket


def ticket_claim_value(*, ticket: Ticket) -> Decimal:
    """What the reported packs cost the shopper: the most an approval gives back."""
    total = sum(
        (line.order_item.price * line.quantity for line in ticket.lines.select_related("order_item")), Decimal("0")
    )
    return round_to_paise(total)


def ticket_locked(number: str) -> tuple[Order | None, Ticket]:
    """The ticket's order row, then the ticket's row, locked in that order."""
    found = Ticket.objects.filter(number=str(number)[:20]).values_list("pk", "order_id").first()
    if found is None:
        raise NotFound(TICKET_NOT_FOUND)
    ticket_pk, order_pk = found
    order = Order.objects.select_for_update().get(pk=order_pk) if order_pk else None
    return order, Ticket.objects.select_for_update().get(pk=ticket_pk)


def ticket_still_open(ticket: Ticket) -> None:
    if not ticket.is_open:
        status = Ticket.Status(ticket.status).label.lower()
        raise Conflict(
            ALREADY_DECIDED.format(ticket=ticket.number, status=status),
            code=SupportErrorCode.TICKET_DECIDED,
            status=ticket.status,
        )


def ticket_decide(ticket: Ticket, *, by, status: str, now: datetime) -> None:
    ticket.status = status
    ticket.resolved_at = now
    ticket.acknowledged_at = ticket.acknowledged_at or now
    ticket.decided_by = by if getattr(by, "is_authenticated", False) else None


def ticket_reject(*, number: str, by, reason: str) -> Ticket:
    """Reject an open ticket with a reason the shopper reads (on the report page and by SMS)."""
    reason = clean_text(reason, label=REASON_LABEL, max_length=REASON_MAX_LENGTH)
    with transaction.atomic():
        _, ticket = ticket_locked(number)
        ticket_still_open(ticket)
        ticket_decide(ticket, by=by, status=Ticket.Status.REJECTED, now=timezone.now())
        ticket.decision_reason = reason
        ticket.save()
        if ticket.order_id is not None:
            announce_order_changed(order_id=ticket.order_id)  # the board's problem tab loses it
        ticket_text_shopper(ticket=ticket, event="rejected")
    logger.info("ticket %s rejected by %s", ticket.number, getattr(by, "pk", None))
    return ticket


def ticket_text_shopper(*, ticket: Ticket, event: str, amount: Decimal | None = None) -> None:
    shopper = ticket.user
    sms_after_commit(
        phone_no=shopper.phone_no,
        text=ticket_text(
            event=event,
            ticket=ticket.number,
            order_id=ticket.order.public_id if ticket.order_id else "",
            invoice_number=ticket.order.invoice_number if ticket.order_id else "",
            amount=amount,
            reason=ticket.decision_reason,
            language=shopper.language,
        ),
        about=f"{event} SMS for ticket {ticket.number}",
    )
