"""Reads for delivery: the staff's weekly plan screen."""

from django.utils import timezone

from delivery.models import DeliveryWindow, Holiday


def windows_all() -> list[DeliveryWindow]:
    return list(DeliveryWindow.objects.order_by("weekday", "start"))


def holidays_coming() -> list[Holiday]:
    """Today's and later holidays (past ones no longer matter to the plan)."""
    return list(Holiday.objects.filter(date__gte=timezone.localdate()).order_by("date"))
