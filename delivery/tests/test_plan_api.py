"""The staff's weekly plan on the wire: `/api/slots/windows` and `/api/slots/holidays`."""

import pytest

from delivery.models import DeliveryWindow, Holiday

pytestmark = pytest.mark.django_db


def test_staff_plan_the_week(as_user, admin_user):
    staff = as_user(admin_user)
    made = staff.post(
        "/api/slots/windows",
        {"weekday": 0, "start": "07:00", "end": "10:00", "capacity": 20, "cutoffHours": 2},
        format="json",
    )
    assert made.status_code == 201, made.json()
    window_id = made.json()["windows"][0]["_id"]
    overlap = staff.post(
        "/api/slots/windows",
        {"weekday": 0, "start": "09:00", "end": "11:00", "capacity": 5, "cutoffHours": 1},
        format="json",
    )
    backwards = staff.put(f"/api/slots/windows/{window_id}", {"end": "06:00"}, format="json")
    changed = staff.put(f"/api/slots/windows/{window_id}", {"capacity": 30}, format="json")
    assert (overlap.status_code, backwards.status_code, changed.status_code) == (409, 400, 200)
    assert changed.json()["windows"][0]["capacity"] == 30
    assert staff.put("/api/slots/windows/nope", {"capacity": 3}, format="json").status_code == 404
    assert staff.put(f"/api/slots/windows/{window_id}", format="json").status_code == 400

    holiday = staff.post("/api/slots/holidays", {"date": "2099-01-26", "name": "Republic Day"}, format="json")
    twice = staff.post("/api/slots/holidays", {"date": "2099-01-26"}, format="json")
    past = staff.post("/api/slots/holidays", {"date": "2020-01-26"}, format="json")
    assert (holiday.status_code, twice.status_code, past.status_code) == (201, 409, 400)
    holiday_id = holiday.json()["holidays"][0]["_id"]
    assert staff.delete(f"/api/slots/holidays/{holiday_id}").status_code == 200
    assert not Holiday.objects.exists()
    assert staff.delete(f"/api/slots/windows/{window_id}").status_code == 200
    assert not DeliveryWindow.objects.exists()


@pytest.mark.parametrize(
    "change",
    [{"weekday": 9}, {"start": "7am"}, {"start": "07:00:00"}, {"capacity": 0}, {"cutoffHours": -1}, {"end": "06:00"}],
)
def test_a_bad_window_is_a_400_with_a_message(as_user, admin_user, change):
    window = {"weekday": 0, "start": "07:00", "end": "10:00", "capacity": 20, "cutoffHours": 2}
    answer = as_user(admin_user).post("/api/slots/windows", {**window, **change}, format="json")
    assert answer.status_code == 400 and answer.json()["message"]
    assert not DeliveryWindow.objects.exists()
