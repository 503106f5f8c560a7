"""Writes for delivery: staff's weekly plan, its windows and holidays. (A slot's places are
`delivery.slots`'.)"""

import logging
from datetime import date

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from common.errors import Conflict, DomainError, NotFound
from delivery.error_codes import DeliveryErrorCode
from delivery.models import DeliveryWindow, Holiday
from delivery.slots import OverBooked, day_booked_warning

logger = logging.getLogger(__name__)


WINDOW_NOT_FOUND = gettext_lazy("Delivery window not found")
HOLIDAY_NOT_FOUND = gettext_lazy("Holiday not found")
WINDOW_FIELDS = ("weekday", "start", "end", "capacity", "cutoff_hours", "active")


def _check_overlap(*, weekday: int, start, end, exclude: int | None = None) -> None:
    """Windows of one day don't overlap: a shopper's time names one window."""
    clash = (
        DeliveryWindow.objects.filter(weekday=weekday, start__lt=end, end__gt=start)
        .exclude(pk=exclude)
        .order_by("start")
        .first()
    )
    if clash is not None:
        raise Conflict(
            gettext("This window overlaps {window}.").format(window=str(clash)), code=DeliveryErrorCode.WINDOW_OVERLAP
        )


def window_get(*, window_id: int) -> DeliveryWindow:
    window = DeliveryWindow.objects.filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    return window


@transaction.atomic
def window_create(*, weekday: int, start, end, capacity: int, cutoff_hours: int, active: bool = True) -> DeliveryWindow:
    _check_overlap(weekday=weekday, start=start, end=end)
    window = DeliveryWindow.objects.create(
        weekday=weekday, start=start, end=end, capacity=capacity, cutoff_hours=cutoff_hours, active=active
    )
    logger.info("delivery window %s created", window)
    return window


@transaction.atomic
def window_update(*, window_id: int, **fields) -> DeliveryWindow:
    """Change the fields sent. A lower capacity never takes a booked place away: the slot only
    stops taking new orders until it is below the capacity again."""
    window = DeliveryWindow.objects.select_for_update().filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    for name in WINDOW_FIELDS:
        if name in fields:
            setattr(window, name, fields[name])
    if window.end <= window.start:
        raise DomainError(gettext("The window must end after it starts."))
    _check_overlap(weekday=window.weekday, start=window.start, end=window.end, exclude=window.pk)
    window.save()
    logger.info("delivery window %s changed", window)
    return window


@transaction.atomic
def window_remove(*, window_id: int) -> bool:
    """Delete a window no order ever booked; one with bookings is switched off instead (its
    orders keep their slot). Answers whether it was deleted."""
    window = DeliveryWindow.objects.select_for_update().filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    if window.slots.exists():
        window.active = False
        window.save(update_fields=["active"])
        return False
    window.delete()
    return True


def holiday_add(*, day: date, name: str = "") -> tuple[Holiday, OverBooked | None]:
    """Close `day`. Its booked orders keep their places (no new ones are taken): the answer names
    them, for staff to call or move."""
    if day < timezone.localdate():
        raise DomainError(gettext("A holiday can't be in the past."))
    holiday, created = Holiday.objects.get_or_create(date=day, defaults={"name": name.strip()})
    if not created:
        raise Conflict(
            gettext("{date} is already a holiday.").format(date=day.isoformat()), code=DeliveryErrorCode.HOLIDAY_EXISTS
        )
    return holiday, day_booked_warning(day)


def holiday_remove(*, holiday_id: int) -> None:
    deleted, _ = Holiday.objects.filter(pk=holiday_id).delete()
    if not deleted:
        raise NotFound(str(HOLIDAY_NOT_FOUND))
