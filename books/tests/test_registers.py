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
    assert void[8] == "void (invoice cancelled)" and void[10] == Decimal("0.00")


def test_the_day_book_nets_each_day(october):
    rows = list(registers.day_book_rows(span_of("2026-10-01", "2026-10-31")))
    assert rows[0] == ("2026-10-01", 0, Decimal("0.00"), 1, Decimal("59.00"), Decimal("-59.00"), Decimal("-9.00"))
    # 5 Oct: O1 as invoiced 1025.50 (tax 40 + 6.92), its short pick 420.00 (tax 20) back
    assert ("2026-10-05", 1, Decimal("1025.50"), 1, Decimal("420.00"), Decimal("605.50"), Decimal("26.92")) in rows
    assert rows[-1][0] == "2026-10-31"
    assert sum(row[5] for row in rows) == Decimal("2789.00") + Decimal("80.00")  # 3B's outward value + exempt


def test_the_hsn_register_is_the_returns_hsn_summary(october, october_period):
    rows = list(registers.hsn_rows(gstr1(october_period)))
    assert rows[0] == ("B2B", "0405", "SMLR Cow Ghee", "LTR", Decimal("0.0"), 12, *(Decimal("0.00"),) * 4)
    assert sum(row[6] for row in rows) == Decimal("2657.15")
