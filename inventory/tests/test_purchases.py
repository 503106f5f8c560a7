"""Entering a supplier's invoice: suppliers and their GSTIN, every rule of a line, the GST split
from the states, and the invoice entered once per supplier and year."""

from decimal import Decimal

import pytest

from conftest import client_for
from inventory.models import Purchase, PurchaseLine, Supplier
from inventory.tax import line_tax

from .conftest import ANDHRA_GSTIN, days, line

pytestmark = pytest.mark.django_db


def enter(user, supplier, *lines, number="INV-1", date=None, language="en"):
    body = {"supplierId": supplier.pk, "invoiceNumber": number, "invoiceDate": date or days(-1), "lines": list(lines)}
    return client_for(user).post("/api/inventory/purchases", body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def test_a_supplier_is_added_with_its_gstin_checked(admin_user):
    client = client_for(admin_user)
    made = client.post(
        "/api/inventory/suppliers",
        {"name": " Godavari  Traders ", "gstin": ANDHRA_GSTIN.lower(), "phone": "9848012345", "leadTimeDays": 3},
        format="json",
    )
    assert made.status_code == 201, made.data
    assert made.data | {"id": 0} == {
        "id": 0,
        "name": "Godavari Traders",
        "gstin": ANDHRA_GSTIN,
        "state": "Andhra Pradesh",
        "interstate": False,
        "phone": "9848012345",
        "address": "",
        "leadTimeDays": 3,
    }
    again = client.post("/api/inventory/suppliers", {"name": "Again", "gstin": ANDHRA_GSTIN}, format="json")
    assert again.status_code == 409
    assert again.data["code"] == "duplicate_supplier"
    listed = client.get("/api/inventory/suppliers")
    assert [row["gstin"] for row in listed.data] == [ANDHRA_GSTIN]


@pytest.mark.parametrize(
    "gstin, code", [("27AAPFU0939F1ZW", "gstin_check"), ("27AAPFU0939F", "gstin_format"), ("", "gstin_format")]
)
def test_a_bad_gstin_is_refused_in_the_staff_members_language(admin_user, gstin, code):
    answer = client_for(admin_user).post(
        "/api/inventory/suppliers", {"name": "X", "gstin": gstin}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )
    assert answer.status_code == 400
    assert answer.data["code"] == code
    assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"]), answer.data["message"]
    assert not Supplier.objects.exists()


@pytest.mark.parametrize("lead", [-1, 91, "two", True, 2.5])
def test_a_lead_time_must_be_whole_days(admin_user, lead):
    answer = client_for(admin_user).post(
        "/api/inventory/suppliers", {"name": "X", "gstin": ANDHRA_GSTIN, "leadTimeDays": lead}, format="json"
    )
    assert answer.status_code == 400, answer.data
    assert answer.data["code"] == "bad_lead_time"


def test_within_the_state_the_tax_is_cgst_and_sgst(admin_user, local_supplier, pack):
    answer = enter(admin_user, local_supplier, line(pack, qty=24, unitCost="70.00", gstRate=5))
    assert answer.status_code == 201, answer.data
    [row] = answer.data["lines"]
    assert (row["taxableValue"], row["cgst"], row["sgst"], row["igst"]) == (
        Decimal("1680.00"),
        Decimal("42.00"),
        Decimal("42.00"),
        Decimal("0.00"),
    )
    assert answer.data["status"] == "draft" and answer.data["interstate"] is False
    assert answer.data["totals"]["total"] == Decimal("1764.00")
    assert row["pack"] == "Sona Rice, Brand A 1 kg"


def test_from_another_state_the_tax_is_igst(admin_user, far_supplier, pack):
    answer = enter(admin_user, far_supplier, line(pack, qty=3, unitCost="33.33", gstRate=18))
    assert answer.status_code == 201, answer.data
    [row] = answer.data["lines"]
    assert (row["taxableValue"], row["cgst"], row["sgst"], row["igst"]) == (
        Decimal("99.99"),
        Decimal("0.00"),
        Decimal("0.00"),
        Decimal("18.00"),
    )
    assert answer.data["interstate"] is True


def test_each_half_is_rounded_to_paise_on_its_own():
    tax = line_tax(qty=1, unit_cost=Decimal("10.10"), rate=5, interstate=False)
    assert (tax.cgst, tax.sgst, tax.tax) == (Decimal("0.25"), Decimal("0.25"), Decimal("0.50"))


@pytest.mark.parametrize(
    "changes, code",
    [
        ({"qty": -1}, "bad_quantity"),
        ({"qty": 0}, "bad_quantity"),
        ({"qty": "2.5"}, "bad_quantity"),
        ({"unitCost": "0"}, "bad_amount"),
        ({"unitCost": "-5"}, "bad_amount"),
        ({"unitCost": "1.005"}, "bad_amount"),
        ({"unitCost": True}, "bad_amount"),
        ({"mrp": "abc"}, "bad_amount"),
        ({"bestBefore": days(-1)}, "expired"),
        ({"bestBefore": "31/12/2030"}, "bad_date"),
        ({"packedOn": days(1)}, "bad_date"),
        ({"packedOn": days(30), "bestBefore": days(20)}, "bad_date"),
        ({"batchNumber": "  "}, "bad_batch"),
        ({"batchNumber": "B" * 41}, "bad_batch"),
        ({"financialId": "999999"}, "bad_pack"),
        ({"financialId": None}, "bad_pack"),
    ],
)
def test_a_bad_line_is_refused_by_its_number_and_nothing_is_written(admin_user, local_supplier, pack, changes, code):
    answer = enter(admin_user, local_supplier, line(pack), line(pack, **changes))
    assert answer.status_code == 400, answer.data
    assert answer.data["code"] == code
    assert answer.data["line"] == 2
    assert answer.data["message"].startswith("Line 2: ")
    assert not Purchase.objects.exists() and not PurchaseLine.objects.exists()


def test_a_rate_off_the_gst_slabs_is_refused(admin_user, local_supplier, pack):
    answer = enter(admin_user, local_supplier, line(pack, gstRate=7))
    assert answer.status_code == 400
    assert answer.data["message"].startswith("Line 1: GST rate must be one of")


def test_a_selling_price_above_the_printed_mrp_is_refused_with_the_figures(admin_user, local_supplier, pack):
    answer = enter(admin_user, local_supplier, line(pack, mrp="85.00", batchNumber="B-7"))
    assert answer.status_code == 400
    assert answer.data["code"] == "price_above_mrp"
    assert (answer.data["sellingPrice"], answer.data["mrp"]) == ("90.00", "85.00")
    assert answer.data["message"] == (
        "Line 1: Sona Rice, Brand A 1 kg sells at ₹90.00, above the MRP ₹85.00 printed on batch B-7: "
        "lower its selling price first."
    )
    telugu = enter(admin_user, local_supplier, line(pack, mrp="85.00"), language="te")
    assert "₹90.00" in telugu.data["message"] and "₹85.00" in telugu.data["message"]
    assert any("\u0c00" <= char <= "\u0c7f" for char in telugu.data["message"])


def test_an_invoice_is_entered_once_per_supplier_and_year(admin_user, local_supplier, far_supplier, pack):
    assert enter(admin_user, local_supplier, line(pack), number="GT/101").status_code == 201
    again = enter(admin_user, local_supplier, line(pack), number="gt/101")
    assert again.status_code == 409
    assert again.data["code"] == "duplicate_invoice"
    # Another supplier's invoice may carry the same number.
    assert enter(admin_user, far_supplier, line(pack), number="GT/101").status_code == 201
    assert Purchase.objects.count() == 2


@pytest.mark.parametrize(
    "number, date, code",
    [
        ("", None, "bad_invoice_number"),
        ("INV 1", None, "bad_invoice_number"),
        ("A" * 17, None, "bad_invoice_number"),
        ("INV-1", "tomorrow", "bad_date"),
        ("INV-1", days(1), "bad_date"),
    ],
)
def test_the_invoice_number_and_date_are_checked(admin_user, local_supplier, pack, number, date, code):
    answer = enter(admin_user, local_supplier, line(pack), number=number, date=date)
    assert answer.status_code == 400, answer.data
    assert answer.data["code"] == code


def test_a_purchase_without_lines_or_of_no_supplier_is_refused(admin_user, local_supplier, pack):
    assert enter(admin_user, local_supplier).data["code"] == "no_lines"
    nobody = Supplier(pk=999)
    assert enter(admin_user, nobody, line(pack)).status_code == 404
    shape = client_for(admin_user).post("/api/inventory/purchases", ["not", "an", "object"], format="json")
    assert shape.status_code == 400


def test_the_purchases_list_asks_a_fixed_number_of_queries(admin_user, local_supplier, pack, oil):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = client_for(admin_user)
    assert enter(admin_user, local_supplier, line(pack), number="A1").status_code == 201

    def queries() -> int:
        with CaptureQueriesContext(connection) as seen:
            answer = client.get("/api/inventory/purchases")
        assert answer.status_code == 200
        return len(seen.captured_queries), answer.data

    one, _ = queries()
    for number in range(2, 8):
        enter(admin_user, local_supplier, line(pack), line(oil, mrp="200.00"), number=f"A{number}")
    seven, listed = queries()
    assert seven == one
    assert len(listed) == 7
