"""Unpaid orders cannot hoard stock (issue 33.6): caps per customer, a placement throttle."""

import pytest

from catalog.models import Financial
from orders.models import Order

pytestmark = pytest.mark.django_db


def test_a_customer_may_hold_only_so_many_open_unpaid_orders(settings, shopper, place_order, packs, as_user):
    settings.UNPAID_ORDERS_PER_CUSTOMER = 3
    for _ in range(3):
        place_order(shopper)
    from common.errors import Conflict

    with pytest.raises(Conflict) as refused:
        place_order(shopper)
    assert refused.value.extra["code"] == "too_many_unpaid_orders"
    assert str(refused.value.message) == (
        "You have 3 unpaid orders on their way. Please pay for or receive one before placing another."
    )
    assert Order.objects.filter(user=shopper).count() == 3
    # One of them cancelled (staff releasing a hoard): the customer may order again.
    from aftersale.cancellation import order_cancel

    order_cancel(order=Order.objects.filter(user=shopper).first(), reason="hoard released")
    place_order(shopper)


def test_units_of_one_pack_across_open_unpaid_orders_are_capped(settings, shopper, place_order, packs):
    """Two orders in 0.7 s took a pack from 14 to 0."""
    settings.UNPAID_PACK_UNITS_PER_CUSTOMER = 12
    Financial.objects.filter(pk=packs.oil_1l.pk).update(count_in_stock=14)
    place_order(shopper, (packs.oil_1l, 10))
    from common.errors import Conflict

    with pytest.raises(Conflict) as refused:
        place_order(shopper, (packs.oil_1l, 4))
    assert refused.value.extra["code"] == "pack_hoarded"
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 4
    place_order(shopper, (packs.oil_1l, 2))  # within the cap


def test_the_refusal_is_a_409_in_the_shoppers_language(settings, shopper, place_order, packs, as_user):
    from orders.tests.conftest import line, payload

    settings.UNPAID_ORDERS_PER_CUSTOMER = 1
    place_order(shopper)
    answer = as_user(shopper).post(
        "/api/orders", payload([line(packs.oil_1l)], shopper), format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert answer.status_code == 409
    assert answer.json()["code"] == "too_many_unpaid_orders"
    assert answer.json()["message"] != (
        "You have 1 unpaid orders on their way. Please pay for or receive one before placing another."
    )


def test_placements_are_throttled_per_customer(settings, shopper, place_order):
    settings.ORDER_PLACEMENTS_PER_MINUTE = 2
    place_order(shopper)
    place_order(shopper)
    from orders.rules import TooManyPlacements

    with pytest.raises(TooManyPlacements):
        place_order(shopper)


def test_staff_find_the_hoards_in_django_admin(settings, shopper, place_order, admin_user, make_user, client):
    settings.UNPAID_ORDERS_PER_CUSTOMER = 2
    hoard = [place_order(shopper), place_order(shopper)]
    client.force_login(admin_user)
    page = client.get("/staff/orders/order/?unpaid_hoard=yes")
    assert page.status_code == 200
    text = page.content.decode()
    assert all(order.invoice_number in text for order in hoard)
