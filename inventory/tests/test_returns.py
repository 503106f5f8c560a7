"""Goods sent back to the supplier: out of the exact batch the purchase line became, on a debit
note numbered in the DN series of the financial year, its input tax taken back."""

from decimal import Decimal

import pytest

from catalog.models import StockBatch, StockMovement
from catalog.stock import stock_take
from conftest import client_for
from inventory.models import InputTax, PurchaseReturn
from orders.series import financial_year

from .conftest import REFUSED, entered, line

pytestmark = pytest.mark.django_db


def send_back(user, purchase_id, lines, reason="damaged", language="en"):
    return client_for(user).post(
        f"/api/inventory/purchases/{purchase_id}/returns",
        {"reason": reason, "note": "seal broken", "lines": lines},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )


@pytest.fixture
def posted(admin_user, local_supplier, pack):
    """A posted purchase of 24 packs of rice, batch B-101 at ₹70 + 5 % GST."""
    draft = entered(admin_user, local_supplier, line(pack, qty=24))
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    return draft


def test_a_return_leaves_the_exact_batch_on_a_numbered_debit_note(admin_user, posted, pack):
    [bought] = posted["lines"]
    batch = StockBatch.objects.get(pack=pack, batch_no="B-101")
    # The purchase's batch (dated) sells before the opening batch (no date): a sale takes 2 of it.
    stock_take([(pack.pk, 2)], reference="order X")
    pack.refresh_from_db()
    before = pack.count_in_stock
    held = StockBatch.objects.get(pk=batch.pk).count

    answer = send_back(admin_user, posted["id"], [{"line": bought["id"], "qty": 3}])
    assert answer.status_code == 201, answer.data
    [made] = answer.data["returns"]
    fy = financial_year(PurchaseReturn.objects.get().made_at)
    assert made["debitNoteNumber"] == f"DN/{fy}/000001"
    assert made["lines"] == [
        {"line": bought["id"], "qty": 3, "taxableValue": Decimal("210.00"), "tax": Decimal("10.50")}
    ]

    pack.refresh_from_db()
    assert pack.count_in_stock == before - 3
    assert StockBatch.objects.get(pk=batch.pk).count == held - 3
    out = StockMovement.objects.get(kind="supplier_return")
    assert (out.batch_id, out.delta, out.reference, out.by) == (batch.pk, -3, f"purchase {posted['id']}", admin_user)
    assert sum(pack.movements.values_list("delta", flat=True)) == pack.count_in_stock

    credit = InputTax.objects.get(document="debit_note")
    assert (credit.document_number, str(credit.taxable_value), str(credit.cgst), str(credit.sgst)) == (
        made["debitNoteNumber"],
        "-210.00",
        "-5.25",
        "-5.25",
    )

    second = send_back(admin_user, posted["id"], [{"line": bought["id"], "qty": 1}], reason="expired")
    assert second.status_code == 201
    numbers = sorted(PurchaseReturn.objects.values_list("debit_note_number", flat=True))
    assert numbers == [f"DN/{fy}/000001", f"DN/{fy}/000002"]  # consecutive within the year


def test_more_than_was_bought_is_refused_and_nothing_moves(admin_user, posted, pack):
    [bought] = posted["lines"]
    pack.refresh_from_db()
    before = (pack.count_in_stock, StockMovement.objects.count())
    answer = send_back(admin_user, posted["id"], [{"line": bought["id"], "qty": 25}], language="te")
    assert answer.status_code == 409 and answer.data["code"] == "return_too_many"
    assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"])
    pack.refresh_from_db()
    assert (pack.count_in_stock, StockMovement.objects.count()) == before
    assert not PurchaseReturn.objects.exists() and not InputTax.objects.filter(document="debit_note").exists()


def test_what_the_batch_no_longer_holds_cannot_go_back(admin_user, posted, pack):
    """24 bought, all sold: the batch is empty, so nothing of it can be sent back."""
    [bought] = posted["lines"]
    batch = StockBatch.objects.get(pack=pack, batch_no="B-101")
    stock_take([(pack.pk, 24)], reference="order Y")
    assert StockBatch.objects.get(pk=batch.pk).count == 0
    answer = send_back(admin_user, posted["id"], [{"line": bought["id"], "qty": 1}])
    assert answer.status_code == 409 and answer.data["code"] == "out_of_stock"
    assert not PurchaseReturn.objects.exists()


@pytest.mark.parametrize(
    "body_lines, reason, status, code",
    [
        ([{"line": 999999, "qty": 1}], "damaged", 400, "bad_line"),
        ([], "damaged", 400, "no_lines"),
        (None, "lost", 400, "bad_reason"),
        ([{"line": None, "qty": -1}], "damaged", 400, "bad_line"),
    ],
)
def test_bad_returns_are_refused(admin_user, posted, body_lines, reason, status, code):
    [bought] = posted["lines"]
    lines = body_lines if body_lines is not None else [{"line": bought["id"], "qty": 1}]
    answer = send_back(admin_user, posted["id"], lines, reason=reason)
    assert (answer.status_code, answer.data["code"]) == (status, code)
    assert not PurchaseReturn.objects.exists()


def test_a_negative_quantity_is_refused(admin_user, posted):
    [bought] = posted["lines"]
    answer = send_back(admin_user, posted["id"], [{"line": bought["id"], "qty": -2}])
    assert (answer.status_code, answer.data["code"]) == (400, "bad_quantity")


def test_a_draft_cannot_be_returned(admin_user, local_supplier, pack):
    draft = entered(admin_user, local_supplier, line(pack), number="INV-2")
    answer = send_back(admin_user, draft["id"], [{"line": draft["lines"][0]["id"], "qty": 1}])
    assert (answer.status_code, answer.data["code"]) == (409, "not_posted")


def test_only_the_manager_sends_goods_back(people, posted):
    [bought] = posted["lines"]
    for role, status in REFUSED.items():
        assert send_back(people[role], posted["id"], [{"line": bought["id"], "qty": 1}]).status_code == status
    assert send_back(people["manager"], posted["id"], [{"line": bought["id"], "qty": 1}]).status_code == 201
