"""The server's commerce rules: payment methods switched off are refused, every pipeline move is
recorded, order answers say which moves the caller may make, and placement announces its stock."""

import pytest

from catalog.tests.announcements import announcements
from common.errors import Conflict
from orders.models import Order, OrderEvent
from orders.pipeline import order_advance
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("enabled", ["N", "n", "0", "false"])
def test_online_is_refused_when_switched_off(as_user, shopper, packs, settings, enabled):
    settings.ONLINE_PAYMENT_ENABLED = enabled
    response = as_user(shopper).post(
        "/api/orders", payload([line(packs.oil_1l)], shopper, method="Online"), format="json"
    )
    assert response.status_code == 400
    assert response.json()["message"] == (
        "Online payment is not available at the moment. Please choose another payment method."
    )
    assert Order.objects.count() == 0
    cash = as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")
    assert cash.status_code == 201


def test_online_is_accepted_when_switched_on(as_user, shopper, packs, settings):
    settings.ONLINE_PAYMENT_ENABLED = "Y"
    response = as_user(shopper).post(
        "/api/orders", payload([line(packs.oil_1l)], shopper, method="Online"), format="json"
    )
    assert response.status_code == 201


def test_placement_takes_stock_through_the_catalog_and_announces_once(as_user, shopper, packs):
    body = payload([line(packs.rice_5kg, 2), line(packs.oil_1l, 1)], shopper)
    with announcements() as heard:
        assert as_user(shopper).post("/api/orders", body, format="json").status_code == 201
    products = {packs.rice_5kg.detail.product_id, packs.oil_1l.detail.product_id}
    assert heard == [(frozenset(products), frozenset({packs.rice_5kg.pk, packs.oil_1l.pk}))]


@pytest.mark.parametrize("qty, total", [(5, None), (1, "1.00")])
def test_a_refused_placement_announces_nothing(as_user, shopper, packs, qty, total):
    body = payload([line(packs.rice_1kg, qty)], shopper, total=total)
    with announcements() as heard:
        assert as_user(shopper).post("/api/orders", body, format="json").status_code == 409
    assert heard == []


def test_every_move_is_recorded_with_who_and_when(shopper, admin_user, place_order):
    order = place_order(shopper)
    for step in ("packed", "dispatched", "delivered"):
        order_advance(order=order, to_status=step, by=admin_user)
    events = list(OrderEvent.objects.filter(order=order).values_list("from_status", "to_status", "by", "at"))
    assert [event[:3] for event in events] == [
        ("", "placed", shopper.pk),
        ("placed", "packed", admin_user.pk),
        ("packed", "dispatched", admin_user.pk),
        ("dispatched", "delivered", admin_user.pk),
    ]
    saved = Order.objects.get(pk=order.pk)
    assert [event[3] for event in events] == [
        saved.created_at,
        saved.packed_at,
        saved.dispatched_at,
        saved.delivered_at,
    ]


def test_a_refused_move_records_nothing(shopper, admin_user, place_order):
    order = place_order(shopper)
    with pytest.raises(Conflict):
        order_advance(order=order, to_status="delivered", by=admin_user)
    assert OrderEvent.objects.filter(order=order).count() == 1


def test_order_answers_tell_the_caller_its_next_moves(as_user, shopper, admin_user, place_order):
    order = place_order(shopper)
    url = f"/api/orders/{order.public_id}"
    mine = as_user(shopper).get(url).json()
    assert (mine["status"], mine["allowedMoves"], mine["isCancelled"]) == ("placed", [], False)
    assert (mine["cancelledAt"], mine["cancelReason"]) == (None, "")
    assert as_user(admin_user).get(url).json()["allowedMoves"] == ["packed", "cancelled"]
    order_advance(order=order, to_status="packed", by=admin_user)
    assert as_user(admin_user).get(url).json()["allowedMoves"] == ["dispatched", "cancelled"]
    order_advance(order=order, to_status="dispatched", by=admin_user)
    assert as_user(admin_user).get(url).json()["allowedMoves"] == ["delivered"]
    assert as_user(shopper).get("/api/orders/mine").json()[0]["allowedMoves"] == []
    listed = as_user(admin_user).get("/api/orders").json()
    rows = listed if isinstance(listed, list) else listed["orders"]
    assert rows[0]["allowedMoves"] == ["delivered"]


def test_the_database_guard_agrees_with_the_pack_count_rule(shopper, place_order):
    """OrderItem's CHECK constraint is the last guard of the pack-count rules: `rules.MAX_QTY` online
    and the counter's `MAX_LINE_QTY` (a bill's line may hold more, issue 41); they must not drift."""
    from django.db import IntegrityError, transaction

    from counter.services import MAX_LINE_QTY
    from orders.rules import MAX_QTY, MIN_QTY

    item = place_order(shopper).items.get()
    assert MAX_QTY <= MAX_LINE_QTY
    for qty, allowed in (
        (MIN_QTY, True),
        (MAX_QTY, True),
        (MAX_LINE_QTY, True),
        (MIN_QTY - 1, False),
        (MAX_LINE_QTY + 1, False),
    ):
        item.qty = qty
        if allowed:
            with transaction.atomic():
                item.save(update_fields=["qty"])
        else:
            with pytest.raises(IntegrityError), transaction.atomic():
                item.save(update_fields=["qty"])
