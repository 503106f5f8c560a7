"""Two riders marking the same order delivered at the same moment (PostgreSQL row locks): one move,
one collection, the other rider's 409."""

from decimal import Decimal

import pytest
from django.db import connection

from counter.models import DoorCollection
from counter.rounds import door_deliver
from orders.models import Order, OrderEvent
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(3))
def test_two_riders_at_the_same_moment_give_one_move(rider, other_rider, on_the_road, attempt):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    first, _ = on_the_road
    outcomes = together(
        [
            lambda: door_deliver(public_id=first.public_id, rider=rider, method="cash", amount=Decimal("291")),
            lambda: door_deliver(public_id=first.public_id, rider=other_rider, method="cash", amount=Decimal("291")),
        ]
    )
    assert sum(isinstance(outcome, Order) for outcome in outcomes) == 1
    assert OrderEvent.objects.filter(order=first, to_status="delivered").count() == 1
    assert DoorCollection.objects.filter(order=first).count() == 1
