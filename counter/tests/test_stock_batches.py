"""The counter through the catalog's one stock owner: the packs sold come from the earliest
best-before batch with their cost on the bill's lines, a sale beyond the count is a
`StockDiscrepancy` named by the bill's number and its cashier, and a damaged return is written off
from the batch the bill took it from."""

import datetime

import pytest
from django.utils import timezone

from catalog.models import Financial, StockBatch, StockDiscrepancy, StockMovement
from catalog.stock import stock_receive
from conftest import client_for
from counter.tests.conftest import bill_body, post_bill
from orders.models import Order


def _days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


@pytest.fixture
def pack(packs):
    """The oil with no stock but two batches of our own: 2 near their date, 5 later."""
    oil = packs.oil_1l
    Financial.objects.filter(pk=oil.pk).update(count_in_stock=0)
    soon = stock_receive(pack=oil, qty=2, best_before=_days(5), unit_cost_paise=11000)
    late = stock_receive(pack=oil, qty=5, best_before=_days(60), unit_cost_paise=12000)
    return oil, soon, late


def _count(batch: StockBatch) -> int:
    batch.refresh_from_db()
    return batch.count


def test_a_bill_takes_the_earliest_best_before_first_and_keeps_the_cost(till, cashier, pack):
    oil, soon, late = pack
    answer = post_bill(cashier, bill_body((oil, 3)))
    assert answer.status_code == 201, answer.content
    order = Order.objects.get(public_id=answer.json()["order"]["_id"])
    assert order.items.get().cost_paise == 2 * 11000 + 12000
    assert (_count(soon), _count(late)) == (0, 4)
    assert set(StockMovement.objects.filter(kind="counter_sale").values_list("reference", flat=True)) == {
        order.stock_reference
    }
    assert not StockDiscrepancy.objects.exists()


def test_a_bill_beyond_the_count_goes_through_and_records_the_discrepancy(till, cashier, pack):
    oil, _soon, _late = pack
    answer = post_bill(cashier, bill_body((oil, 9)))
    assert answer.status_code == 201, answer.content
    order = Order.objects.get(public_id=answer.json()["order"]["_id"])
    assert Financial.objects.get(pk=oil.pk).count_in_stock == 0
    discrepancy = StockDiscrepancy.objects.get()
    assert (discrepancy.pack_id, discrepancy.short_by, discrepancy.by_id, discrepancy.reference) == (
        oil.pk,
        2,
        cashier.pk,
        order.invoice_number,
    )
    assert order.items.get().cost_paise is None  # two of them were never counted in: cost unknown


def test_a_damaged_return_is_written_off_from_the_batch_the_bill_took_it_from(till, cashier, pack):
    oil, soon, late = pack
    bill = post_bill(cashier, bill_body((oil, 2))).json()  # both from `soon`
    earliest = stock_receive(pack=oil, qty=4, best_before=_days(2), unit_cost_paise=10000)
    line = next(item["_id"] for item in bill["order"]["orderItems"])
    answer = client_for(cashier).post(
        f"/api/counter/bills/{bill['_id']}/returns",
        {"counter": "CTR1", "lines": [{"line": line, "qty": 1, "damaged": True}], "refund": "cash"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="ret-damaged",
    )
    assert answer.status_code == 201, answer.content
    assert (_count(soon), _count(late), _count(earliest)) == (0, 5, 4)
    written_off = StockMovement.objects.get(kind="adjustment", reason="damaged")
    assert (written_off.batch_id, written_off.delta, written_off.by_id) == (soon.pk, -1, cashier.pk)
    assert Financial.objects.get(pk=oil.pk).count_in_stock == 9


def test_a_fit_return_goes_back_to_the_batch_it_came_from(till, cashier, pack):
    oil, soon, late = pack
    bill = post_bill(cashier, bill_body((oil, 2))).json()
    stock_receive(pack=oil, qty=4, best_before=_days(2), unit_cost_paise=10000)
    line = next(item["_id"] for item in bill["order"]["orderItems"])
    answer = client_for(cashier).post(
        f"/api/counter/bills/{bill['_id']}/returns",
        {"counter": "CTR1", "lines": [{"line": line, "qty": 2}], "refund": "cash"},
        format="json",
        HTTP_IDEMPOTENCY_KEY="ret-fit",
    )
    assert answer.status_code == 201, answer.content
    assert (_count(soon), _count(late)) == (2, 5)


@pytest.mark.parametrize("language, says", [("en", "expired stock cannot be sold"), ("te", "అమ్మకూడదు")])
def test_a_pack_whose_every_batch_expired_is_refused_saying_why(till, cashier, pack, language, says):
    oil, soon, late = pack
    StockBatch.objects.filter(pk__in=[soon.pk, late.pk]).update(best_before=_days(-1))
    quote = client_for(cashier).post(
        "/api/counter/quote",
        {"lines": [{"financialId": str(oil.pk), "qty": 1}]},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert quote.status_code == 409, quote.content
    assert says in quote.json()["message"] and _days(-1).isoformat() in quote.json()["message"]
    assert quote.json()["code"] == "pack_expired"
    bill = post_bill(cashier, bill_body((oil, 1)), language=language)
    assert bill.status_code == 409 and says in bill.json()["message"]
    assert not Order.objects.filter(channel="counter").exists()
    assert (_count(soon), _count(late)) == (2, 5)  # nothing written


def test_a_pack_with_one_batch_still_in_date_sells_from_it(till, cashier, pack):
    oil, soon, late = pack
    StockBatch.objects.filter(pk=soon.pk).update(best_before=_days(-1))
    answer = post_bill(cashier, bill_body((oil, 1)))
    assert answer.status_code == 201, answer.content
    assert (_count(soon), _count(late)) == (0, 4)  # the expired batch written off, the other sold from
