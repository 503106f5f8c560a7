"""The registers of the hand-made October add up to its GSTR-1."""

from decimal import Decimal

from books import registers
from books.gstr1 import gstr1
from books.periods import span_of


def column(header, rows, name):
    index = header.index(name)
    return [row[index] for row in rows]


def test_the_sales_register_rows_add_up_to_the_returns_invoices(october, october_period):
    rows = list(registers.sales_rows(october_period))
    summary = gstr1(october_period).summary()["sections"]["invoices"]
    header = registers.SALES_HEADER
    assert sum(column(header, rows, "Taxable value")) == Decimal(str(summary["taxableValue"]))
    assert sum(column(header, rows, "IGST")) == Decimal(str(summary["igst"]))
    assert sum(column(header, rows, "CGST")) == Decimal(str(summary["cgst"]))
    o3 = october.orders["O3"].invoice_number
    cancelled = [row for row in rows if row[0] == o3]
    assert cancelled == [(o3, "2026-10-07", "phone", "", "", "37", "INTRA", "cancelled", 5, *(Decimal("0.00"),) * 5)]
    assert header[:3] == ["Invoice number", "Date", "Channel"]
    o1 = [row for row in rows if row[0] == october.orders["O1"].invoice_number]
    assert [row[8:] for row in o1] == [
        ("exempt", Decimal("40.00"), Decimal("0.00"), Decimal("0.00"), Decimal("0.00"), Decimal("40.00")),
        # as invoiced: 2 rice (800 + 40) and the oil (138.58 + 6.92)
        (5, Decimal("938.58"), Decimal("23.46"), Decimal("23.46"), Decimal("0.00"), Decimal("985.50")),
    ]


def test_the_credit_note_register_names_the_invoice_and_marks_the_void_note(october, october_period):
    rows = list(registers.credit_note_rows(october_period))
    header = registers.CREDIT_NOTES_HEADER
    assert len(rows) == 5
    assert sum(column(header, rows, "Taxable value")) == Decimal("2450.00")
    o7 = next(row for row in rows if row[0] == october.notes["O7"].number)
    assert o7[2:4] == (october.orders["O7"].invoice_number, "2026-09-30")
    void = next(row for row in rows if row[0] == october.notes["O3"].number)
    header = registers.CREDIT_NOTES_HEADER
    assert void[header.index("Status")] == "void (invoice cancelled)"
    assert void[header.index("Taxable value")] == Decimal("0.00")


def test_sales_and_credit_note_registers_share_one_column_table():
    sales, notes = registers.SALES_HEADER, registers.CREDIT_NOTES_HEADER
    assert [name for name in notes if name not in ("Against invoice", "Invoice date", "Reason")] == [
        "Credit note number" if name == "Invoice number" else name for name in sales
    ]


def test_the_day_book_nets_each_day(october):
    rows = [row[:7] for row in registers.day_book_rows(span_of("2026-10-01", "2026-10-31"))]
    assert rows[0] == ("2026-10-01", 0, Decimal("0.00"), 1, Decimal("59.00"), Decimal("-59.00"), Decimal("-9.00"))
    # 5 Oct: O1 as invoiced 1025.50 (tax 40 + 6.92), its short pick 420.00 (tax 20) back
    assert ("2026-10-05", 1, Decimal("1025.50"), 1, Decimal("420.00"), Decimal("605.50"), Decimal("26.92")) in rows
    assert rows[-1][0] == "2026-10-31"
    assert sum(row[5] for row in rows) == Decimal("2789.00") + Decimal("80.00")  # 3B's outward value + exempt


def test_the_hsn_register_is_the_returns_hsn_summary(october, october_period):
    rows = list(registers.hsn_rows(gstr1(october_period)))
    assert rows[0] == ("B2B", "0405", "SMLR Cow Ghee", "LTR", Decimal("0.0"), 12, *(Decimal("0.00"),) * 4)
    assert sum(row[6] for row in rows) == Decimal("2657.15")


def test_the_purchase_register_is_the_posted_invoices_by_rate(purchases):
    rows = list(registers.purchase_rows(span_of("2026-10-01", "2026-10-31")))
    header = registers.PURCHASES_HEADER
    assert rows == [
        (
            "GT/101",
            "2026-10-03",
            "2026-10-04",
            "Godavari Traders",
            "37AAPFU0939F1ZU",
            "INTRA",
            5,
            Decimal("3800.00"),
            Decimal("95.00"),
            Decimal("95.00"),
            Decimal("0.00"),
            Decimal("3990.00"),
        ),
        (
            "GT/101",
            "2026-10-03",
            "2026-10-04",
            "Godavari Traders",
            "37AAPFU0939F1ZU",
            "INTRA",
            12,
            Decimal("1800.00"),
            Decimal("108.00"),
            Decimal("108.00"),
            Decimal("0.00"),
            Decimal("2016.00"),
        ),
        (
            "PW-55",
            "2026-10-09",
            "2026-10-10",
            "Pune Wholesale",
            "27AAPFU0939F1ZV",
            "INTER",
            5,
            Decimal("2400.00"),
            Decimal("0.00"),
            Decimal("0.00"),
            Decimal("120.00"),
            Decimal("2520.00"),
        ),
    ]  # GT/140 of 31 October was posted on 1 November: November's
    assert len(header) == len(rows[0])


def test_the_debit_note_register_ties_to_the_input_tax_taken_back(purchases, october_period):
    from books import itc

    rows = list(registers.debit_note_rows(span_of("2026-10-01", "2026-10-31")))
    assert rows == [
        (
            "DN/2026-27/000001",
            "2026-10-20",
            "GT/101",
            "2026-10-03",
            "Godavari Traders",
            "37AAPFU0939F1ZU",
            "INTRA",
            "Damaged",
            5,
            Decimal("760.00"),
            Decimal("19.00"),
            Decimal("19.00"),
            Decimal("0.00"),
            Decimal("798.00"),
        ),
    ]
    bought = list(registers.purchase_rows(october_period))
    header = registers.PURCHASES_HEADER
    cgst = sum(column(header, bought, "CGST")) - sum(column(registers.DEBIT_NOTES_HEADER, rows, "CGST"))
    assert cgst == Decimal("184.00") == Decimal(itc.input_tax(october_period).cgst) / 100


def test_the_day_book_has_the_purchases_and_debit_notes(purchases):
    rows = {row[0]: row[7:] for row in registers.day_book_rows(span_of("2026-10-01", "2026-10-31"))}
    assert rows["2026-10-04"] == (2 - 1, Decimal("6006.00"), 0, Decimal("0.00"), Decimal("406.00"))
    assert rows["2026-10-20"] == (0, Decimal("0.00"), 1, Decimal("798.00"), Decimal("-38.00"))
    assert sum(row[4] for row in rows.values()) == Decimal("488.00")  # 3B's ITC: 120 + 184 + 184
