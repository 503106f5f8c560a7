"""The demo's delivery windows: 7-10, 10-13 and 16-19 every day, 20 orders each, closing 2 h
before they start. Added only when the shop has no window yet, so staff's own plan is never
touched; an install without demo data has no windows and places orders without a slot."""

from datetime import time

from django.db import transaction

from delivery.models import DeliveryWindow

DEMO_WINDOWS = ((time(7), time(10)), (time(10), time(13)), (time(16), time(19)))
DEMO_CAPACITY = 20
DEMO_CUTOFF_HOURS = 2


@transaction.atomic
def seed_demo_windows() -> int:
    """Answers how many windows were added (0 when the shop already plans its own)."""
    if DeliveryWindow.objects.exists():
        return 0
    windows = [
        DeliveryWindow(weekday=weekday, start=start, end=end, capacity=DEMO_CAPACITY, cutoff_hours=DEMO_CUTOFF_HOURS)
        for weekday in range(7)
        for start, end in DEMO_WINDOWS
    ]
    DeliveryWindow.objects.bulk_create(windows)
    return len(windows)
