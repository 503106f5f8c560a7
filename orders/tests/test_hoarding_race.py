"""On PostgreSQL: placements racing each other cannot pass the hoarding caps together (issue 33.6).

The caps were read before placement's transaction, so placements released at the same moment all
read the same open orders and all passed. They are now read inside it, after the customer's row is
locked, so a second placement reads what the first committed.
"""

from decimal import Decimal

import pytest

from catalog.models import Financial
from common.errors import Conflict
from orders.models import Order, OrderItem
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RACERS = 6


def refusals(outcomes: list, code: str) -> int:
    unexpected = [o for o in outcomes if not isinstance(o, Order | Conflict)]
    assert not unexpected, unexpected
    return sum(isinstance(o, Conflict) and o.extra["code"] == code for o in outcomes)


def test_racing_placements_never_exceed_the_open_unpaid_orders_cap(settings, shopper, place_order, packs):
    settings.UNPAID_ORDERS_PER_CUSTOMER = 2
    Financial.objects.filter(pk=packs.oil_1l.pk).update(count_in_stock=100)

    outcomes = together([lambda: place_order(shopper, (packs.oil_1l, 1)) for _ in range(RACERS)])

    assert Order.objects.filter(user=shopper).count() == 2
    assert refusals(outcomes, "too_many_unpaid_orders") == RACERS - 2
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 98


def test_racing_placements_never_exceed_the_units_of_one_pack_cap(settings, shopper, place_order, packs):
    settings.UNPAID_PACK_UNITS_PER_CUSTOMER = 12
    Financial.objects.filter(pk=packs.oil_1l.pk).update(count_in_stock=100)

    outcomes = together([lambda: place_order(shopper, (packs.oil_1l, 5)) for _ in range(RACERS)])

    held = sum(OrderItem.objects.filter(order__user=shopper).values_list("qty", flat=True))
    assert held == 10  # two orders of 5; a third would hold 15
    assert refusals(outcomes, "pack_hoarded") == RACERS - 2
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 90


def test_racing_customers_do_not_wait_on_each_others_caps(settings, shopper, other_shopper, place_order, packs):
    """The lock is the customer's own row: two customers' placements both go through."""
    settings.UNPAID_ORDERS_PER_CUSTOMER = 1
    outcomes = together([lambda: place_order(shopper), lambda: place_order(other_shopper)])
    assert all(isinstance(outcome, Order) for outcome in outcomes), outcomes
    assert Order.objects.filter(total_price__gt=Decimal("0")).count() == 2
