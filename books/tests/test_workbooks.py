"""GSTR-1 and the registers as Excel workbooks: one sheet per section, the same figures as the JSON
and the CSV, written in write-only mode."""

from decimal import Decimal

from openpyxl import load_workbook

from books import registers, workbooks
from books.gstr1 import gstr1


def sheet_rows(book, name):
    return [list(row) for row in book[name].iter_rows(values_only=True)]


def test_the_gstr1_workbook_has_a_sheet_per_section_adding_up_to_the_json(october, october_period):
    built = gstr1(october_period)
    book = load_workbook(workbooks.gstr1_file(built), read_only=True)
    assert book.sheetnames == list(workbooks.GSTR1_SHEETS)
    data = built.as_json()
    b2cs = sheet_rows(book, "b2cs")
    assert b2cs[0] == workbooks.B2CS_HEADER
    assert len(b2cs) - 1 == len(data["b2cs"])
    assert round(sum(row[4] for row in b2cs[1:]), 2) == round(sum(row["txval"] for row in data["b2cs"]), 2)
    b2b = sheet_rows(book, "b2b")
    assert b2b[1][:3] == [data["b2b"][0]["ctin"], data["b2b"][0]["inv"][0]["inum"], "10-Oct-2026"]
    hsn = sheet_rows(book, "hsn(b2c)")[1:] + sheet_rows(book, "hsn(b2b)")[1:]
    assert round(sum(row[5] for row in hsn), 2) == 2657.15  # the HSN register's total
    docs = sheet_rows(book, "docs")
    assert docs[0] == workbooks.DOCS_HEADER and {row[0] for row in docs[1:]} == {
        "Invoices for outward supply",
        "Credit Note",
    }
    summary = sheet_rows(book, "summary")
    assert summary[1][:2] == ["GSTIN", "37ABCDE1234F1Z5"] and summary[2][:2] == ["Return period", "102026"]
    net = next(row for row in summary if row[0] == "net")
    assert net[1] == built.summary()["net"]["taxableValue"]


def test_a_register_workbook_is_the_csvs_rows(october, october_period):
    rows = list(registers.sales_rows(october_period))
    book = load_workbook(
        workbooks.register_file("sales", registers.SALES_HEADER, registers.sales_rows(october_period)), read_only=True
    )
    found = sheet_rows(book, "sales")
    assert found[0] == registers.SALES_HEADER
    assert len(found) == 1 + len(rows)
    taxable = registers.SALES_HEADER.index("Taxable value")
    assert Decimal(str(round(sum(row[taxable] for row in found[1:]), 2))) == sum(row[taxable] for row in rows)


def test_a_formula_like_cell_is_written_as_text(tmp_path):
    path = tmp_path / "x.xlsx"
    with path.open("wb") as file:
        workbooks.write_register(file, "x", ["Name"], [("=HYPERLINK(1)",), ("Rice",)])
    assert sheet_rows(load_workbook(path), "x") == [["Name"], ["'=HYPERLINK(1)"], ["Rice"]]
