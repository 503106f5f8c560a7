"""On PostgreSQL: a bulk dispatch and a cancel of the same packed order at once never both
succeed; and stamps racing each other hand out cursors a reader sees in order."""

import pytest

from aftersale.cancellation import order_cancel
from backoffice.board import orders_bulk_move
from common.errors import Conflict
from orders import changes
from orders.models import Order, OrderChange
from orders.pipeline import order_advance
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("round_", range(3))
def test_a_bulk_dispatch_and_a_cancel_never_both_succeed(shopper, admin_user, place_order, round_):
    orders = [place_order(shopper) for _ in range(3)]
    for order in orders:
        order_advance(order=order, to_status="packed", by=admin_user)
    contested = orders[0]  # first in the bulk, so the two meet on it

    bulk, cancel = together(
        [
            lambda: orders_bulk_move(
                public_ids=[order.public_id for order in orders], to_status="dispatched", by=admin_user
            ),
            lambda: order_cancel(order=Order.objects.get(pk=contested.pk), reason="Shop closed", by=admin_user),
        ]
    )
    contested.refresh_from_db()
    dispatched_it = any(moved.public_id == contested.public_id for moved in bulk.moved)
    cancelled_it = not isinstance(cancel, Exception)
    assert dispatched_it != cancelled_it  # exactly one of them
    if cancelled_it:
        assert contested.status == "cancelled"
        assert [refusal.public_id for refusal in bulk.refused] == [contested.public_id]
        assert "cancelled" in bulk.refused[0].reason
    else:
        assert contested.status == "dispatched"
        assert isinstance(cancel, Conflict)
    others = Order.objects.exclude(pk=contested.pk).values_list("status", flat=True)
    assert list(others) == ["dispatched", "dispatched"]


def test_racing_stamps_hand_out_distinct_cursors_in_commit_order(shopper, place_order):
    orders = [place_order(shopper) for _ in range(6)]
    before = changes.current_cursor()
    cursors = together([lambda order=order: changes.order_change_stamp(order_id=order.pk) for order in orders])
    assert sorted(cursors) == list(range(before + 1, before + 7))
    assert changes.current_cursor() == before + 6
    assert sorted(OrderChange.objects.filter(order__in=orders).values_list("cursor", flat=True)) == sorted(cursors)
