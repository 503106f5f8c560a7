"""Staff's coming days on the wire: `GET /api/slots/days` and a date's own capacity,
`PUT /api/slots/days/<date>.<window id>`: what a bad request gets, and who may. (Bookings against
a date's capacity, and the warnings naming them, are `orders/tests/test_slot_day_capacity.py`.)"""

from datetime import time, timedelta

import pytest
from django.utils import timezone

from delivery.models import DeliveryWindow, Holiday, Slot

pytestmark = pytest.mark.django_db


@pytest.fixture
def window():
    return DeliveryWindow.objects.create(
        weekday=timezone.localdate().weekday(), start=time(16), end=time(19), capacity=10
    )


def slot_id(window, days_ahead: int = 7) -> str:
    return f"{timezone.localdate() + timedelta(days=days_ahead):%Y-%m-%d}.{window.pk}"


def test_the_coming_days_show_each_window_with_its_dates_capacity(as_user, admin_user, window):
    Holiday.objects.create(date=timezone.localdate() + timedelta(days=1), name="Sankranti")
    staff = as_user(admin_user)

    set_today = staff.put(f"/api/slots/days/{slot_id(window, 0)}", {"capacity": 4}, format="json")
    answer = staff.get("/api/slots/days").json()

    assert set_today.status_code == 200 and set_today.json()["warning"] is None
    assert [day["date"] for day in answer["days"]] == [
        (timezone.localdate() + timedelta(days=offset)).isoformat() for offset in range(7)
    ]
    [today] = answer["days"][0]["slots"]
    assert (today["booked"], today["capacity"], today["ownCapacity"], today["weeklyCapacity"]) == (0, 4, 4, 10)
    assert today["timeLabel"] == "16:00–19:00" and today["id"] == slot_id(window, 0)
    assert answer["days"][1]["holiday"] == "Sankranti" and answer["days"][1]["slots"] == []
    cleared = staff.put(f"/api/slots/days/{slot_id(window, 0)}", {"capacity": None}, format="json")
    assert cleared.json()["days"][0]["slots"][0]["capacity"] == 10
    assert Slot.objects.get().capacity is None


def test_a_switched_off_window_shows_only_where_orders_are_booked(as_user, admin_user, window):
    window.active = False
    window.save()
    Slot.objects.create(window=window, date=timezone.localdate(), booked=2)

    days = as_user(admin_user).get("/api/slots/days").json()["days"]

    assert [len(day["slots"]) for day in days] == [1, 0, 0, 0, 0, 0, 0]
    assert days[0]["slots"][0]["offered"] is False


@pytest.mark.parametrize(
    "body",
    [{}, {"capacity": -1}, {"capacity": "many"}, {"capacity": 10_001}, {"capacity": 2.5}, ["capacity"]],
)
def test_a_bad_capacity_is_a_400_with_a_message(as_user, admin_user, window, body):
    answer = as_user(admin_user).put(f"/api/slots/days/{slot_id(window)}", body, format="json")
    assert answer.status_code == 400 and answer.json()["message"]
    assert not Slot.objects.exists()


def test_a_slot_that_is_not_one_is_a_404_and_a_past_date_a_400(as_user, admin_user, window):
    staff = as_user(admin_user)
    wrong_weekday = slot_id(window, 1)
    for name in ["nope", "2026-13-45.1", f"{slot_id(window).split('.')[0]}.999999", wrong_weekday, "x" * 300]:
        answer = staff.put(f"/api/slots/days/{name}", {"capacity": 3}, format="json")
        assert answer.status_code == 404 and answer.json()["message"], name
    past = staff.put(f"/api/slots/days/{slot_id(window, -7)}", {"capacity": 3}, format="json")
    assert past.status_code == 400 and past.json()["code"] == "slot_passed"
    assert not Slot.objects.exists()


def test_staff_read_the_load_and_only_the_owner_changes_it(as_user, make_user, admin_user, customer, window):
    from accounts.services import user_role_set

    for number, role in enumerate(("cashier", "packer", "rider"), start=1):
        member = user_role_set(actor=admin_user, user=make_user(f"98765001{number:02d}"), role=role)
        assert as_user(member).get("/api/slots/days").status_code == 200
        assert (
            as_user(member).put(f"/api/slots/days/{slot_id(window)}", {"capacity": 3}, format="json").status_code == 403
        )
    assert as_user(customer).get("/api/slots/days").status_code == 403
    assert as_user(None).get("/api/slots/days").status_code == 401
    assert not Slot.objects.exists()
