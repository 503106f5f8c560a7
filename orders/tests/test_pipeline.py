"""placed → packed → dispatched → delivered, one step at a time, each step timed."""

import pytest

from accounts.roles import Role
from accounts.services import user_role_set
from common.errors import Conflict
from orders.models import Order
from orders.pipeline import TRANSITIONS, order_advance

pytestmark = pytest.mark.django_db

Status = Order.Status


def test_the_pipeline_is_one_chain_of_steps():
    assert TRANSITIONS == {
        Status.PLACED: Status.PACKED,
        Status.PACKED: Status.DISPATCHED,
        Status.DISPATCHED: Status.DELIVERED,
    }


def test_each_step_records_when_it_happened(shopper, admin_user, place_order):
    order = place_order(shopper)
    assert (order.status, order.packed_at, order.dispatched_at, order.delivered_at) == ("placed", None, None, None)

    for step in (Status.PACKED, Status.DISPATCHED, Status.DELIVERED):
        order_advance(order=order, to_status=step, by=admin_user)

    order.refresh_from_db()
    assert order.status == "delivered"
    assert order.created_at <= order.packed_at <= order.dispatched_at <= order.delivered_at


@pytest.mark.parametrize(
    "reached, target, words",
    [
        ([], Status.DISPATCHED, "must be packed before it can be dispatched"),
        ([], Status.DELIVERED, "must be packed before it can be delivered"),
        ([Status.PACKED], Status.DELIVERED, "must be dispatched before it can be delivered"),
        ([Status.PACKED, Status.DISPATCHED], Status.PACKED, "cannot go back to packed"),
        ([Status.PACKED, Status.DISPATCHED, Status.DELIVERED], Status.DISPATCHED, "cannot go back to dispatched"),
        ([Status.PACKED], Status.PACKED, "is already packed"),
        ([Status.PACKED, Status.DISPATCHED, Status.DELIVERED], Status.DELIVERED, "is already delivered"),
        ([], Status.PLACED, "cannot be moved to 'placed'"),
    ],
)
def test_a_skipped_backward_or_repeated_step_is_a_conflict(shopper, admin_user, place_order, reached, target, words):
    order = place_order(shopper)
    for step in reached:
        order_advance(order=order, to_status=step, by=admin_user)
    before = Order.objects.values().get(pk=order.pk)

    with pytest.raises(Conflict) as refused:
        order_advance(order=order, to_status=target, by=admin_user)

    assert refused.value.status == 409
    assert words in refused.value.message
    assert Order.objects.values().get(pk=order.pk) == before


def test_a_stale_copy_of_the_order_cannot_repeat_a_step(shopper, admin_user, place_order):
    order = place_order(shopper)
    stale = Order.objects.get(pk=order.pk)
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)

    with pytest.raises(Conflict):
        order_advance(order=stale, to_status=Status.PACKED, by=admin_user)


def test_the_status_endpoint_moves_the_order_and_answers_it(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    admin = as_user(admin_user)

    packed = admin.put(f"/api/orders/{order.public_id}/status", {"status": "packed"}, format="json")
    dispatched = admin.put(f"/api/orders/{order.public_id}/status", {"status": "dispatched"}, format="json")

    assert packed.status_code == 200 and packed.json()["isPacked"] is True and packed.json()["packedAt"]
    body = dispatched.json()
    progress = (body["status"], body["isPacked"], body["isDispatched"], body["isDelivered"])
    assert progress == ("dispatched", True, True, False)
    assert body["orderItems"][0]["name"] == "Sunflower Oil"


def test_the_owners_deliver_walks_an_order_through_the_steps_it_skipped(
    as_user, shopper, admin_user, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    # Issue 45: the existing client's admin screen has only "Mark as delivered".
    order = place_order(shopper)
    texts_before = len(sms_outbox(shopper.phone_no))

    with django_capture_on_commit_callbacks(execute=True):
        delivered = as_user(admin_user).put(f"/api/orders/{order.public_id}/deliver")
    again = as_user(admin_user).put(f"/api/orders/{order.public_id}/deliver")

    assert delivered.status_code == 200
    body = delivered.json()
    assert (body["isPacked"], body["isDispatched"], body["isDelivered"]) == (True, True, True)
    moves = list(order.events.order_by("id").values_list("from_status", "to_status", "by"))
    assert moves == [
        ("", "placed", shopper.pk),
        ("placed", "packed", admin_user.pk),
        ("packed", "dispatched", admin_user.pk),
        ("dispatched", "delivered", admin_user.pk),
    ]
    assert len(sms_outbox(shopper.phone_no)) == texts_before + 1  # delivered, not dispatched a moment before
    assert again.status_code == 409
    assert again.json()["message"] == f"Order {order.invoice_number} is already delivered."


def test_a_rider_delivers_a_dispatched_order_only(as_user, shopper, admin_user, make_user, place_order):
    rider = user_role_set(actor=admin_user, user=make_user(name="A rider"), role=Role.RIDER)
    order = place_order(shopper)

    too_early = as_user(rider).put(f"/api/orders/{order.public_id}/deliver")
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)
    order_advance(order=order, to_status=Status.DISPATCHED, by=admin_user)
    delivered = as_user(rider).put(f"/api/orders/{order.public_id}/deliver")

    assert too_early.status_code == 409
    assert too_early.json()["code"] == "invalid_transition"
    assert "must be packed before it can be delivered" in too_early.json()["message"]
    assert delivered.status_code == 200
    assert delivered.json()["isDelivered"] is True and delivered.json()["deliveredAt"]


def test_a_cancelled_order_is_never_delivered(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    as_user(shopper).put(f"/api/orders/{order.public_id}/cancel", {"reason": "Changed my mind"}, format="json")

    response = as_user(admin_user).put(f"/api/orders/{order.public_id}/deliver")

    assert response.status_code == 409
    assert Order.objects.get(pk=order.pk).status == "cancelled"
    assert not order.events.filter(to_status__in=["packed", "delivered"]).exists()


@pytest.mark.parametrize("body", [{"status": "placed"}, {"status": "shipped"}, {}, {"status": None}])
def test_the_status_endpoint_only_takes_the_three_later_steps(as_user, shopper, admin_user, place_order, body):
    order = place_order(shopper)
    response = as_user(admin_user).put(f"/api/orders/{order.public_id}/status", body, format="json")
    assert response.status_code == 400
    order.refresh_from_db()
    assert order.status == "placed"


def test_payment_does_not_move_the_pipeline(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    body = as_user(admin_user).put(f"/api/orders/{order.public_id}/pay").json()
    assert (body["isPaid"], body["status"], body["isPacked"]) == (True, "placed", False)
