"""Stock per batch: earliest best-before first, cost from the batches, expired never sold, and the
pack's count equal to its batches and to its movements after every change."""

import datetime

import pytest
from django.db.models import Sum
from django.utils import timezone

from catalog.models import Financial, StockBatch, StockDiscrepancy, StockMovement
from catalog.services.packs import financial_update
from catalog.stock import (
    InsufficientStock,
    Opening,
    stock_adjust,
    stock_expire_due,
    stock_opened,
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


def test_a_damaged_return_is_written_off_from_the_batch_it_came_from_not_the_earliest(pack):
    today = timezone.localdate()
    sold_from = stock_receive(pack=pack, qty=2, best_before=today + datetime.timedelta(days=20), unit_cost_paise=500)
    stock_take([(pack.pk, 2)], reference="order B")
    earlier = stock_receive(pack=pack, qty=3, best_before=today + datetime.timedelta(days=2), unit_cost_paise=400)
    stock_return([(pack.pk, 1)], reference="order B", damaged=True, note="CN-1")
    sold_from.refresh_from_db()
    earlier.refresh_from_db()
    assert (sold_from.count, earlier.count, _level(pack)) == (0, 3, 3)
    back, written_off = StockMovement.objects.filter(pack=pack).order_by("-id")[:2][::-1]
    assert (back.batch_id, back.kind, back.delta) == (sold_from.pk, "return", 1)
    assert (written_off.batch_id, written_off.kind, written_off.reason, written_off.delta, written_off.note) == (
        sold_from.pk,
        "adjustment",
        "damaged",
        -1,
        "CN-1",
    )


def test_a_return_goes_back_to_the_batch_taken_last_first(pack):
    today = timezone.localdate()
    soon = stock_receive(pack=pack, qty=2, best_before=today + datetime.timedelta(days=3), unit_cost_paise=600)
    late = stock_receive(pack=pack, qty=5, best_before=today + datetime.timedelta(days=30), unit_cost_paise=700)
    stock_take([(pack.pk, 3)], reference="order C")  # 2 from soon, then 1 from late
    stock_return([(pack.pk, 1)], reference="order C")
    soon.refresh_from_db()
    late.refresh_from_db()
    assert (soon.count, late.count, _level(pack)) == (0, 5, 5)


def test_the_cost_of_part_of_a_sale_is_its_share_rounded_half_up(pack):
    stock_receive(pack=pack, qty=1, unit_cost_paise=101)
    stock_receive(pack=pack, qty=1, unit_cost_paise=100)
    taken = stock_take([(pack.pk, 2)])
    assert (taken.cost_paise(pack.pk), taken.cost_paise(pack.pk, 1)) == (201, 101)


def test_an_unknown_cost_makes_the_sale_cost_unknown(pack):
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=1)  # an opening batch: no cost
    stock_receive(pack=pack, qty=1, unit_cost_paise=100)
    assert stock_take([(pack.pk, 2)]).cost_paise(pack.pk) is None


def test_new_packs_open_their_batches_in_one_go(pack):
    other = make_product(brands={"Y": [("1", "kg", "100", "90", 0)]}).details.get().financials.get()
    best = timezone.localdate() + datetime.timedelta(days=9)
    stock_opened(
        {
            pack.pk: [Opening(qty=2, best_before=best, unit_cost_paise=300, batch_no="B1"), Opening(qty=3)],
            other.pk: [],
        }
    )
    assert (_level(pack), _level(other)) == (5, 0)
    assert list(pack.batches.values_list("batch_no", "best_before", "unit_cost_paise", "count")) == [
        ("B1", best, 300, 2),
        ("", None, None, 3),
    ]
    assert set(pack.movements.values_list("kind", flat=True)) == {"opening"}


def test_a_count_typed_by_staff_is_a_count_correction_by_them(pack, admin_user):
    financial_update(financial=pack, count_in_stock=7, by=admin_user)
    financial_update(financial=pack, count_in_stock=4, by=admin_user)
    assert _level(pack) == 4
    assert list(pack.movements.values_list("kind", "reason", "delta", "by")) == [
        ("adjustment", "count_correction", 7, admin_user.pk),
        ("adjustment", "count_correction", -3, admin_user.pk),
    ]


def test_a_stale_pack_object_saved_for_its_price_does_not_undo_a_sale(pack):
    stock_receive(pack=pack, qty=5)
    stale = Financial.objects.get(pk=pack.pk)
    stock_take([(pack.pk, 2)])
    financial_update(financial=stale, price=120)
    assert _level(pack) == 3


def test_the_midnight_expiry_is_on_celery_beat(settings):
    from celery.schedules import crontab

    entry = settings.CELERY_BEAT_SCHEDULE["expire-due-batches"]
    assert entry["task"] == "catalog.tasks.expire_due_batches"
    assert entry["schedule"] == crontab(hour=0, minute=1)
    assert settings.CELERY_TIMEZONE == "Asia/Kolkata"


def test_the_expiry_task_writes_off_what_is_past_its_date(pack):
    from catalog.tasks import expire_due_batches

    yesterday = timezone.localdate() - datetime.timedelta(days=1)
    batch = stock_receive(pack=pack, qty=2, best_before=timezone.localdate())
    StockBatch.objects.filter(pk=batch.pk).update(best_before=yesterday)
    assert expire_due_batches() == 1
    assert _level(pack) == 0
