"""The slot owner (`orders.slots`): what checkout is offered, booking a place, giving it back once."""

from datetime import date, datetime, time

import pytest
from django.utils import timezone

from common.errors import Conflict
from delivery.models import Holiday, Slot
from delivery.slots import CLOSED, FULL, HOLIDAY, OPEN, SlotUnavailable, slot_offers
from orders.models import SlotBooking
from orders.slots import slot_book, slot_release

pytestmark = pytest.mark.django_db

WEDNESDAY = date(2026, 12, 2)


def at(day: date, hour: int, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)))


def offers_by_id(now):
    return {offer.id: offer for offer in slot_offers(now=now)}


def test_checkout_is_offered_three_days_of_windows_each_with_its_state(windows):
    now = at(WEDNESDAY, 8, 30)  # 7-10 has started, 10-13 closed at 8:00 (2 h cut-off), 16-19 open
    Holiday.objects.create(date=date(2026, 12, 4), name="Diwali")
    offers = slot_offers(now=now)

    assert [(offer.date.day, offer.window.start.hour) for offer in offers] == [
        (day, hour) for day in (2, 3, 4) for hour in (7, 10, 16)
    ]
    states = [(offer.state, offer.reason) for offer in offers]
    assert states[:3] == [
        (CLOSED, "Closed: orders for this time closed at 5:00"),
        (CLOSED, "Closed: orders for this time closed at 8:00"),
        (OPEN, ""),
    ]
    assert states[3:6] == [(OPEN, "")] * 3
    assert states[6:] == [(HOLIDAY, "Closed for Diwali")] * 3
    assert offers[2].places_left == 5 and offers[2].label == "Wed 2 Dec, 16:00–19:00"


def test_a_booking_takes_a_place_and_a_full_slot_is_refused_with_the_next_free_one(windows, shopper, place_order):
    now = at(WEDNESDAY, 8, 30)
    wanted = f"{WEDNESDAY}.{windows[2 * 3 + 2].pk}"  # Wednesday (weekday 2) 16-19
    windows[2 * 3 + 2].capacity = 2
    windows[2 * 3 + 2].save()
    first, second, third = (place_order(shopper) for _ in range(3))  # each booked at the real "now": start over
    SlotBooking.objects.all().delete()
    Slot.objects.all().delete()

    slot_book(order=first, wanted=wanted, now=now)
    slot_book(order=second, wanted=wanted, now=now)
    assert offers_by_id(now)[wanted].state == FULL and offers_by_id(now)[wanted].reason == "Full"
    with pytest.raises(Conflict) as refused:
        slot_book(order=third, wanted=wanted, now=now)

    assert refused.value.extra["code"] == "slot_full"
    assert refused.value.extra["nextSlot"]["id"] == f"2026-12-03.{windows[3 * 3].pk}"
    assert refused.value.message == (
        "Sorry, the delivery time Wed 2 Dec, 16:00–19:00 was just taken by other orders. "
        "The next free time is Thu 3 Dec, 7:00–10:00."
    )
    assert Slot.objects.get().booked == 2


def test_a_slot_that_is_unknown_past_or_closed_is_a_400(windows, shopper, place_order):
    now = at(WEDNESDAY, 8, 30)
    order = place_order(shopper)
    SlotBooking.objects.all().delete()
    wednesday_morning = windows[2 * 3]
    tests = {
        "nonsense": "slot_unknown",
        f"{WEDNESDAY}.999999": "slot_unknown",
        f"2026-12-09.{windows[2 * 3 + 2].pk}": "slot_unknown",  # beyond the three days offered
        f"{WEDNESDAY}.{windows[0].pk}": "slot_unknown",  # a Monday window on a Wednesday
        f"2026-12-01.{windows[1 * 3].pk}": "slot_passed",  # yesterday
        f"{WEDNESDAY}.{wednesday_morning.pk}": "slot_passed",  # started at 7:00
        f"{WEDNESDAY}.{windows[2 * 3 + 1].pk}": "slot_closed",  # 10-13 closed at 8:00
    }
    for wanted, code in tests.items():
        with pytest.raises(SlotUnavailable) as refused:
            slot_book(order=order, wanted=wanted, now=now)
        assert (refused.value.status, refused.value.extra["code"]) == (400, code), wanted
    Holiday.objects.create(date=date(2026, 12, 3))
    with pytest.raises(SlotUnavailable) as refused:
        slot_book(order=order, wanted=f"2026-12-03.{windows[3 * 3].pk}", now=now)
    assert refused.value.message == "Thu 3 Dec, 7:00–10:00: Closed for the holiday"
    assert not SlotBooking.objects.exists()


def test_no_slot_named_books_the_next_free_one_and_no_windows_books_none(windows, shopper, place_order):
    now = at(WEDNESDAY, 8, 30)
    order = place_order(shopper)
    SlotBooking.objects.all().delete()
    booking = slot_book(order=order, wanted=None, now=now)
    assert (booking.date, booking.start, booking.end) == (WEDNESDAY, time(16), time(19))

    SlotBooking.objects.all().delete()
    for window in windows:
        window.active = False
        window.save()
    assert slot_book(order=order, wanted=None, now=now) is None


def test_a_place_given_back_is_given_back_once(windows, shopper, place_order):
    order = place_order(shopper)
    slot = SlotBooking.objects.get(order=order).slot
    assert Slot.objects.get(pk=slot.pk).booked == 1

    assert slot_release(order=order) is True
    assert slot_release(order=order) is False
    assert Slot.objects.get(pk=slot.pk).booked == 0
    assert SlotBooking.objects.get(order=order).released_at is not None
