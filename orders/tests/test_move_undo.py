"""Undoing a mistaken dispatched or delivered move (issue 48): the manager only, with a reason,
recorded as a move of its own; nothing else about the order changes."""

import pytest
from django.utils import timezone

from accounts.services import user_role_set
from conftest import client_for
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance

pytestmark = pytest.mark.django_db


def undo(user, order, **body):
    return client_for(user).post(f"/api/orders/{order.public_id}/undo", body, format="json")


def on_the_road(order, by):
    order_advance(order=order, to_status="packed", by=by)
    order_advance(order=order, to_status="dispatched", by=by)
    order.refresh_from_db()
    return order


def test_the_manager_puts_a_delivered_order_back_to_dispatched_with_a_reason(admin_user, shopper, place_order):
    order = on_the_road(place_order(shopper), admin_user)
    order_advance(order=order, to_status="delivered", by=admin_user)

    answer = undo(admin_user, order, reason="  Marked by   mistake ")

    assert answer.status_code == 200, answer.content
    order.refresh_from_db()
    assert (order.status, order.delivered_at) == ("dispatched", None)
    assert order.dispatched_at is not None
    last = OrderEvent.objects.filter(order=order).last()
    assert (last.from_status, last.to_status, last.by, last.reason) == (
        "delivered",
        "dispatched",
        admin_user,
        "Marked by mistake",
    )
    # The delivered move stays in the history beside its undo.
    assert OrderEvent.objects.filter(order=order, to_status="delivered").count() == 1
    again = undo(admin_user, order, reason="The van never left")
    assert again.status_code == 200
    order.refresh_from_db()
    assert (order.status, order.dispatched_at) == ("packed", None)


@pytest.mark.parametrize("status", ["placed", "packed", "cancelled"])
def test_only_a_dispatched_or_delivered_move_can_be_undone(admin_user, shopper, place_order, status):
    order = place_order(shopper)
    if status == "packed":
        order_advance(order=order, to_status="packed", by=admin_user)
    if status == "cancelled":
        Order.objects.filter(pk=order.pk).update(status="cancelled", cancelled_at=timezone.now())
    events = OrderEvent.objects.count()

    answer = undo(admin_user, order, reason="Mistake")

    assert answer.status_code == 409
    assert answer.json()["code"] == "invalid_transition"
    assert "only a dispatched or delivered move can be undone" in answer.json()["message"]
    assert OrderEvent.objects.count() == events


def test_an_undo_needs_a_reason_and_the_manager(admin_user, make_user, shopper, place_order):
    order = on_the_road(place_order(shopper), admin_user)
    for blank in ({}, {"reason": "   "}):
        answer = undo(admin_user, order, **blank)
        assert answer.status_code == 400
        assert answer.json()["message"] == "Say why the move is undone."
    assert undo(admin_user, order, reason="x" * 501).status_code == 400
    for role in ("packer", "rider", "cashier"):
        staff = user_role_set(actor=admin_user, user=make_user(name=f"A {role}"), role=role)
        assert undo(staff, order, reason="Mistake").status_code == 403
    assert undo(shopper, order, reason="Mistake").status_code == 403
    order.refresh_from_db()
    assert order.status == "dispatched"


def test_the_refusal_is_in_telugu_for_a_telugu_manager(admin_user, shopper, place_order):
    order = on_the_road(place_order(shopper), admin_user)
    answer = client_for(admin_user).post(
        f"/api/orders/{order.public_id}/undo", {}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert answer.status_code == 400
    assert answer.json()["message"] == "తరలింపును ఎందుకు వెనక్కి తీసుకుంటున్నారో చెప్పండి."


def test_the_answer_says_what_the_caller_may_undo_to(admin_user, make_user, shopper, place_order):
    """`undoTo`: the board's Undo button shows for the manager on a dispatched or delivered order only."""
    order = place_order(shopper)
    url = f"/api/orders/{order.public_id}"
    assert client_for(admin_user).get(url).json()["undoTo"] is None
    on_the_road(order, admin_user)
    assert client_for(admin_user).get(url).json()["undoTo"] == "packed"
    order_advance(order=order, to_status="delivered", by=admin_user)
    assert client_for(admin_user).get(url).json()["undoTo"] == "dispatched"
    board = client_for(admin_user).get("/api/orders/board").json()["orders"]
    assert [row["undoTo"] for row in board if row["_id"] == order.public_id] == ["dispatched"]
    for role in ("packer", "rider", "cashier"):
        staff = user_role_set(actor=admin_user, user=make_user(name=f"A {role}"), role=role)
        assert client_for(staff).get(url).json()["undoTo"] is None
    assert client_for(shopper).get(url).json()["undoTo"] is None
