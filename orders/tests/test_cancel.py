"""Cancelling: staff cancel a placed or packed order with a reason; its stock goes back exactly
once, the history records it and the customer is told by SMS."""

import pytest

from aftersale.cancellation import order_cancel
from catalog.models import Financial
from catalog.tests.announcements import announcements
from common.errors import Conflict, DomainError
from orders.models import Order, OrderEvent
from orders.pipeline import MOVES, order_advance
from orders.tests.conftest import give_address

pytestmark = pytest.mark.django_db

Status = Order.Status
ANONYMOUS, OWNER, OTHER, ADMIN = "anonymous", "owner", "other customer", "admin"


def stock(pack: Financial) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def test_cancelled_is_reachable_from_placed_and_packed_only():
    assert [status for status, moves in MOVES.items() if Status.CANCELLED in moves] == [Status.PLACED, Status.PACKED]
    assert MOVES[Status.CANCELLED] == ()


@pytest.mark.parametrize("reached", [Status.PLACED, Status.PACKED])
def test_cancelling_returns_every_line_records_why_and_announces_once(shopper, admin_user, packs, place_order, reached):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 2))
    if reached == Status.PACKED:
        order_advance(order=order, to_status=Status.PACKED, by=admin_user)
    assert (stock(packs.rice_5kg), stock(packs.oil_1l)) == (22, 38)

    with announcements() as heard:
        order_cancel(order=order, reason="  Customer   asked to cancel ", by=admin_user)

    assert (stock(packs.rice_5kg), stock(packs.oil_1l)) == (25, 40)
    saved = Order.objects.get(pk=order.pk)
    assert (saved.status, saved.cancel_reason, saved.is_cancelled) == ("cancelled", "Customer asked to cancel", True)
    assert saved.cancelled_at is not None and order.cancelled_at == saved.cancelled_at
    last = saved.events.last()
    assert (last.from_status, last.to_status, last.by, last.reason) == (
        reached,
        "cancelled",
        admin_user,
        "Customer asked to cancel",
    )
    products = {packs.rice_5kg.detail.product_id, packs.oil_1l.detail.product_id}
    assert heard == [(frozenset(products), frozenset({packs.rice_5kg.pk, packs.oil_1l.pk}))]


@pytest.mark.parametrize("reached", [Status.DISPATCHED, Status.DELIVERED, "cancelled"])
def test_a_dispatched_delivered_or_cancelled_order_cannot_be_cancelled(
    shopper, admin_user, packs, place_order, reached
):
    order = place_order(shopper, (packs.oil_1l, 2))
    if reached == "cancelled":
        order_cancel(order=order, reason="first", by=admin_user)
    else:
        for step in (Status.PACKED, Status.DISPATCHED, Status.DELIVERED)[: 2 if reached == Status.DISPATCHED else 3]:
            order_advance(order=order, to_status=step, by=admin_user)
    events = OrderEvent.objects.filter(order=order).count()

    with pytest.raises(Conflict) as refused:
        order_cancel(order=Order.objects.get(pk=order.pk), reason="again", by=admin_user)

    assert refused.value.extra["code"] == "invalid_transition"
    assert stock(packs.oil_1l) == (40 if reached == "cancelled" else 38)
    assert OrderEvent.objects.filter(order=order).count() == events


def test_a_stale_copy_cannot_cancel_twice_nor_advance_a_cancelled_order(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2))
    stale = Order.objects.get(pk=order.pk)
    order_cancel(order=order, reason="Out of delivery area", by=admin_user)
    with pytest.raises(Conflict, match="cannot be cancelled|already cancelled"):
        order_cancel(order=stale, reason="again", by=admin_user)
    with pytest.raises(Conflict, match="is cancelled; it cannot be packed"):
        order_advance(order=stale, to_status=Status.PACKED, by=admin_user)
    assert stock(packs.oil_1l) == 40


@pytest.mark.parametrize("reason", ["", "   ", None, "x" * 501])
def test_a_reason_is_required_and_short(shopper, admin_user, place_order, reason):
    order = place_order(shopper)
    with pytest.raises(DomainError) as refused:
        order_cancel(order=order, reason=reason, by=admin_user)
    assert refused.value.status == 400
    assert Order.objects.get(pk=order.pk).status == "placed"


def test_a_pack_deleted_since_is_skipped_and_the_rest_returned(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_1kg, 1), (packs.oil_1l, 2))
    packs.rice_1kg.delete()
    order_cancel(order=order, reason="Shop closed", by=None)
    assert stock(packs.oil_1l) == 40
    assert Order.objects.get(pk=order.pk).events.last().by is None


