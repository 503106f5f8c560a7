"""The clocks every ticket runs on (Consumer Protection (E-Commerce) Rules 2020, rule 4(5)): staff
acknowledge a complaint within 48 hours and resolve it within a month (30 days).

One owner of both limits: the staff queue's order (overdue first), what the queue and the shopper's
status page show, and `manage.py compliance_audit` all read them from here.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.db.models import Case, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone

from support.models import Ticket

ACKNOWLEDGE_WITHIN = timedelta(hours=48)
RESOLVE_WITHIN = timedelta(days=30)


@dataclass(frozen=True)
class Clock:
    acknowledge_by: datetime
    resolve_by: datetime
    acknowledge_overdue: bool
    resolve_overdue: bool

    @property
    def overdue(self) -> bool:
        return self.acknowledge_overdue or self.resolve_overdue


def clock(ticket: Ticket, *, now: datetime | None = None) -> Clock:
    now = now or timezone.now()
    acknowledge_by = ticket.opened_at + ACKNOWLEDGE_WITHIN
    resolve_by = ticket.opened_at + RESOLVE_WITHIN
    return Clock(
        acknowledge_by=acknowledge_by,
        resolve_by=resolve_by,
        acknowledge_overdue=ticket.acknowledged_at is None and now > acknowledge_by,
        resolve_overdue=ticket.status == Ticket.Status.OPEN and now > resolve_by,
    )


def overdue_condition(*, now: datetime | None = None) -> Q:
    """Tickets past a clock: open and unacknowledged after 48 hours, or open after 30 days."""
    now = now or timezone.now()
    return Q(status=Ticket.Status.OPEN) & (
        Q(acknowledged_at__isnull=True, opened_at__lt=now - ACKNOWLEDGE_WITHIN) | Q(opened_at__lt=now - RESOLVE_WITHIN)
    )


def overdue_first(tickets: QuerySet[Ticket], *, now: datetime | None = None) -> QuerySet[Ticket]:
    """The queue's order: tickets past a clock first, then the oldest."""
    late = Case(When(overdue_condition(now=now), then=Value(0)), default=Value(1), output_field=IntegerField())
    return tickets.annotate(late=late).order_by("late", "opened_at", "id")
