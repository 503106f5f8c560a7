"""Slots on the wire: `GET /api/slots`, `POST /api/orders` with and without `deliverySlot`, the
order answers that show it, cancelling that gives its place back.
(The staff's plan routes are `delivery/tests/test_plan_api.py`.)"""

import pytest

from aftersale.cancellation import order_cancel
from delivery.models import DeliveryWindow, Slot
from delivery.slots import slot_offers
from orders.models import Order, SlotBooking
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db


def first_open():
    return next(offer for offer in slot_offers() if offer.choosable)


def test_checkout_reads_the_next_days_slots_with_reasons(api_client, windows):
    answer = api_client.get("/api/slots")

    assert answer.status_code == 200
    body = answer.json()
    assert body["enabled"] is True and len(body["slots"]) == 9
    first = body["slots"][0]
    assert set(first) == {
        "id", "date", "start", "end", "label", "state", "choosable", "placesLeft", "reason", "closesAt", "dayLabel", "timeLabel",
    }  # fmt: skip
    assert first["start"] == "07:00" and first["end"] == "10:00"
    assert all(slot["choosable"] == (slot["state"] == "open") for slot in body["slots"])
    assert all(bool(slot["reason"]) != slot["choosable"] for slot in body["slots"])


def test_no_windows_means_slots_are_off_and_orders_are_placed_without_one(api_client, as_user, shopper, packs):
    assert api_client.get("/api/slots").json() == {"enabled": False, "slots": []}
    answer = as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")
    assert answer.status_code == 201 and answer.json()["deliverySlot"] is None


def test_the_chosen_slot_is_booked_and_shown(as_user, shopper, packs, windows, sms_outbox):
    offer = first_open()
    body = payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id)

    answer = as_user(shopper).post("/api/orders", body, format="json")

    assert answer.status_code == 201, answer.json()
    slot = answer.json()["deliverySlot"]
    assert (slot["id"], slot["label"], slot["released"]) == (offer.id, offer.label, False)
    order = Order.objects.get()
    assert as_user(shopper).get(f"/api/orders/{order.public_id}").json()["deliverySlot"] == slot
    assert Slot.objects.get().booked == 1


def test_the_placed_sms_names_the_slot(
    as_user, shopper, packs, windows, sms_outbox, django_capture_on_commit_callbacks
):
    offer = first_open()
    with django_capture_on_commit_callbacks(execute=True):
        as_user(shopper).post(
            "/api/orders", payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id), format="json"
        )
    assert f"We will deliver it on {offer.label}." in sms_outbox(shopper.phone_no)[-1]


def test_a_client_sending_no_slot_gets_the_next_free_one(as_user, shopper, packs, windows):
    answer = as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")
    assert answer.status_code == 201
    assert answer.json()["deliverySlot"]["id"] == first_open().id


@pytest.mark.parametrize("wanted", ["2020-01-01.1", "tomorrow", "2026-13-45.1", "x" * 40, "2099-01-01.1"])
def test_a_bad_slot_is_a_400_and_nothing_is_written(as_user, shopper, packs, windows, wanted):
    answer = as_user(shopper).post(
        "/api/orders", payload([line(packs.oil_1l)], shopper, deliverySlot=wanted), format="json"
    )
    assert answer.status_code == 400 and answer.json()["message"]
    assert not Order.objects.exists() and not SlotBooking.objects.exists()
    packs.oil_1l.refresh_from_db()
    assert packs.oil_1l.count_in_stock == 40


def test_a_full_slot_is_a_409_in_the_shoppers_language_with_the_next_free_one(as_user, shopper, packs, windows):
    offer = first_open()
    DeliveryWindow.objects.filter(pk=offer.window.pk).update(capacity=1)
    as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id), format="json")

    body = payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id)
    english = as_user(shopper).post("/api/orders", body, format="json")
    telugu = as_user(shopper).post("/api/orders", body, format="json", HTTP_ACCEPT_LANGUAGE="te")

    assert english.status_code == 409 and english.json()["code"] == "slot_full"
    assert english.json()["nextSlot"]["id"] == first_open().id != offer.id
    assert english.json()["message"].startswith("Sorry, the delivery time")
    assert telugu.status_code == 409 and "Sorry" not in telugu.json()["message"]
    assert Order.objects.count() == 1 and Slot.objects.get(window=offer.window).booked == 1


def test_cancelling_gives_the_place_back_once_by_shopper_or_staff(as_user, shopper, admin_user, packs, windows):
    offer = first_open()
    placed = [
        as_user(shopper)
        .post("/api/orders", payload([line(packs.oil_1l)], shopper, deliverySlot=offer.id), format="json")
        .json()["_id"]
        for _ in range(3)
    ]
    assert Slot.objects.get().booked == 3

    mine = as_user(shopper).put(f"/api/orders/{placed[0]}/cancel", {}, format="json")
    staff = as_user(admin_user).put(f"/api/orders/{placed[1]}/cancel", {"reason": "Out of area"}, format="json")
    again = as_user(admin_user).put(f"/api/orders/{placed[0]}/cancel", {"reason": "again"}, format="json")

    assert (mine.status_code, staff.status_code, again.status_code) == (200, 200, 409)
    assert mine.json()["deliverySlot"]["released"] is True
    assert Slot.objects.get().booked == 1
    order = Order.objects.get(public_id=placed[2])
    order_cancel(order=order, reason="system", by=None)
    assert Slot.objects.get().booked == 0


def test_the_staff_order_list_shows_each_slot_in_a_constant_number_of_queries(
    as_user, shopper, admin_user, packs, windows, django_assert_max_num_queries
):
    for _ in range(2):
        as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")
    staff = as_user(admin_user)
    # 9: the orders' payment state reads the store credit given back (one query for the list)
    with django_assert_max_num_queries(9):
        staff.get("/api/orders")
    for _ in range(6):
        as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")
    with django_assert_max_num_queries(9):
        answer = staff.get("/api/orders")
    assert all(order["deliverySlot"]["label"] for order in answer.json())
