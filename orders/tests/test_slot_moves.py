"""Staff move orders to another delivery slot (issue 45): a closed day's or an over-booked slot's
orders go to the slot staff pick, under the slots' locks and the target's capacity, one order event
and one SMS per order, packed ones left where they are; `POST /api/slots/moves` answers a retried
request once. (The race of two moves for the last place is `test_slot_moves_race.py`.)"""

from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.services import user_role_set
from delivery.models import Holiday, Slot
from delivery.services import holiday_add
from delivery.slots import STAFF_DAYS, slot_capacity_set, slot_offers
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance
from orders.slot_moves import orders_slot_move

pytestmark = pytest.mark.django_db

MOVES = "/api/slots/moves"


def open_offers():
    return [offer for offer in slot_offers(days=STAFF_DAYS) if offer.choosable]


def booked(offer) -> int:
    return Slot.objects.filter(window=offer.window, date=offer.date).values_list("booked", flat=True).first() or 0


@pytest.fixture
def booked_three(windows, shopper, other_shopper, place_order):
    """Three placed orders in the first open slot (two of the shopper's, one of a Telugu shopper)."""
    other_shopper.language = "te"
    other_shopper.save(update_fields=["language"])
    orders = [place_order(shopper), place_order(shopper), place_order(other_shopper)]
    source, target = open_offers()[:2]
    assert {order.slot_booking.slot.window_id for order in orders} == {source.window.pk}
    return orders, source, target


def test_the_chosen_orders_move_with_an_event_and_an_sms_each(
    booked_three, admin_user, shopper, other_shopper, sms_outbox, django_capture_on_commit_callbacks
):
    orders, source, target = booked_three
    numbers = [order.invoice_number for order in orders]

    with django_capture_on_commit_callbacks(execute=True):
        moves = orders_slot_move(invoice_numbers=numbers, to=target.id, by=admin_user)

    assert moves.moved == sorted(numbers) and moves.kept == []
    assert (booked(source), booked(target)) == (0, 3)
    for order in orders:
        booking = Order.objects.get(pk=order.pk).slot_booking
        assert (booking.date, booking.start, booking.end) == (target.date, target.window.start, target.window.end)
        event = OrderEvent.objects.filter(order=order).last()
        assert (event.from_status, event.to_status, event.by) == ("placed", "placed", admin_user)
        assert event.reason == f"Delivery moved from {source.label} to {target.label}."
    english = sms_outbox(shopper.phone_no)[-2:]
    assert english == [
        f"Your SMLR Mart order {number} will now be delivered on {target.label}. Sorry for the change. "
        "Questions? Call +91 98765 43210."
        for number in numbers[:2]
    ]
    [telugu] = sms_outbox(other_shopper.phone_no)[-1:]
    assert numbers[2] in telugu and "delivered" not in telugu and "Sorry" not in telugu


