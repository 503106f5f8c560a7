"""Issue 45: a pack staff hid (or whose product they hid) cannot be bought: placement refuses it
with 409 `not_on_sale`, naming it, and writes nothing."""

from catalog.models import Financial, Product
from common.errors import Conflict
from conftest import client_for
from orders.models import Order
from orders.tests.conftest import line, payload


def test_placement_refuses_a_hidden_pack_and_writes_nothing(db, packs, shopper, place_order):
    Financial.objects.filter(pk=packs.oil_1l.pk).update(published=False)
    try:
        place_order(shopper, (packs.rice_5kg, 1), (packs.oil_1l, 2))
    except Conflict as refused:
        assert refused.extra["code"] == "not_on_sale"
        assert "Sunflower Oil" in refused.message
        assert refused.extra["removed"] == [packs.oil_1l.pk]
    else:
        raise AssertionError("a hidden pack was sold")
    assert not Order.objects.exists()
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 25


def test_the_orders_api_answers_409_not_on_sale_for_a_hidden_product(db, packs, shopper):
    Product.objects.filter(pk=packs.rice_5kg.detail.product_id).update(published=False)
    body = payload([line(packs.rice_5kg)], shopper)
    answer = client_for(shopper).post("/api/orders", body, format="json")
    assert answer.status_code == 409
    assert answer.json()["code"] == "not_on_sale"
    assert "Sona Masoori Rice" in answer.json()["message"]
    Product.objects.filter(pk=packs.rice_5kg.detail.product_id).update(published=True)
    assert client_for(shopper).post("/api/orders", body, format="json").status_code == 201
