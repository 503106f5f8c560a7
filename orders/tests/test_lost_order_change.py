"""An order change whose process dies between its commit and its announcement is not lost (issue 46):
the change notes itself in its own transaction (`OrderChangePending`), its stamp removes the note,
and the beat task stamps and announces any note its stamp never reached."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import TestCase
from django.utils import timezone

from catalog import after_commit
from orders import changes
from orders.events import order_changed
from orders.models import OrderChange, OrderChangePending
from orders.pipeline import order_advance
from orders.tasks import stamp_lost_order_changes

pytestmark = pytest.mark.django_db


def committed(call, *args, hooks_run: bool = True, **kwargs):
    """call(...) as its own committed transaction; `hooks_run=False`: its process dies just after
    the commit, before its after-commit work (the stamp and the announcement)."""
    with after_commit.set_aside(), TestCase.captureOnCommitCallbacks(execute=hooks_run):
        return call(*args, **kwargs)


@pytest.fixture
def heard():
    """The order_changed signals sent: (order id, cursor)."""
    sent: list[tuple[int, int | None]] = []

    def listen(sender, order_id, cursor, **kwargs):
        sent.append((order_id, cursor))

    order_changed.connect(listen)
    yield sent
    order_changed.disconnect(listen)


def test_a_change_notes_itself_in_its_own_transaction_and_its_stamp_removes_the_note(
    shopper, admin_user, place_order, heard
):
    order = committed(place_order, shopper)
    heard.clear()
    noted = []

    def advance():
        moved = order_advance(order=order, to_status="packed", by=admin_user)
        noted.append(OrderChangePending.objects.filter(order=order).exists())  # inside its transaction
        return moved

    committed(advance)

    assert noted == [True]

    assert not OrderChangePending.objects.filter(order=order).exists()
    cursor = OrderChange.objects.get(order=order).cursor
    assert heard == [(order.pk, cursor)]


def test_a_change_whose_process_died_before_its_stamp_reaches_the_board_by_the_beat_task(
    shopper, admin_user, place_order, heard
):
    order = committed(place_order, shopper)
    committed(order_advance, order=order, to_status="packed", by=admin_user)
    seen = changes.current_cursor()  # where the staff board stands
    heard.clear()
    committed(order_advance, order=order, to_status="dispatched", by=admin_user, hooks_run=False)
    assert [change.order_id for change in changes.changes_since(since=seen, limit=10)] == []

    assert stamp_lost_order_changes() == 0  # a note this young still waits for its own stamp
    OrderChangePending.objects.filter(order=order).update(at=timezone.now() - changes.LOST_AFTER)
    assert stamp_lost_order_changes() == 1

    caught_up = changes.changes_since(since=seen, limit=10)
    assert [change.order_id for change in caught_up] == [order.pk]
    assert heard == [(order.pk, caught_up[0].cursor)]  # the order's page and the board hear it
    assert not OrderChangePending.objects.exists()
    assert stamp_lost_order_changes() == 0


def test_a_change_rolled_back_leaves_no_note(shopper, admin_user, place_order):
    order = committed(place_order, shopper)

    def a_move_that_fails():
        with transaction.atomic():
            order_advance(order=order, to_status="packed", by=admin_user)
            raise RuntimeError("the request failed after the move")

    with pytest.raises(RuntimeError):
        committed(a_move_that_fails)

    assert not OrderChangePending.objects.exists()
    assert changes.order_changes_lost(older_than=timedelta(0)) == []


def test_a_lost_change_reaches_the_board_within_ten_seconds_by_the_sweep_schedule():
    """The beat sweeps every few seconds and takes notes a few seconds old: the note a dead process
    left behind is stamped and announced within LOST_AFTER + the sweep's period (was 30 s + 60 s)."""
    from django.conf import settings

    period = settings.CELERY_BEAT_SCHEDULE["stamp-lost-order-changes"]["schedule"]
    assert period == changes.SWEEP_EVERY.total_seconds()
    assert changes.LOST_AFTER.total_seconds() + period <= 10


def test_a_note_left_unsent_for_five_seconds_is_stamped_and_announced_once(shopper, admin_user, place_order, heard):
    order = committed(place_order, shopper)
    seen = changes.current_cursor()
    committed(order_advance, order=order, to_status="packed", by=admin_user, hooks_run=False)  # its process died
    heard.clear()
    OrderChangePending.objects.filter(order=order).update(at=timezone.now() - timedelta(seconds=5))

    assert stamp_lost_order_changes() == 1
    assert stamp_lost_order_changes() == 0  # claimed and stamped: the next sweep finds nothing

    caught_up = changes.changes_since(since=seen, limit=10)
    assert [change.order_id for change in caught_up] == [order.pk]
    assert heard == [(order.pk, caught_up[0].cursor)]