def test_packed_dispatched_and_cancelled_orders_stay_and_the_answer_says_so(
    booked_three, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    from aftersale.cancellation import order_cancel

    (packed, dispatched, placed), source, target = booked_three
    order_advance(order=packed, to_status="packed", by=admin_user)
    for step in ("packed", "dispatched"):
        order_advance(order=dispatched, to_status=step, by=admin_user)
    cancelled = placed
    order_cancel(order=cancelled, reason="Shopper asked", by=admin_user)
    texts_before = len(sms_outbox())

    with django_capture_on_commit_callbacks(execute=True):
        moves = orders_slot_move(
            invoice_numbers=[packed.invoice_number, dispatched.invoice_number, cancelled.invoice_number],
            to=target.id,
            by=admin_user,
        )

    assert moves.moved == [] and moves.message == "No order was moved."
    assert [kept.reason for kept in moves.kept] == [
        f"Order {packed.invoice_number} is already packed, so it keeps its delivery time.",
        f"Order {dispatched.invoice_number} is already dispatched, so it keeps its delivery time.",
        f"Order {cancelled.invoice_number} is cancelled.",
    ]
    assert (booked(source), booked(target)) == (2, 0)
    assert len(sms_outbox()) == texts_before


def test_a_target_without_places_for_all_moves_none(
    booked_three, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    from common.errors import Conflict

    orders, source, target = booked_three
    slot_capacity_set(slot=target.id, capacity=2)
    events = OrderEvent.objects.count()

    with pytest.raises(Conflict) as refused, django_capture_on_commit_callbacks(execute=True):
        orders_slot_move(invoice_numbers=[order.invoice_number for order in orders], to=target.id, by=admin_user)

    assert refused.value.extra["code"] == "slot_full"
    assert str(refused.value) == (
        f"{target.label} has 2 places left, not enough for 3 orders. Choose fewer orders or another time."
    )
    assert (booked(source), booked(target)) == (3, 0)
    assert OrderEvent.objects.count() == events
    assert {Order.objects.get(pk=order.pk).slot_booking.slot.window_id for order in orders} == {source.window.pk}
    assert not any("will now be delivered" in text for text in sms_outbox())
    # Two fit.
    moves = orders_slot_move(
        invoice_numbers=[order.invoice_number for order in orders[:2]], to=target.id, by=admin_user
    )
    assert len(moves.moved) == 2 and (booked(source), booked(target)) == (1, 2)


def test_moving_again_moves_nothing_and_texts_nobody(
    booked_three, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    orders, source, target = booked_three
    numbers = [order.invoice_number for order in orders]
    with django_capture_on_commit_callbacks(execute=True):
        orders_slot_move(invoice_numbers=numbers, to=target.id, by=admin_user)
    texts, events = len(sms_outbox()), OrderEvent.objects.count()

    with django_capture_on_commit_callbacks(execute=True):
        again = orders_slot_move(invoice_numbers=numbers, to=target.id, by=admin_user)

    assert again.moved == [] and all("is already booked for" in kept.reason for kept in again.kept)
    assert (len(sms_outbox()), OrderEvent.objects.count(), booked(target)) == (texts, events, 3)


def test_a_retried_post_with_its_key_answers_once_and_texts_once(
    booked_three, as_user, admin_user, sms_outbox, django_capture_on_commit_callbacks
):
    orders, source, target = booked_three
    body = {"orders": [order.invoice_number for order in orders], "to": target.id}
    staff = as_user(admin_user)

    with django_capture_on_commit_callbacks(execute=True):
        first = staff.post(MOVES, body, format="json", HTTP_IDEMPOTENCY_KEY="move-1")
    texts = sms_outbox()
    with django_capture_on_commit_callbacks(execute=True):
        retried = staff.post(MOVES, body, format="json", HTTP_IDEMPOTENCY_KEY="move-1")

    assert first.status_code == 200, first.json()
    assert retried.status_code == 200 and retried["Idempotent-Replayed"] == "true"
    assert retried.json() == first.json()
    answer = first.json()
    assert answer["moved"] == sorted(body["orders"]) and answer["notMoved"] == []
    assert answer["message"] == f"3 orders moved to {target.label}. Each shopper is told by SMS."
    assert answer["slot"] == target.id
    [planned] = [slot for day in answer["days"] for slot in day["slots"] if slot["id"] == target.id]
    assert planned["booked"] == 3
    assert sms_outbox() == texts and sum(any(n in text for n in body["orders"]) for text in texts) == 3
    assert OrderEvent.objects.filter(reason__startswith="Delivery moved").count() == 3
    other_body = staff.post(MOVES, {**body, "orders": body["orders"][:1]}, format="json", HTTP_IDEMPOTENCY_KEY="move-1")
    assert other_body.status_code == 422


def test_the_answer_is_in_the_managers_language(booked_three, as_user, admin_user):
    orders, source, target = booked_three
    answer = as_user(admin_user).post(
        MOVES, {"orders": [orders[0].invoice_number], "to": target.id}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert answer.status_code == 200
    assert "moved" not in answer.json()["message"] and orders[0].invoice_number not in answer.json()["message"]


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"orders": [], "to": "x"},
        {"orders": "A-1", "to": "x"},
        {"orders": ["A-1"] * 201, "to": "x"},
        {"orders": ["A-1"]},
        {"orders": [{"no": 1}], "to": "x"},
        ["orders"],
    ],
)
def test_a_bad_body_is_a_400_with_a_message(windows, as_user, admin_user, body):
    answer = as_user(admin_user).post(MOVES, body, format="json")
    assert answer.status_code == 400 and answer.json()["message"]


def test_a_slot_that_cannot_take_orders_is_a_400_and_an_unknown_order_a_404(booked_three, as_user, admin_user):
    orders, source, target = booked_three
    staff = as_user(admin_user)
    number = orders[0].invoice_number
    closed_day = timezone.localdate() + timedelta(days=5)
    Holiday.objects.create(date=closed_day)
    closed = next(offer for offer in slot_offers(days=STAFF_DAYS) if offer.date == closed_day)
    past = f"{timezone.localdate() - timedelta(days=1):%Y-%m-%d}.{target.window.pk}"
    far = f"{timezone.localdate() + timedelta(days=STAFF_DAYS):%Y-%m-%d}.{target.window.pk}"
    for slot, code in [
        ("nope", "slot_unknown"),
        (past, "slot_passed"),
        (far, "slot_unknown"),
        (closed.id, "slot_closed"),
    ]:
        answer = staff.post(MOVES, {"orders": [number], "to": slot}, format="json")
        assert answer.status_code == 400 and answer.json()["code"] == code, (slot, answer.json())
    unknown = staff.post(MOVES, {"orders": [number, "ZZ-404"], "to": target.id}, format="json")
    assert unknown.status_code == 404 and "ZZ-404" in unknown.json()["message"]
    assert booked(source) == 3 and booked(target) == 0


def test_only_the_owner_or_manager_moves_orders(booked_three, as_user, make_user, admin_user, shopper):
    orders, source, target = booked_three
    body = {"orders": [orders[0].invoice_number], "to": target.id}
    assert as_user(None).post(MOVES, body, format="json").status_code == 401
    assert as_user(shopper).post(MOVES, body, format="json").status_code == 403
    for number, role in enumerate(("cashier", "packer", "rider"), start=1):
        member = user_role_set(actor=admin_user, user=make_user(f"98765002{number:02d}"), role=role)
        assert as_user(member).post(MOVES, body, format="json").status_code == 403, role
    assert booked(target) == 0
    owner = user_role_set(actor=admin_user, user=make_user("9876500300"), role="owner")
    assert as_user(owner).post(MOVES, body, format="json").status_code == 200
    assert (
        as_user(admin_user).post(MOVES, {**body, "orders": [orders[1].invoice_number]}, format="json").status_code
        == 200
    )
    assert booked(target) == 2


def test_a_closed_days_warning_offers_its_movable_orders_and_where_they_fit(booked_three, admin_user):
    orders, source, target = booked_three
    order_advance(order=orders[0], to_status="packed", by=admin_user)

    _, warning = holiday_add(day=source.date)

    assert warning.orders == sorted(order.invoice_number for order in orders)
    assert warning.movable == warning.move == [orders[1].invoice_number, orders[2].invoice_number]
    assert all(offer.date != source.date and offer.choosable for offer in warning.targets)
    assert warning.suggested == warning.targets[0].id


def test_a_lowered_capacitys_warning_moves_the_latest_orders_over_it_by_default(booked_three, as_user, admin_user):
    orders, source, target = booked_three
    after_target = open_offers()[2]
    answer = as_user(admin_user).put(f"/api/slots/days/{source.id}", {"capacity": 1}, format="json").json()

    warning = answer["warning"]
    assert warning["movable"] == [order.invoice_number for order in orders]
    assert warning["move"] == [orders[1].invoice_number, orders[2].invoice_number]
    assert source.id not in [slot["id"] for slot in warning["targets"]]
    # The next slot takes both: it is the suggestion; with room for one only, the one after it.
    assert warning["suggested"] == target.id
    slot_capacity_set(slot=target.id, capacity=1)
    again = as_user(admin_user).put(f"/api/slots/days/{source.id}", {"capacity": 1}, format="json").json()["warning"]
    assert [slot["placesLeft"] for slot in again["targets"] if slot["id"] == target.id] == [1]
    assert again["suggested"] == after_target.id
