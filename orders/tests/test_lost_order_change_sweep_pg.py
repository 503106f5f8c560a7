"""On PostgreSQL: a sweep for lost order changes claims the notes it stamps with SKIP LOCKED, so a
note another transaction holds (a change still committing, a stamp or a second sweep at work) is
left to it, and two sweeps at once stamp each note once (issue 46)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, transaction
from django.utils import timezone

from orders import changes
from orders.events import order_changed
from orders.models import OrderChange, OrderChangePending
from orders.tasks import stamp_lost_order_changes
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def heard():
    sent: list[tuple[int, int | None]] = []

    def listen(sender, order_id, cursor, **kwargs):
        sent.append((order_id, cursor))

    order_changed.connect(listen)
    yield sent
    order_changed.disconnect(listen)


def left_behind(orders) -> None:
    """Notes of changes whose process died after the commit, 6 s ago."""
    OrderChangePending.objects.all().delete()
    OrderChangePending.objects.bulk_create(
        [OrderChangePending(order_id=order.pk, at=timezone.now() - timedelta(seconds=6)) for order in orders]
    )


def test_a_note_held_by_another_transaction_is_skipped_not_waited_for(shopper, place_order, heard):
    held, free = place_order(shopper), place_order(shopper)
    left_behind([held, free])
    heard.clear()
    locked, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():
                OrderChangePending.objects.select_for_update().filter(order_id=held.pk).get()
                locked.set()
                release.wait(10)
        finally:
            connection.close()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert locked.wait(10)
        assert stamp_lost_order_changes() == 1  # at once, not after the holder lets go
        assert [order_id for order_id, _cursor in heard] == [free.pk]
        assert OrderChangePending.objects.filter(order_id=held.pk).exists()
    finally:
        release.set()
        holder.join()
    assert stamp_lost_order_changes() == 1
    assert sorted(order_id for order_id, _cursor in heard) == sorted([held.pk, free.pk])
    assert not OrderChangePending.objects.exists()


def test_two_sweeps_at_once_stamp_each_note_once(shopper, place_order, heard):
    orders = [place_order(shopper) for _ in range(6)]
    left_behind(orders)
    before = changes.current_cursor()
    heard.clear()

    counts = together([stamp_lost_order_changes, stamp_lost_order_changes])

    assert sum(counts) == 6, counts
    assert sorted(order_id for order_id, _cursor in heard) == sorted(order.pk for order in orders)
    assert changes.current_cursor() == before + 6  # one stamp per note
    assert OrderChange.objects.filter(order__in=orders, cursor__gt=before).count() == 6
