"""Buy again: an order's packs as cart lines at today's prices, naming what changed or is gone."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog.services import financial_update
from conftest import client_for

pytestmark = pytest.mark.django_db


def buy_again(user, order):
    return client_for(user).post(f"/api/orders/{order.public_id}/buy-again")


def test_packs_come_back_at_todays_prices_and_the_rest_is_named(shopper, packs, place_order):
    order = place_order(
        shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1), (packs.rice_1kg, 2), (packs.rice_other_brand, 1)
    )
    financial_update(financial=packs.oil_1l, dprice="150.00")  # dearer today
    financial_update(financial=packs.rice_other_brand, count_in_stock=0)
    packs.rice_1kg.refresh_from_db()
    assert packs.rice_1kg.count_in_stock == 1  # 3, less the 2 ordered
    packs.rice_5kg.delete()

    response = buy_again(shopper, order)

    assert response.status_code == 200
    body = response.json()
    oil, rice = body["cartItems"]
    assert oil == {
        "productId": str(packs.oil_1l.detail.product_id),
        "name": "Sunflower Oil",
        "nameTe": "",
        "slug": "sunflower-oil",
        "category": "OILS",
        "brand": "Fortune",
        "brandId": str(packs.oil_1l.detail_id),
        "financialId": str(packs.oil_1l.pk),
        "quantity": "1",
        "units": "L",
        "price": 160.0,
        "dprice": 150.0,
        "Discount": 6,
        "image": "/media/fortune-oil.svg",
        "countInStock": 10,
        "qty": 1,
    }
    assert (rice["financialId"], rice["qty"], rice["dprice"]) == (str(packs.rice_1kg.pk), 1, 90.0)
    assert body["changed"] == [
        {"name": "Sunflower Oil", "brand": "Fortune", "quantity": "1", "units": "L", "was": 145.5, "now": 150.0}
    ]
    assert body["reduced"] == [
        {"name": "Sona Masoori Rice", "brand": "India Gate", "quantity": "1", "units": "kg", "ordered": 2, "qty": 1}
    ]
    assert body["unavailable"] == [
        {"name": "Sona Masoori Rice", "brand": "India Gate", "quantity": "5", "units": "kg", "reason": "gone"},
        {"name": "Sona Masoori Rice", "brand": "Daawat", "quantity": "5", "units": "kg", "reason": "outOfStock"},
    ]


def test_an_unchanged_order_names_nothing(shopper, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 3))
    body = buy_again(shopper, order).json()
    assert [(line["financialId"], line["qty"]) for line in body["cartItems"]] == [(str(packs.oil_1l.pk), 3)]
    assert body["unavailable"] == body["changed"] == body["reduced"] == []


def test_the_queries_do_not_grow_with_the_order(shopper, packs, place_order):
    small = place_order(shopper, (packs.oil_1l, 1))
    large = place_order(
        shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1), (packs.rice_1kg, 1), (packs.rice_other_brand, 1)
    )
    client = client_for(shopper)
    counts = []
    for order in (small, large):
        with CaptureQueriesContext(connection) as queries:
            assert client.post(f"/api/orders/{order.public_id}/buy-again").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1]


def test_only_the_owner_and_staff_may_buy_an_order_again(shopper, other_shopper, admin_user, packs, place_order):
    order = place_order(shopper)
    assert buy_again(other_shopper, order).status_code == 404
    assert buy_again(None, order).status_code == 401
    assert buy_again(admin_user, order).status_code == 200
    assert client_for(shopper).post("/api/orders/nosuchorder/buy-again").status_code == 404
    assert client_for(shopper).post(f"/api/orders/{'x' * 300}/buy-again").status_code == 404
