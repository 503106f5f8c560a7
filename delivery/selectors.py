"""Reads for delivery: the staff's weekly plan screen and its coming days."""

from dataclasses import dataclass
from datetime import date, timedelta

from django.utils import timezone

from delivery.models import DeliveryWindow, Holiday, Slot
from delivery.slots import slot_capacity, slot_id

COMING_DAYS = 7  # today and the six days after it


def windows_all() -> list[DeliveryWindow]:
    return list(DeliveryWindow.objects.order_by("weekday", "start"))


def holidays_coming() -> list[Holiday]:
    """Today's and later holidays (past ones no longer matter to the plan)."""
    return list(Holiday.objects.filter(date__gte=timezone.localdate()).order_by("date"))


@dataclass(frozen=True)
class PlannedSlot:
    """One window on one date as staff plan it: booked against the capacity that date has."""

    window: DeliveryWindow
    date: date
    booked: int
    own_capacity: int | None  # the date's own; None: the window's weekly capacity holds

    @property
    def id(self) -> str:
        return slot_id(self.date, self.window.pk)

    @property
    def capacity(self) -> int:
        return slot_capacity(self.window, self.own_capacity)

    @property
    def over_booked(self) -> bool:
        return self.booked > self.capacity


@dataclass(frozen=True)
class PlannedDay:
    date: date
    holiday: Holiday | None
    slots: list[PlannedSlot]


def coming_days(*, today: date | None = None, days: int = COMING_DAYS) -> list[PlannedDay]:
    """The next `days` dates, each with its windows (an offered one, or a switched-off one that
    still has orders booked) and its holiday: three queries, however many days and windows."""
    today = today or timezone.localdate()
    dates = [today + timedelta(days=offset) for offset in range(days)]
    windows = list(DeliveryWindow.objects.filter(weekday__in={day.weekday() for day in dates}).order_by("start"))
    holidays = {holiday.date: holiday for holiday in Holiday.objects.filter(date__in=dates)}
    counts = {
        (window_id, day): (booked, own)
        for window_id, day, booked, own in Slot.objects.filter(date__in=dates).values_list(
            "window_id", "date", "booked", "capacity"
        )
    }
    planned = []
    for day in dates:
        slots = []
        for window in windows:
            booked, own = counts.get((window.pk, day), (0, None))
            if window.weekday == day.weekday() and (window.active or booked):
                slots.append(PlannedSlot(window, day, booked, own))
        planned.append(PlannedDay(day, holidays.get(day), slots))
    return planned
