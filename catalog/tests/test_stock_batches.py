"""Stock per batch: earliest best-before first, cost from the batches, expired never sold, and the
pack's count equal to its batches and to its movements after every change."""

import datetime

import pytest
from django.db.models import Sum
from django.utils import timezone

from catalog.models import Financial, StockDiscrepancy
from catalog.stock import (
    InsufficientStock,
    stock_adjust,
    stock_expire_due,
    stock_receive,
    stock_return,
    stock_sell_held,
    stock_take,
)
from common.errors import DomainError

from .factories import make_product

pytestmark = pytest.mark.django_db


def _level(pack: Financial) -> int:
    pack.refresh_from_db()
    batches = pack.batches.aggregate(n=Sum("count"))["n"] or 0
    movements = pack.movements.aggregate(n=Sum("delta"))["n"] or 0
    assert pack.count_in_stock == batches == movements
    return pack.count_in_stock


@pytest.fixture
def pack():
    return make_product(brands={"X": [("1", "kg", "100", "90", 0)]}).details.get().financials.get()


def test_sales_take_the_earliest_best_before_first_with_its_cost(pack):
    today = timezone.localdate()
    late = stock_receive(pack=pack, qty=5, best_before=today + datetime.timedelta(days=30), unit_cost_paise=7000)
    soon = stock_receive(pack=pack, qty=2, best_before=today + datetime.timedelta(days=3), unit_cost_paise=6000)
    taken = stock_take([(pack.pk, 3)], reference="order A")
    assert taken.allocations[pack.pk] == [(soon.pk, 2, 6000), (late.pk, 1, 7000)]
    assert taken.cost_paise(pack.pk) == 19000
    assert _level(pack) == 4
    stock_return([(pack.pk, 3)], reference="order A")
    soon.refresh_from_db()
    assert (soon.count, _level(pack)) == (2, 7)


def test_an_expired_batch_is_never_sold_and_midnight_writes_it_off(pack):
    today = timezone.localdate()
    batch = stock_receive(pack=pack, qty=4, best_before=today, unit_cost_paise=500)
    assert stock_expire_due(today) == 0
    assert stock_expire_due(today + datetime.timedelta(days=1)) == 1
    batch.refresh_from_db()
    assert (batch.count, _level(pack)) == (0, 0)
    with pytest.raises(InsufficientStock):
        stock_take([(pack.pk, 1)])


def test_the_counter_never_refuses_and_records_the_discrepancy(pack):
    stock_receive(pack=pack, qty=1, unit_cost_paise=500)
    taken = stock_sell_held([(pack.pk, 3)], by=None, reference="CTR1/1")
    assert taken.short == {pack.pk: 2} and taken.cost_paise(pack.pk) is None
    assert _level(pack) == 0
    assert StockDiscrepancy.objects.get().short_by == 2


def test_adjustments_need_a_known_reason_and_stay_level(pack):
    stock_receive(pack=pack, qty=3)
    stock_adjust(pack=pack, delta=-2, reason="damaged", by=None, note="dropped")
    stock_adjust(pack=pack, delta=5, reason="found", by=None)
    assert _level(pack) == 6
    with pytest.raises(DomainError):
        stock_adjust(pack=pack, delta=-1, reason="because", by=None)
    with pytest.raises(InsufficientStock):
        stock_adjust(pack=pack, delta=-7, reason="theft_or_loss", by=None)


@pytest.mark.parametrize(
    "bad",
    [{"qty": 0}, {"qty": -2}, {"qty": 1, "unit_cost_paise": 0}, {"qty": 1, "best_before": datetime.date(2000, 1, 1)}],
)
def test_a_receipt_refuses_bad_input_and_writes_nothing(pack, bad):
    with pytest.raises(DomainError):
        stock_receive(pack=pack, **bad)
    assert _level(pack) == 0


def test_a_count_written_outside_the_owner_is_levelled_by_an_opening_batch(pack):
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=5)
    stock_take([(pack.pk, 2)])
    assert _level(pack) == 3
