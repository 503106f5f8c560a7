"""Posting a purchase: its lines become batches on the shelf through `catalog.stock`, the input
tax is recorded, carts and "Notify me" hear of it, and it happens once; refusals leave nothing."""

import datetime

import pytest
from django.utils import timezone

from catalog.events import packs_changed
from catalog.models import StockBatch, StockMovement
from conftest import client_for
from inventory.models import InputTax, Purchase, PurchaseLine
from notifications.models import StockAlert

from .conftest import REFUSED, entered, line

pytestmark = pytest.mark.django_db


def post(user, purchase_id, language="en"):
    return client_for(user).post(
        f"/api/inventory/purchases/{purchase_id}/post", format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def telugu(text: str) -> bool:
    return any("\u0c00" <= char <= "\u0c7f" for char in text)


def test_posting_puts_one_batch_per_line_on_the_shelf_and_records_the_input_tax(
    admin_user, local_supplier, pack, oil, django_capture_on_commit_callbacks
):
    draft = entered(
        admin_user,
        local_supplier,
        line(pack, qty=24, unitCost="70.00", gstRate=5, batchNumber="R-1"),
        line(oil, qty=6, unitCost="150.00", gstRate=5, batchNumber="O-9", mrp="200.00"),
    )
    before = {pack.pk: pack.count_in_stock, oil.pk: oil.count_in_stock}
    heard = []

    def listener(sender, financial_ids, **kwargs):
        heard.append(set(financial_ids))

    packs_changed.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            answer = post(admin_user, draft["id"])
    finally:
        packs_changed.disconnect(listener)
    assert answer.status_code == 200, answer.data
    assert answer.data["status"] == "posted"
    assert heard == [{pack.pk, oil.pk}]  # one announcement: every open cart of these packs hears it

    for financial, qty, batch_no, cost in ((pack, 24, "R-1", 7000), (oil, 6, "O-9", 15000)):
        financial.refresh_from_db()
        assert financial.count_in_stock == before[financial.pk] + qty
        batch = StockBatch.objects.get(pack=financial, batch_no=batch_no)
        assert (batch.count, batch.unit_cost_paise, batch.best_before) == (
            qty,
            cost,
            timezone.localdate() + datetime.timedelta(days=180),
        )
        assert PurchaseLine.objects.get(financial=financial).batch == batch
        receipt = StockMovement.objects.get(batch=batch)
        assert (receipt.kind, receipt.delta, receipt.reference, receipt.by) == (
            "receipt",
            qty,
            f"purchase {draft['id']}",
            admin_user,
        )
        # The pack's total is the sum of its batches and of its movements.
        assert sum(financial.batches.values_list("count", flat=True)) == financial.count_in_stock
        assert sum(financial.movements.values_list("delta", flat=True)) == financial.count_in_stock

    [tax] = InputTax.objects.all()
    assert (tax.document, tax.document_number, tax.gst_rate, tax.supplier_gstin) == (
        "invoice",
        "INV-1",
        5,
        local_supplier.gstin,
    )
    assert (str(tax.taxable_value), str(tax.cgst), str(tax.sgst), str(tax.igst)) == (
        "2580.00",  # 24 × 70 + 6 × 150
        "64.50",
        "64.50",
        "0.00",
    )


def test_posting_twice_is_refused_in_the_staff_members_language(admin_user, local_supplier, pack):
    draft = entered(admin_user, local_supplier, line(pack, qty=5))
    assert post(admin_user, draft["id"]).status_code == 200
    again = post(admin_user, draft["id"], language="te")
    assert again.status_code == 409
    assert again.data["code"] == "already_posted"
    assert telugu(again.data["message"]), again.data["message"]
    assert StockBatch.objects.filter(pack=pack, batch_no="B-101").count() == 1
    assert InputTax.objects.count() == 1


def test_a_restock_by_purchase_texts_the_notify_me_subscribers(
    admin_user, make_user, local_supplier, pack, sms_outbox, django_capture_on_commit_callbacks
):
    from catalog.stock import stock_adjust

    with django_capture_on_commit_callbacks(execute=True):  # sold out, and announced
        stock_adjust(pack=pack, delta=-pack.count_in_stock, reason="damaged")
    shopper = make_user(language="en")
    assert client_for(shopper).post("/api/alerts", {"financialId": str(pack.pk)}, format="json").status_code == 201
    draft = entered(admin_user, local_supplier, line(pack, qty=12))
    with django_capture_on_commit_callbacks(execute=True):
        assert post(admin_user, draft["id"]).status_code == 200
    [text] = sms_outbox(shopper.phone_no)
    assert "back in stock" in text
    assert not StockAlert.objects.exists()


@pytest.mark.parametrize(
    "change, code",
    [
        ({"bestBefore": "2020-01-01"}, "expired"),
        ({"qty": -3}, "bad_quantity"),
        ({"qty": 0}, "bad_quantity"),
        ({"unitCost": "0"}, "bad_amount"),
        ({"unitCost": "0.00"}, "bad_amount"),
    ],
)
def test_a_bad_line_is_refused_with_a_clear_4xx_and_nothing_written(admin_user, local_supplier, pack, change, code):
    body = {"supplierId": local_supplier.pk, "invoiceNumber": "INV-9", "invoiceDate": "2026-04-01"}
    good, bad = line(pack, batchNumber="OK-1"), line(pack, **change)
    answer = client_for(admin_user).post(
        "/api/inventory/purchases", body | {"lines": [good, bad]}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert answer.status_code == 400, answer.data
    assert answer.data["code"] == code
    assert telugu(answer.data["message"]), answer.data["message"]
    assert not Purchase.objects.exists() and not PurchaseLine.objects.exists()


def test_a_batch_that_expired_since_entry_refuses_the_whole_posting(admin_user, local_supplier, pack, oil):
    draft = entered(admin_user, local_supplier, line(oil, batchNumber="O-1", mrp="200.00"), line(pack))
    PurchaseLine.objects.filter(financial=pack).update(best_before=timezone.localdate() - datetime.timedelta(days=1))
    before = (pack.count_in_stock, oil.count_in_stock, StockMovement.objects.count())
    answer = post(admin_user, draft["id"], language="te")
    assert answer.status_code == 400 and answer.data["code"] == "expired"
    assert telugu(answer.data["message"])
    pack.refresh_from_db()
    oil.refresh_from_db()
    assert (pack.count_in_stock, oil.count_in_stock, StockMovement.objects.count()) == before
    assert Purchase.objects.get().status == "draft"
    assert not InputTax.objects.exists()


def test_posting_a_purchase_that_is_not_there_is_404(admin_user):
    assert post(admin_user, 999999).status_code == 404


def test_only_the_manager_posts(people, local_supplier, pack):
    draft = entered(people["manager"], local_supplier, line(pack))
    for role, status in REFUSED.items():
        assert post(people[role], draft["id"]).status_code == status, role
    assert Purchase.objects.get().status == "draft"
    assert post(people["manager"], draft["id"]).status_code == 200
