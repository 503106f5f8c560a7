"""Delivery windows for the slot tests, and the orders app's packs and shoppers."""

from datetime import time

import pytest

from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401 - fixtures
from slots.models import DeliveryWindow

DAY_WINDOWS = ((time(7), time(10)), (time(10), time(13)), (time(16), time(19)))


def make_windows(*, capacity: int = 5, cutoff_hours: int = 2, weekdays=range(7)) -> list[DeliveryWindow]:
    """7-10, 10-13 and 16-19 on each of `weekdays`."""
    return [
        DeliveryWindow.objects.create(
            weekday=weekday, start=start, end=end, capacity=capacity, cutoff_hours=cutoff_hours
        )
        for weekday in weekdays
        for start, end in DAY_WINDOWS
    ]


@pytest.fixture
def windows(db) -> list[DeliveryWindow]:
    return make_windows()
