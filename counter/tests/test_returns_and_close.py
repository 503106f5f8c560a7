"""Returns against a counter bill (credit note, money back, stock back or written off) and the
day's close (by payment method, expected cash against counted, the difference with who and why)."""

from decimal import Decimal

import pytest
from django.utils import timezone

from catalog.models import Financial
from conftest import client_for
from counter.models import CounterReturn, DayClose
from counter.tests.conftest import bill_body, post_bill
from orders.models import CreditNote, Order
from orders.series import financial_year


def _return(user, bill, lines, *, refund="cash", key="ret-1", language="en"):
    return client_for(user).post(
        f"/api/counter/bills/{bill['_id']}/returns",
        {"counter": "CTR1", "lines": lines, "refund": refund},
        format="json",
        HTTP_IDEMPOTENCY_KEY=key,
        HTTP_ACCEPT_LANGUAGE=language,
    )


def _stock(pack) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


@pytest.fixture
def bill(till, cashier, packs):
    return post_bill(cashier, bill_body((packs.rice_5kg, 2), (packs.oil_1l, 3))).json()


def _line(bill, pack) -> str:
    return next(item["_id"] for item in bill["order"]["orderItems"] if item["financialId"] == str(pack.pk))


def test_a_return_gives_cash_back_with_a_credit_note_and_the_stock_back(cashier, packs, bill):
    answer = _return(cashier, bill, [{"line": _line(bill, packs.oil_1l), "qty": 2}])
    assert answer.status_code == 201, answer.content
    made = answer.json()
    assert made["creditNote"] == f"CN/{financial_year(timezone.now())}/000001"
    assert (made["amount"], made["cash"], made["bill"]) == (291, 291, bill["number"])
    assert _stock(packs.oil_1l) == 40 - 3 + 2
    note = CreditNote.objects.get()
    assert note.invoice_number == bill["number"] and note.total_paise == 29100


def test_the_same_return_sent_twice_is_made_once(cashier, packs, bill):
    lines = [{"line": _line(bill, packs.oil_1l), "qty": 1}]
    assert _return(cashier, bill, lines, key="k").status_code == 201
    assert _return(cashier, bill, lines, key="k").status_code == 201
    assert CounterReturn.objects.count() == 1 and _stock(packs.oil_1l) == 38


def test_a_return_larger_than_the_bill_is_refused_and_writes_nothing(cashier, packs, bill):
    answer = _return(cashier, bill, [{"line": _line(bill, packs.oil_1l), "qty": 4}])
    assert answer.status_code == 409 and answer.json()["code"] == "credit_exceeds_line"
    assert not CreditNote.objects.exists() and _stock(packs.oil_1l) == 37
    # Two returns together cannot exceed it either.
    assert _return(cashier, bill, [{"line": _line(bill, packs.oil_1l), "qty": 3}], key="a").status_code == 201
    assert _return(cashier, bill, [{"line": _line(bill, packs.oil_1l), "qty": 1}], key="b").status_code == 409


@pytest.mark.parametrize(
    "lines", [[{"line": "999999", "qty": 1}], [], "bad", [{"line": "1", "qty": -2}], [{"line": "1", "qty": 0}]]
)
def test_bad_return_lines_are_a_4xx(cashier, packs, bill, lines):
    answer = _return(cashier, bill, lines)
    assert answer.status_code == 400, answer.content
    assert not CounterReturn.objects.exists()


def test_damaged_goods_are_written_off_not_put_back(cashier, packs, bill):
    answer = _return(cashier, bill, [{"line": _line(bill, packs.oil_1l), "qty": 2, "damaged": True}])
    assert answer.status_code == 201, answer.content
    assert _stock(packs.oil_1l) == 37


def test_store_credit_back_needs_a_registered_customer(cashier, shopper, packs, till):
    from payments.credit import credit_balance

    walk_in = post_bill(cashier, bill_body((packs.oil_1l, 1))).json()
    refused = _return(cashier, walk_in, [{"line": _line(walk_in, packs.oil_1l), "qty": 1}], refund="credit")
    assert refused.status_code == 400 and refused.json()["code"] == "credit_needs_customer"
    linked = post_bill(cashier, bill_body((packs.oil_1l, 1), phone=shopper.phone_no)).json()
    made = _return(cashier, linked, [{"line": _line(linked, packs.oil_1l), "qty": 1}], refund="credit", key="c")
    assert made.status_code == 201 and made.json()["cash"] == 0
    assert credit_balance(user=shopper) == Decimal("145.50")


def test_the_day_close_adds_up_by_method_and_records_the_difference(till, cashier, packs):
    post_bill(cashier, bill_body((packs.oil_1l, 2), tenders=[{"method": "cash", "amount": "291", "tendered": "500"}]))
    post_bill(
        cashier,
        bill_body(
            (packs.rice_5kg, 1), tenders=[{"method": "upi", "amount": "199"}, {"method": "cash", "amount": "200"}]
        ),
    )
    card = post_bill(
        cashier, bill_body((packs.oil_1l, 1), tenders=[{"method": "card", "amount": "145.50", "reference": "A1"}])
    ).json()
    assert _return(cashier, card, [{"line": _line(card, packs.oil_1l), "qty": 1}]).status_code == 201

    day = client_for(cashier).get("/api/counter/day", {"counter": "CTR1"}).json()
    assert (day["bills"], day["returns"]) == (3, 1)
    assert day["methods"]["cash"] == {"sales": 49100, "refunds": 14550}
    assert day["methods"]["upi"]["sales"] == 19900 and day["methods"]["card"]["sales"] == 14550
    assert day["expectedCashPaise"] == 49100 - 14550

    close = {"counter": "CTR1", "counted": "1340.00", "openingFloat": "1000"}
    no_reason = client_for(cashier).post("/api/counter/day/close", close, format="json")
    assert no_reason.status_code == 400 and no_reason.json()["code"] == "reason_required"
    closed = client_for(cashier).post(
        "/api/counter/day/close", {**close, "reason": "₹5.50 short: change error"}, format="json"
    )
    assert closed.status_code == 201, closed.content
    assert (closed.json()["expectedCash"], closed.json()["difference"]) == (1345.5, -5.5)
    assert closed.json()["by"] == cashier.name
    again = client_for(cashier).post("/api/counter/day/close", {**close, "reason": "x"}, format="json")
    assert again.status_code == 409
    assert DayClose.objects.count() == 1
    # After the close, no more bills that day; the manager sees every close.
    late = post_bill(cashier, bill_body((packs.oil_1l, 1)))
    assert late.status_code == 409 and late.json()["code"] == "day_closed"
    closes = client_for(cashier).get("/api/counter/closes").json()
    assert [(c["counter"], c["difference"], c["reason"]) for c in closes] == [
        ("CTR1", -5.5, "₹5.50 short: change error")
    ]


def test_counted_cash_must_be_money(till, cashier):
    answer = client_for(cashier).post("/api/counter/day/close", {"counter": "CTR1", "counted": "-1"}, format="json")
    assert answer.status_code == 400


def test_the_orders_of_a_counter_bill_say_counter_for_staff(cashier, packs, bill):
    staff = client_for(cashier).get(f"/api/orders/{bill['_id']}").json()
    assert staff["channel"] == "counter"
    assert Order.objects.filter(channel="counter").count() == 1
