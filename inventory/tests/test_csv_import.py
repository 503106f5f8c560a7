"""A purchase from the supplier's CSV file: the columns, a bad row named by its line, nothing
written then."""

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from catalog.models import Barcode
from conftest import client_for
from inventory.models import Purchase, PurchaseLine

from .conftest import days

pytestmark = pytest.mark.django_db

HEADER = "pack,barcode,qty,unit_cost,gst_rate,batch,packed_on,best_before,mrp\n"


def upload(user, supplier, text: str | bytes, *, number="CSV-1", language="en"):
    raw = text.encode() if isinstance(text, str) else text
    return client_for(user).post(
        "/api/inventory/purchases/import",
        {
            "supplierId": str(supplier.pk),
            "invoiceNumber": number,
            "invoiceDate": days(-1),
            "file": SimpleUploadedFile("invoice.csv", raw, content_type="text/csv"),
        },
        format="multipart",
        HTTP_ACCEPT_LANGUAGE=language,
    )


def test_a_file_becomes_a_draft_purchase_by_pack_id_or_barcode(admin_user, local_supplier, pack, oil):
    Barcode.objects.create(pack=oil, code="8901234567894", kind="ean13")
    text = (
        "\ufeff"
        + HEADER.upper().replace("PACK", " Pack ")
        + f"{pack.pk},,24,70.00,5,B-1,{days(-5)},{days(200)},100.00\n"
        + "\n"
        + f",8901234567894,6,150,5%,OIL-9,,{days(300)},200\n"
    )
    answer = upload(admin_user, local_supplier, text)
    assert answer.status_code == 201, answer.data
    assert answer.data["status"] == "draft"
    assert [(row["financialId"], row["qty"], row["batchNumber"]) for row in answer.data["lines"]] == [
        (str(pack.pk), 24, "B-1"),
        (str(oil.pk), 6, "OIL-9"),
    ]
    assert answer.data["lines"][1]["packedOn"] is None


@pytest.mark.parametrize(
    "row, message",
    [
        ("{pack},,-3,70,5,B-2,,{bb},100", "Line 3: Quantity must be a whole number from 1 to 100000."),
        ("{pack},,3,0,5,B-2,,{bb},100", "Line 3: Unit cost before GST must be an amount above zero"),
        ("{pack},,3,70,5,B-2,,{past},100", "Line 3: The best-before date"),
        ("{pack},,3,70,5,B-2,,{bb},80", "Line 3: Sona Rice, Brand A 1 kg sells at ₹90.00, above the MRP ₹80.00"),
        (",4006381333931,3,70,5,B-2,,{bb},100", "Line 3: No pack has barcode 4006381333931."),
        (",,3,70,5,B-2,,{bb},100", "Line 3: Neither a pack nor a barcode."),
    ],
)
def test_a_bad_row_is_named_by_its_line_and_nothing_is_written(admin_user, local_supplier, pack, row, message):
    good = f"{pack.pk},,24,70.00,5,B-1,,{days(200)},100.00\n"
    bad = row.format(pack=pack.pk, bb=days(200), past=days(-2)) + "\n"
    answer = upload(admin_user, local_supplier, HEADER + good + bad)
    assert answer.status_code == 400, answer.data
    assert answer.data["message"].startswith(message), answer.data["message"]
    assert answer.data["line"] == 3
    assert not Purchase.objects.exists() and not PurchaseLine.objects.exists()


@pytest.mark.parametrize(
    "raw, message",
    [
        (b"", "The file is empty."),
        (b"pack,qty,unit_cost\n1,2,3\n", "The file has no column gst_rate, batch, best_before, mrp."),
        (b"qty,unit_cost,gst_rate,batch,best_before,mrp\n", "The file has no column pack."),
        ("pack,qty\n".encode("utf-16"), "The file is not UTF-8 text (save it as CSV UTF-8)."),
        (HEADER.encode(), "A purchase has at least one line."),
    ],
)
def test_a_file_that_cannot_be_read_is_refused_as_a_whole(admin_user, local_supplier, raw, message):
    answer = upload(admin_user, local_supplier, raw)
    assert answer.status_code == 400, answer.data
    assert answer.data["message"] == message


def test_a_file_over_a_megabyte_is_refused(admin_user, local_supplier):
    answer = upload(admin_user, local_supplier, HEADER + "x" * 1_000_001)
    assert answer.status_code == 400
    assert answer.data["code"] == "file_too_large"


def test_the_same_invoice_from_a_file_is_entered_once(admin_user, local_supplier, pack):
    text = HEADER + f"{pack.pk},,24,70.00,5,B-1,,{days(200)},100.00\n"
    assert upload(admin_user, local_supplier, text).status_code == 201
    again = upload(admin_user, local_supplier, text)
    assert again.status_code == 409
    assert Purchase.objects.count() == 1
