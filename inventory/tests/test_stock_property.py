"""A property: whatever random mix of sales, counter bills, purchases, returns to the supplier,
adjustments and stock takes happens to a pack, its count equals the sum of its batches and the sum
of its movements, and no batch goes below zero. Runs on SQLite and (with DATABASE_URL) PostgreSQL."""

import datetime

import pytest
from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from catalog.models import StockBatch, StockMovement
from catalog.stock import (
    InsufficientStock,
    stock_adjust,
    stock_open,
    stock_receive,
    stock_return,
    stock_sell_held,
    stock_take,
    stock_to_supplier,
)
from inventory import stock_takes

pytestmark = pytest.mark.django_db

step = st.one_of(
    st.tuples(st.just("sale"), st.integers(1, 8)),
    st.tuples(st.just("counter"), st.integers(1, 8)),
    st.tuples(st.just("receive"), st.integers(1, 20)),
    st.tuples(st.just("return"), st.integers(1, 5)),
    st.tuples(st.just("supplier"), st.integers(1, 5)),
    st.tuples(st.just("adjust"), st.integers(-6, 6).filter(bool)),
    st.tuples(st.just("take"), st.integers(0, 30)),
)


def apply(pack, admin_user, kind, n, index):
    today = timezone.localdate()
    if kind == "sale":
        try:
            stock_take([(pack.pk, n)], reference=f"order {index}")
        except InsufficientStock:
            pass
    elif kind == "counter":
        stock_sell_held([(pack.pk, n)], by=admin_user, reference=f"bill {index}")
    elif kind == "receive":
        stock_receive(
            pack=pack,
            qty=n,
            batch_no=f"B{index}",
            best_before=today + datetime.timedelta(days=n),
            unit_cost_paise=100 * n,
        )
    elif kind == "return":
        stock_return([(pack.pk, n)], reference=f"order {index - 1}")
    elif kind == "supplier":
        batch = StockBatch.objects.filter(pack=pack, count__gt=0, unit_cost_paise__isnull=False).first()
        if batch is not None:
            stock_to_supplier(pack=pack, batch=batch, qty=min(n, batch.count), by=admin_user)
    elif kind == "adjust":
        try:
            stock_adjust(pack=pack, delta=n, reason="found" if n > 0 else "damaged", by=admin_user)
        except InsufficientStock:
            pass
    elif kind == "take":
        take = stock_takes.stock_take_start(by=admin_user)
        stock_takes.stock_take_count(take_id=take.pk, counts={pack.pk: {"counted": n}})
        stock_takes.stock_take_post(take_id=take.pk, by=admin_user)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=st.lists(step, min_size=1, max_size=12))
def test_the_pack_equals_its_batches_and_its_movements_whatever_happens(pack, admin_user, steps):
    with transaction.atomic():
        stock_open(pack=pack)  # the factory's pack: its count becomes its opening batch
        for index, (kind, n) in enumerate(steps):
            apply(pack, admin_user, kind, n, index)
            pack.refresh_from_db()
            batches = StockBatch.objects.filter(pack=pack)
            assert not batches.filter(count__lt=0).exists()
            held = batches.aggregate(total=Sum("count"))["total"] or 0
            moved = StockMovement.objects.filter(pack=pack).aggregate(total=Sum("delta"))["total"] or 0
            assert pack.count_in_stock == held == moved, (steps[: index + 1], pack.count_in_stock, held, moved)
        transaction.set_rollback(True)
