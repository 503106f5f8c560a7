"""The shopper cancels their own order until it is packed (`PUT /api/orders/{id}/cancel`): stock
back once, what was paid comes back with a GST credit note, an SMS in their language, no fee; the
order answer's `canCancel` is the pipeline's word, and a failure on the way changes nothing."""

import pytest
from django.conf import settings

from aftersale.cancellation import order_cancel
from catalog.models import Financial
from orders.models import CreditNote, Order, OrderEvent
from orders.pipeline import may_cancel, order_advance

pytestmark = pytest.mark.django_db

Status = Order.Status


def stock(pack: Financial) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def cancel(as_user, user, order, body=None, **headers):
    return as_user(user).put(f"/api/orders/{order.public_id}/cancel", body or {}, format="json", **headers)


def test_the_shopper_cancels_their_placed_order_and_its_stock_comes_back_once(
    as_user, shopper, packs, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 2))
    assert as_user(shopper).get(f"/api/orders/{order.public_id}").json()["canCancel"] is True

    with django_capture_on_commit_callbacks(execute=True):
        answer = cancel(as_user, shopper, order)

    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert (body["status"], body["isCancelled"], body["canCancel"]) == ("cancelled", True, False)
    assert body["cancelReason"] == "Cancelled by the customer."
    assert (stock(packs.rice_5kg), stock(packs.oil_1l)) == (25, 40)
    event = OrderEvent.objects.filter(order=order).last()
    assert (event.from_status, event.to_status, event.by) == ("placed", "cancelled", shopper)
    # An unpaid cash order: nothing was paid, so nothing comes back and no credit note is needed.
    assert body["creditNotes"] == [] and not CreditNote.objects.exists()
    assert sms_outbox(shopper.phone_no)[-1] == (
        f"Your SMLR Mart order {order.invoice_number} is cancelled: Cancelled by the customer. "
        f"Questions? Call {settings.STORE_SUPPORT_PHONE}."
    )
    again = cancel(as_user, shopper, order)
    assert again.status_code == 409 and again.json()["code"] == "invalid_transition"
    assert (stock(packs.rice_5kg), stock(packs.oil_1l)) == (25, 40)


def test_the_shoppers_reason_is_kept_when_given(as_user, shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 1))
    answer = cancel(as_user, shopper, order, {"reason": "  Ordered   twice "})
    assert answer.status_code == 200 and answer.json()["cancelReason"] == "Ordered twice"
    too_long = place_order(shopper, (packs.oil_1l, 1))
    assert cancel(as_user, shopper, too_long, {"reason": "x" * 501}).status_code == 400
    assert Order.objects.get(pk=too_long.pk).status == Status.PLACED


@pytest.mark.parametrize("reached", [Status.PACKED, Status.DISPATCHED, Status.DELIVERED])
def test_after_packing_the_shopper_is_told_in_their_language_and_nothing_changes(
    as_user, shopper, admin_user, packs, place_order, reached
):
    order = place_order(shopper, (packs.oil_1l, 2))
    steps = [Status.PACKED, Status.DISPATCHED, Status.DELIVERED]
    for step in steps[: steps.index(reached) + 1]:
        order_advance(order=order, to_status=step, by=admin_user)
    assert as_user(shopper).get(f"/api/orders/{order.public_id}").json()["canCancel"] is False

    english = cancel(as_user, shopper, order)
    telugu = cancel(as_user, shopper, order, HTTP_ACCEPT_LANGUAGE="te")

    assert english.status_code == telugu.status_code == 409
    assert english.json()["message"].startswith(
        f"Order {order.invoice_number} is already packed, so it can't be cancelled"
    )
    assert telugu.json()["message"] != english.json()["message"] and order.invoice_number in telugu.json()["message"]
    assert english.json()["currentStatus"] == reached
    assert Order.objects.get(pk=order.pk).status == reached and stock(packs.oil_1l) == 38


def test_staff_still_cancel_a_packed_order_and_need_a_reason(as_user, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 2))
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)
    assert as_user(admin_user).get(f"/api/orders/{order.public_id}").json()["canCancel"] is True
    assert cancel(as_user, admin_user, order).status_code == 400
    answer = cancel(as_user, admin_user, order, {"reason": "Out of stock at packing"})
    assert answer.status_code == 200 and answer.json()["status"] == "cancelled"
    assert stock(packs.oil_1l) == 40


@pytest.mark.parametrize(
    ("who", "expected"), [("anonymous", 401), ("other customer", 404), ("owner", 200), ("admin", 200)]
)
def test_who_may_cancel(as_user, shopper, other_shopper, admin_user, packs, place_order, who, expected):
    order = place_order(shopper, (packs.oil_1l, 2))
    user = {"anonymous": None, "other customer": other_shopper, "owner": shopper, "admin": admin_user}[who]
    answer = cancel(as_user, user, order, {"reason": "Asked by phone"})
    assert answer.status_code == expected, answer.json()
    assert Order.objects.get(pk=order.pk).status == (Status.CANCELLED if expected == 200 else Status.PLACED)
    if who == "other customer":
        assert answer.json() == {"message": "Order not found"}


def test_the_service_refuses_another_customer_even_without_the_view(shopper, other_shopper, packs, place_order):
    from common.errors import NotFound

    order = place_order(shopper, (packs.oil_1l, 2))
    with pytest.raises(NotFound):
        order_cancel(order=order, reason="", by=other_shopper)
    assert Order.objects.get(pk=order.pk).status == Status.PLACED and stock(packs.oil_1l) == 38


def test_may_cancel_is_the_pipelines_rule(shopper, other_shopper, admin_user, packs, place_order):
    from django.contrib.auth.models import AnonymousUser

    order = place_order(shopper, (packs.oil_1l, 1))
    assert may_cancel(order=order, user=shopper) and may_cancel(order=order, user=admin_user)
    assert not may_cancel(order=order, user=other_shopper)
    assert not may_cancel(order=order, user=AnonymousUser()) and not may_cancel(order=order, user=None)
    order_advance(order=order, to_status=Status.PACKED, by=admin_user)
    assert not may_cancel(order=order, user=shopper) and may_cancel(order=order, user=admin_user)


def test_the_order_list_costs_the_same_queries_with_credit_notes(
    as_user, shopper, packs, place_order, django_assert_max_num_queries
):
    for _ in range(3):
        place_order(shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1))
    with django_assert_max_num_queries(12) as few:
        as_user(shopper).get("/api/orders/mine")
    for _ in range(5):
        place_order(shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1))
    with django_assert_max_num_queries(len(few.captured_queries)):
        as_user(shopper).get("/api/orders/mine")
