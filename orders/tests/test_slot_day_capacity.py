"""A window's capacity on one date (a van off on Thursday) as placement and staff meet it: the date's
own capacity refuses or accepts the next booking, and lowering it below what is booked, or closing a
booked date, names the orders booked. (The coming-days routes' input and gates are
`delivery/tests/test_coming_days_api.py`.)"""

import pytest

from delivery.models import Slot
from delivery.slots import slot_capacity_set, slot_offers
from orders.models import Order
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db


def first_open():
    return next(offer for offer in slot_offers() if offer.choosable)


def book(as_user, shopper, packs, offer):
    return as_user(shopper).post(
        "/api/orders", payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id), format="json"
    )


def test_a_dates_lowered_capacity_refuses_the_next_booking_and_a_raised_one_accepts_it(
    as_user, shopper, packs, windows
):
    offer = first_open()  # the window's weekly capacity is 5
    assert book(as_user, shopper, packs, offer).status_code == 201

    slot_capacity_set(slot=offer.id, capacity=1)
    refused = book(as_user, shopper, packs, offer)
    assert refused.status_code == 409 and refused.json()["code"] == "slot_full"
    assert next(o for o in slot_offers() if o.id == offer.id).state == "full"

    slot_capacity_set(slot=offer.id, capacity=2)
    assert book(as_user, shopper, packs, offer).status_code == 201
    assert Slot.objects.get(window=offer.window, date=offer.date).booked == 2
    # Other dates of the same window keep the weekly capacity.
    assert all(o.places_left == 5 for o in slot_offers() if o.window == offer.window and o.date != offer.date)


def test_a_dates_capacity_above_the_weekly_one_takes_more_and_clearing_it_goes_back(as_user, shopper, packs, windows):
    offer = first_open()
    slot_capacity_set(slot=offer.id, capacity=6)
    for _ in range(6):
        assert book(as_user, shopper, packs, offer).status_code == 201
    assert book(as_user, shopper, packs, offer).status_code == 409

    _, warning = slot_capacity_set(slot=offer.id, capacity=None)
    assert warning is not None and len(warning.orders) == 6  # 6 booked, 5 a week


def test_lowering_below_the_booked_warns_with_the_orders_invoice_numbers(as_user, admin_user, shopper, packs, windows):
    offer = first_open()
    for _ in range(3):
        book(as_user, shopper, packs, offer)
    invoices = sorted(Order.objects.values_list("invoice_number", flat=True))

    lowered = as_user(admin_user).put(f"/api/slots/days/{offer.id}", {"capacity": 1}, format="json")
    telugu = as_user(admin_user).put(
        f"/api/slots/days/{offer.id}", {"capacity": 1}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    enough = as_user(admin_user).put(f"/api/slots/days/{offer.id}", {"capacity": 3}, format="json")

    assert lowered.status_code == 200, lowered.json()
    warning = lowered.json()["warning"]
    assert warning["orders"] == invoices
    assert warning["message"].startswith(f"{offer.label}: 3 booked, more than the 1 now allowed.")
    assert all(number in warning["message"] for number in invoices)
    assert telugu.json()["warning"]["orders"] == invoices and "booked" not in telugu.json()["warning"]["message"]
    assert enough.json()["warning"] is None
    [planned] = [
        slot for day in enough.json()["days"] for slot in day["slots"] if slot["id"] == offer.id
    ]  # fmt: skip
    assert (planned["booked"], planned["capacity"], planned["ownCapacity"], planned["overBooked"]) == (3, 3, 3, False)


def test_a_cancelled_order_is_not_named(as_user, shopper, packs, windows):
    offer = first_open()
    placed = [book(as_user, shopper, packs, offer).json()["_id"] for _ in range(3)]
    as_user(shopper).put(f"/api/orders/{placed[0]}/cancel", {}, format="json")

    _, warning = slot_capacity_set(slot=offer.id, capacity=1)

    kept = Order.objects.filter(public_id__in=placed[1:]).order_by("invoice_number")
    assert warning.orders == [order.invoice_number for order in kept]


def test_closing_a_booked_date_warns_with_its_orders(as_user, admin_user, shopper, packs, windows):
    offer = first_open()
    book(as_user, shopper, packs, offer)
    [invoice] = Order.objects.values_list("invoice_number", flat=True)

    closed = as_user(admin_user).post("/api/slots/holidays", {"date": offer.date.isoformat()}, format="json")

    assert closed.status_code == 201
    assert closed.json()["warning"]["orders"] == [invoice]
    assert "is closed with orders booked for it" in closed.json()["warning"]["message"]


def test_closing_an_empty_date_says_no_more(as_user, admin_user, windows):
    closed = as_user(admin_user).post("/api/slots/holidays", {"date": "2099-01-26"}, format="json")
    assert closed.status_code == 201 and "warning" not in closed.json()


def test_the_coming_days_are_read_in_a_constant_number_of_queries(
    as_user, admin_user, shopper, packs, windows, django_assert_max_num_queries
):
    staff = as_user(admin_user)
    with django_assert_max_num_queries(4):
        answer = staff.get("/api/slots/days")
    assert len(answer.json()["days"]) == 7 and sum(len(day["slots"]) for day in answer.json()["days"]) == 21

    for offer in [offer for offer in slot_offers() if offer.choosable][:3]:
        book(as_user, shopper, packs, offer)
        slot_capacity_set(slot=offer.id, capacity=4)
    with django_assert_max_num_queries(4):
        staff.get("/api/slots/days")
