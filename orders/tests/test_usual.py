"""Your usual items: the shopper's most bought packs, one statement, cached, dropped by their orders."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from aftersale.cancellation import order_cancel
from conftest import client_for
from orders.models import Order
from orders.usual import USUAL_LIMIT

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _empty_cache():
    cache.clear()
    yield
    cache.clear()


def usual(user):
    return client_for(user).get("/api/orders/usual")


def packs_of(products) -> list[tuple[str, str, str]]:
    return [
        (product["name"], detail["brand"], pack["_id"])
        for product in products
        for detail in product["details"]
        for pack in detail["financials"]
    ]


def test_most_bought_first_cancelled_orders_left_out(shopper, other_shopper, admin_user, packs, place_order):
    place_order(shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1))
    place_order(shopper, (packs.oil_1l, 2), (packs.rice_1kg, 3))
    cancelled = place_order(shopper, (packs.rice_other_brand, 5))
    order_cancel(order=Order.objects.get(pk=cancelled.pk), reason="Changed my mind", by=shopper)
    place_order(other_shopper, (packs.rice_other_brand, 1))

    products = usual(shopper).json()

    # oil: 2 orders; rice 1 kg: 1 order of 3 packs; rice 5 kg: 1 order of 1 (same product and brand: one entry)
    assert packs_of(products) == [
        ("Sunflower Oil", "Fortune", str(packs.oil_1l.pk)),
        ("Sona Masoori Rice", "India Gate", str(packs.rice_1kg.pk)),
        ("Sona Masoori Rice", "India Gate", str(packs.rice_5kg.pk)),
    ]
    assert products[0]["details"][0]["financials"][0]["dprice"] == 145.5
    assert usual(other_shopper).json()[0]["details"][0]["financials"][0]["_id"] == str(packs.rice_other_brand.pk)
    assert usual(None).status_code == 401


def test_one_statement_then_the_cache_until_the_shopper_orders_again(
    shopper, packs, place_order, django_capture_on_commit_callbacks
):
    place_order(shopper, (packs.oil_1l, 1))
    client = client_for(shopper)
    with CaptureQueriesContext(connection) as first:
        assert len(packs_of(client.get("/api/orders/usual").json())) == 1
    with CaptureQueriesContext(connection) as cached:
        client.get("/api/orders/usual")
    assert len(first) - len(cached) == 1  # the usual items' one statement

    with django_capture_on_commit_callbacks(execute=True):
        place_order(shopper, (packs.rice_5kg, 1))
    assert len(packs_of(client.get("/api/orders/usual").json())) == 2


def test_at_most_twelve(shopper, packs, place_order):
    from catalog.models import Financial
    from orders.tests.conftest import make_pack

    extra = [make_pack(packs.oil_1l.detail, str(size), "ml", "50", "45", 50) for size in range(100, 100 + 14)]
    place_order(shopper, *[(pack, 1) for pack in Financial.objects.filter(pk__in=[p.pk for p in extra])])
    assert len(packs_of(usual(shopper).json())) == USUAL_LIMIT
