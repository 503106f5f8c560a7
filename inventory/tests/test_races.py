"""On PostgreSQL: two postings of one purchase at once give one posting and one clear 409; a sale
during a stock take is not lost; a posting, a counter bill, an online sale and a stock take on the
same pack at once leave its total equal to the sum of its batches and of its movements."""

import pytest
from django.db.models import Sum

from catalog.models import Financial, StockBatch, StockMovement
from catalog.stock import stock_sell_held, stock_take
from common.errors import Conflict
from inventory import services, stock_takes
from inventory.entry import LineIn
from inventory.models import InputTax, Purchase
from orders.tests.conftest import together

from .conftest import days

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def draft(supplier, pack, by, *, qty=24, number="INV-1"):
    return services.purchase_create(
        supplier_id=supplier.pk,
        invoice_number=number,
        invoice_date=days(-1),
        lines=[LineIn(pack.pk, qty, "70.00", 5, "B-1", days(90), "100.00", days(-5))],
        by=by,
    )


def level(pack: Financial) -> tuple[int, int, int]:
    pack.refresh_from_db()
    batches = StockBatch.objects.filter(pack=pack).aggregate(total=Sum("count"))["total"] or 0
    moves = StockMovement.objects.filter(pack=pack).aggregate(total=Sum("delta"))["total"] or 0
    return pack.count_in_stock, batches, moves


@pytest.mark.parametrize("round_", range(3))
def test_two_postings_at_once_give_one_posting_and_one_409(admin_user, local_supplier, pack, round_):
    purchase = draft(local_supplier, pack, admin_user)
    outcomes = together([lambda: services.purchase_post(purchase_id=purchase.pk, by=admin_user)] * 2)
    posted = [o for o in outcomes if isinstance(o, Purchase)]
    refused = [o for o in outcomes if isinstance(o, Exception)]
    assert len(posted) == 1 and len(refused) == 1, outcomes
    assert isinstance(refused[0], Conflict) and refused[0].extra["code"] == "already_posted"
    assert refused[0].status == 409
    assert StockBatch.objects.filter(pack=pack, batch_no="B-1").count() == 1
    assert InputTax.objects.filter(purchase=purchase).count() == 1
    assert level(pack) == (10 + 24,) * 3


def test_a_sale_during_the_count_is_not_lost(admin_user, pack):
    take = stock_takes.stock_take_start(by=admin_user)
    stock_take([(pack.pk, 3)], reference="order during count")  # 7 left when the shelf is counted
    # A count entered and a sale made at the same moment: either order, the sale stands.
    outcomes = together(
        [
            lambda: stock_takes.stock_take_count(take_id=take.pk, counts={pack.pk: {"counted": 6}}),
            lambda: stock_take([(pack.pk, 2)], reference="order at the count"),
        ]
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    stock_takes.stock_take_post(take_id=take.pk, by=admin_user)
    expected = take.lines.get().expected  # the pack's count when the count was entered
    if expected == 5:  # the sale came first: the shelf's 6 is what there is
        assert level(pack) == (6, 6, 6)
    else:  # the count came first (7 then, one missing): the later sale of 2 still stands
        assert expected == 7
        assert level(pack) == (4, 4, 4)


@pytest.mark.parametrize("round_", range(3))
def test_everything_at_once_keeps_the_pack_equal_to_its_batches_and_movements(admin_user, local_supplier, pack, round_):
    purchase = draft(local_supplier, pack, admin_user, qty=12, number=f"INV-{round_}")
    take = stock_takes.stock_take_start(by=admin_user)
    stock_takes.stock_take_count(take_id=take.pk, counts={pack.pk: {"counted": 9}})  # one missing
    outcomes = together(
        [
            lambda: services.purchase_post(purchase_id=purchase.pk, by=admin_user),
            lambda: stock_sell_held([(pack.pk, 2)], by=admin_user, reference="bill 1"),
            lambda: stock_take([(pack.pk, 3)], reference="order 1"),
            lambda: stock_takes.stock_take_post(take_id=take.pk, by=admin_user),
        ]
    )
    assert not any(isinstance(o, Exception) for o in outcomes), outcomes
    count, batches, moves = level(pack)
    assert count == batches == moves == 10 + 12 - 2 - 3 - 1
