"""Reads for the staff's plan screen."""

from django.utils import timezone

from slots.models import DeliveryWindow, Holiday, SlotBooking


def windows_all() -> list[DeliveryWindow]:
    return list(DeliveryWindow.objects.order_by("weekday", "start"))


def holidays_coming() -> list[Holiday]:
    """Today's and later holidays (past ones no longer matter to the plan)."""
    return list(Holiday.objects.filter(date__gte=timezone.localdate()).order_by("date"))


def booking_of(order) -> SlotBooking | None:
    """The order's slot booking (loaded with it by the order selectors), or None when it has none."""
    try:
        return order.slot_booking
    except SlotBooking.DoesNotExist:
        return None
