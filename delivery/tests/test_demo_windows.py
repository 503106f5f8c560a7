"""The demo seeding plans delivery windows once, and never over staff's own plan."""

from datetime import time

import pytest

from delivery.models import DeliveryWindow
from delivery.slots import slots_defined
from demo.slots import seed_demo_windows

pytestmark = pytest.mark.django_db


def test_the_demo_plans_three_windows_a_day_once():
    assert not slots_defined()
    assert seed_demo_windows() == 21
    assert slots_defined()
    assert seed_demo_windows() == 0
    assert DeliveryWindow.objects.filter(weekday=4).count() == 3


def test_the_demo_leaves_staffs_own_plan_alone():
    DeliveryWindow.objects.create(weekday=0, start=time(9), end=time(12), capacity=5, cutoff_hours=1)
    assert seed_demo_windows() == 0
    assert DeliveryWindow.objects.count() == 1