def test_the_customer_is_texted_after_commit(
    shopper, admin_user, place_order, sms_outbox, django_capture_on_commit_callbacks, settings
):
    settings.STORE_SUPPORT_PHONE = "+91 90000 12345"
    order = place_order(shopper)
    with django_capture_on_commit_callbacks(execute=True):
        order_cancel(order=order, reason="Item damaged in store.", by=admin_user)
    assert sms_outbox(shopper.phone_no) == [
        f"Your SMLR Mart order {order.invoice_number} is cancelled: Item damaged in store. Questions? Call +91 90000 12345."
    ]


# --- PUT /api/orders/{id}/cancel -----------------------------------------------------------------


@pytest.fixture
def people(shopper, other_shopper, admin_user):
    return {ANONYMOUS: None, OWNER: shopper, OTHER: other_shopper, ADMIN: give_address(admin_user)}


# The shopper cancels their own placed order too (issue 25, orders/tests/test_customer_cancel.py);
# another customer is not told the order exists.
@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 200), (OTHER, 404), (ADMIN, 200)])
def test_the_owner_or_an_admin_cancels(as_user, people, packs, place_order, who, expected):
    order = place_order(people[OWNER], (packs.oil_1l, 2))
    response = as_user(people[who]).put(f"/api/orders/{order.public_id}/cancel", {"reason": "Asked"}, format="json")
    assert response.status_code == expected
    assert response.json()["message"] if expected != 200 else True
    assert Order.objects.get(pk=order.pk).status == ("cancelled" if expected == 200 else "placed")
    assert stock(packs.oil_1l) == (40 if expected == 200 else 38)


def test_the_cancel_endpoint_answers_the_cancelled_order(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    body = as_user(admin_user).put(f"/api/orders/{order.public_id}/cancel", {"reason": "No stock"}, format="json")
    data = body.json()
    assert body.status_code == 200
    assert (data["status"], data["isCancelled"], data["cancelReason"]) == ("cancelled", True, "No stock")
    assert data["cancelledAt"] and data["allowedMoves"] == []


def test_the_cancel_endpoint_refuses_a_dispatched_order_with_409(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    for step in (Status.PACKED, Status.DISPATCHED):
        order_advance(order=order, to_status=step, by=admin_user)
    response = as_user(admin_user).put(f"/api/orders/{order.public_id}/cancel", {"reason": "Late"}, format="json")
    assert response.status_code == 409
    assert "can no longer be cancelled" in response.json()["message"]


@pytest.mark.parametrize("body", [{}, {"reason": ""}, {"reason": "  "}, {"reason": ["x"]}, {"reason": "x" * 501}])
def test_the_cancel_endpoint_needs_a_reason(as_user, shopper, admin_user, place_order, body):
    order = place_order(shopper)
    response = as_user(admin_user).put(f"/api/orders/{order.public_id}/cancel", body, format="json")
    assert response.status_code == 400
    assert response.json()["message"]
    assert Order.objects.get(pk=order.pk).status == "placed"


def test_cancelling_an_unknown_order_is_404(as_user, admin_user):
    response = as_user(admin_user).put("/api/orders/nosuchorder/cancel", {"reason": "x"}, format="json")
    assert response.status_code == 404


# --- Django admin --------------------------------------------------------------------------------


@pytest.fixture
def staff(client, admin_user):
    client.force_login(admin_user)
    return client


def test_the_admin_cancel_action_needs_a_reason_and_reports_refusals(staff, shopper, admin_user, packs, place_order):
    placed, dispatched = place_order(shopper, (packs.oil_1l, 1)), place_order(shopper, (packs.oil_1l, 1))
    for step in (Status.PACKED, Status.DISPATCHED):
        order_advance(order=dispatched, to_status=step, by=admin_user)
    selection = {"action": "cancel_orders", "_selected_action": [placed.pk, dispatched.pk]}

    without = staff.post("/staff/orders/order/", selection, follow=True)
    assert any("reason" in str(message) for message in without.context["messages"])
    assert Order.objects.get(pk=placed.pk).status == "placed"

    response = staff.post("/staff/orders/order/", {**selection, "reason": "Customer called"}, follow=True)
    messages = [str(message) for message in response.context["messages"]]
    assert "1 order(s) cancelled." in messages
    assert any(m.startswith(f"{dispatched.invoice_number}: ") for m in messages)
    assert Order.objects.get(pk=placed.pk).cancel_reason == "Customer called"
    assert stock(packs.oil_1l) == 39


def test_the_admin_order_page_shows_its_history(staff, shopper, admin_user, place_order):
    order = place_order(shopper)
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)
    order_cancel(order=order, reason="Wrong address", by=admin_user)
    page = staff.get(f"/staff/orders/order/{order.pk}/change/").content.decode()
    assert "Wrong address" in page
    assert page.count("Cancelled") >= 1 and "Packed" in page
    assert "events-0" in page or "Order events" in page
