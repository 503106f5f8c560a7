"""The books as Excel workbooks (.xlsx, openpyxl) for the accountant: GSTR-1 with one sheet per
section, in the columns of the GST offline tool's Excel template, and any register.

Workbooks are written in openpyxl's write-only mode: each row goes to the sheet's file on disk as
it is appended, so a register of 100,000 invoices streams through without being held in memory.
The file is made in a temporary file (`write_register`, `write_gstr1` into an open binary file;
`register_file`, `gstr1_file` a spooled temporary file rewound for a response). Cells that a
spreadsheet would run as formulas get a leading `'` as in the CSV files (`common.spreadsheet`).
Column names stay English: a file format.
"""

import tempfile
from collections.abc import Iterable
from datetime import datetime
from decimal import Decimal

from openpyxl import Workbook
from openpyxl.cell import WriteOnlyCell
from openpyxl.styles import Font

from books.gstr1 import Gstr1
from common.spreadsheet import safe_cell

MONEY = "#,##0.00"
BOLD = Font(bold=True)
SPOOL_BYTES = 8 * 1024 * 1024  # a file under this stays in memory; a larger one goes to disk


def _cells(sheet, row: Iterable) -> list:
    cells = []
    for value in row:
        cell = WriteOnlyCell(sheet, value=float(value) if isinstance(value, Decimal) else safe_cell(value))
        if isinstance(value, Decimal | float):
            cell.number_format = MONEY
        cells.append(cell)
    return cells


def _sheet(book: Workbook, title: str, header: list[str], rows: Iterable[Iterable]) -> None:
    sheet = book.create_sheet(title=title[:31])
    head = []
    for name in header:
        cell = WriteOnlyCell(sheet, value=name)
        cell.font = BOLD
        head.append(cell)
    sheet.append(head)
    for row in rows:
        sheet.append(_cells(sheet, row))


def _book() -> Workbook:
    book = Workbook(write_only=True)
    book.properties.creator = "SMLR Mart"
    book.properties.created = datetime(2000, 1, 1)  # the same rows make the same file
    return book


def write_register(file, title: str, header: list[str], rows: Iterable[Iterable]) -> None:
    book = _book()
    _sheet(book, title, header, rows)
    book.save(file)


def _spooled(write, *args):
    file = tempfile.SpooledTemporaryFile(max_size=SPOOL_BYTES)
    write(file, *args)
    file.seek(0)
    return file


def register_file(title: str, header: list[str], rows: Iterable[Iterable]):
    return _spooled(write_register, title, header, rows)


# --- GSTR-1, in the offline tool's Excel columns --------------------------------------------------


def _date(portal: str) -> str:
    """The portal's dd-mm-yyyy as the template's dd-Mon-yyyy (05-Oct-2026)."""
    return datetime.strptime(portal, "%d-%m-%Y").strftime("%d-%b-%Y")


def _r(value) -> Decimal:
    return Decimal(str(value)).quantize(Decimal("0.01"))


B2B_HEADER = [
    "GSTIN/UIN of Recipient",
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Invoice Type",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
B2CL_HEADER = [
    "Invoice Number",
    "Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Cess Amount",
]
B2CS_HEADER = [
    "Type",
    "Supply Type",
    "Place Of Supply",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
CDNR_HEADER = [
    "GSTIN/UIN of Recipient",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
CDNUR_HEADER = [
    "UR Type",
    "Note Number",
    "Note Date",
    "Note Type",
    "Place Of Supply",
    "Note Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Cess Amount",
]
EXEMP_HEADER = [
    "Description",
    "Nil Rated Supplies",
    "Exempted (other than nil rated/non GST supply)",
    "Non-GST supplies",
]
HSN_HEADER = [
    "HSN",
    "Description",
    "UQC",
    "Total Quantity",
    "Rate",
    "Taxable Value",
    "Integrated Tax Amount",
    "Central Tax Amount",
    "State/UT Tax Amount",
    "Cess Amount",
]
B2BA_HEADER = [
    "GSTIN/UIN of Recipient",
    "Original Invoice Number",
    "Original Invoice date",
    "Revised Invoice Number",
    "Revised Invoice date",
    "Invoice Value",
    "Place Of Supply",
    "Reverse Charge",
    "Invoice Type",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
B2CSA_HEADER = [
    "Original Month",
    "Supply Type",
    "Place Of Supply",
    "Type",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
CDNRA_HEADER = [
    "GSTIN/UIN of Recipient",
    "Original Note Number",
    "Original Note Date",
    "Revised Note Number",
    "Revised Note Date",
    "Note Type",
    "Place Of Supply",
    "Reverse Charge",
    "Note Value",
    "Rate",
    "Taxable Value",
    "Integrated Tax",
    "Central Tax",
    "State/UT Tax",
    "Cess Amount",
]
DOCS_HEADER = ["Nature of Document", "Sr. No. From", "Sr. No. To", "Total Number", "Cancelled", "Net Issued"]
NATURE = {1: "Invoices for outward supply", 5: "Credit Note"}
SUPPLY = {
    "INTRAB2B": "Intra-State supplies to registered persons",
    "INTRAB2C": "Intra-State supplies to unregistered persons",
    "INTRB2B": "Inter-State supplies to registered persons",
    "INTRB2C": "Inter-State supplies to unregistered persons",
}


def _tax(item: dict) -> tuple:
    return (_r(item.get("iamt", 0)), _r(item.get("camt", 0)), _r(item.get("samt", 0)), _r(item.get("csamt", 0)))


def _b2b_rows(data):
    for party in data["b2b"]:
        for invoice in party["inv"]:
            for item in invoice["itms"]:
                detail = item["itm_det"]
                yield (
                    party["ctin"],
                    invoice["inum"],
                    _date(invoice["idt"]),
                    _r(invoice["val"]),
                    invoice["pos"],
                    invoice["rchrg"],
                    "Regular B2B",
                    detail["rt"],
                    _r(detail["txval"]),
                    *_tax(detail),
                )


def _b2ba_rows(data):
    for party in data.get("b2ba", []):
        for invoice in party["inv"]:
            for item in invoice["itms"]:
                detail = item["itm_det"]
                yield (
                    party["ctin"],
                    invoice["oinum"],
                    _date(invoice["oidt"]),
                    invoice["inum"],
                    _date(invoice["idt"]),
                    _r(invoice["val"]),
                    invoice["pos"],
                    invoice["rchrg"],
                    "Regular B2B",
                    detail["rt"],
                    _r(detail["txval"]),
                    *_tax(detail),
                )


def _b2csa_rows(data):
    for row in data.get("b2csa", []):
        for item in row["itms"]:
            yield (row["omon"], row["sply_ty"], row["pos"], row["typ"], item["rt"], _r(item["txval"]), *_tax(item))


def _b2cl_rows(data):
    for place in data["b2cl"]:
        for invoice in place["inv"]:
            for item in invoice["itms"]:
                detail = item["itm_det"]
                yield (
                    invoice["inum"],
                    _date(invoice["idt"]),
                    _r(invoice["val"]),
                    place["pos"],
                    detail["rt"],
                    _r(detail["txval"]),
                    _r(detail.get("iamt", 0)),
                    _r(detail.get("csamt", 0)),
                )


def _b2cs_rows(data):
    for row in data["b2cs"]:
        yield ("OE", row["sply_ty"], row["pos"], row["rt"], _r(row["txval"]), *_tax(row))


def _cdnr_rows(data):
    for party in data["cdnr"]:
        for note in party["nt"]:
            for item in note["itms"]:
                detail = item["itm_det"]
                yield (
                    party["ctin"],
                    note["nt_num"],
                    _date(note["nt_dt"]),
                    note["ntty"],
                    note["pos"],
                    note["rchrg"],
                    _r(note["val"]),
                    detail["rt"],
                    _r(detail["txval"]),
                    *_tax(detail),
                )


def _cdnra_rows(data):
    for party in data.get("cdnra", []):
        for note in party["nt"]:
            for item in note["itms"]:
                detail = item["itm_det"]
                yield (
                    party["ctin"],
                    note["ont_num"],
                    _date(note["ont_dt"]),
                    note["nt_num"],
                    _date(note["nt_dt"]),
                    note["ntty"],
                    note["pos"],
                    note["rchrg"],
                    _r(note["val"]),
                    detail["rt"],
                    _r(detail["txval"]),
                    *_tax(detail),
                )


def _cdnur_rows(data):
    for note in data["cdnur"]:
        for item in note["itms"]:
            detail = item["itm_det"]
            yield (
                note["typ"],
                note["nt_num"],
                _date(note["nt_dt"]),
                note["ntty"],
                note["pos"],
                _r(note["val"]),
                detail["rt"],
                _r(detail["txval"]),
                _r(detail.get("iamt", 0)),
                _r(detail.get("csamt", 0)),
            )


def _exemp_rows(data):
    for row in data["nil"]["inv"]:
        yield (
            SUPPLY.get(row["sply_ty"], row["sply_ty"]),
            _r(row["nil_amt"]),
            _r(row["expt_amt"]),
            _r(row["ngsup_amt"]),
        )


def _hsn_rows(rows):
    for row in rows:
        yield (
            row["hsn_sc"],
            row["desc"],
            row["uqc"],
            Decimal(str(row["qty"])),
            row["rt"],
            _r(row["txval"]),
            _r(row["iamt"]),
            _r(row["camt"]),
            _r(row["samt"]),
            _r(row["csamt"]),
        )


def _docs_rows(data):
    for detail in data["doc_issue"]["doc_det"]:
        for doc in detail["docs"]:
            nature = NATURE.get(detail["doc_num"], str(detail["doc_num"]))
            yield (nature, doc["from"], doc["to"], doc["totnum"], doc["cancel"], doc["net_issue"])


SUMMARY_HEADER = ["Section", "Taxable value", "CGST", "SGST", "IGST", "Value"]


def _summary_rows(built: Gstr1):
    summary = built.summary()
    yield ("GSTIN", built.gstin)
    yield ("Return period", built.period.fp + (" (quarterly)" if built.period.quarterly else ""))
    for name, figures in [*summary["sections"].items(), ("net", summary["net"])]:
        yield (
            name,
            *(_r(figures[key]) for key in ("taxableValue", "cgst", "sgst", "igst", "value")),
        )


# The sheets, in the order and with the names of the offline tool's template.
GSTR1_SHEETS = ("summary", "b2b", "b2cl", "b2cs", "cdnr", "cdnur", "exemp", "hsn(b2b)", "hsn(b2c)", "docs")


def write_gstr1(file, built: Gstr1) -> None:
    data = built.as_json()
    book = _book()
    _sheet(book, "summary", SUMMARY_HEADER, _summary_rows(built))
    _sheet(book, "b2b", B2B_HEADER, _b2b_rows(data))
    _sheet(book, "b2cl", B2CL_HEADER, _b2cl_rows(data))
    _sheet(book, "b2cs", B2CS_HEADER, _b2cs_rows(data))
    _sheet(book, "cdnr", CDNR_HEADER, _cdnr_rows(data))
    _sheet(book, "cdnur", CDNUR_HEADER, _cdnur_rows(data))
    _sheet(book, "exemp", EXEMP_HEADER, _exemp_rows(data))
    _sheet(book, "hsn(b2b)", HSN_HEADER, _hsn_rows(data["hsn"]["hsn_b2b"]))
    _sheet(book, "hsn(b2c)", HSN_HEADER, _hsn_rows(data["hsn"]["hsn_b2c"]))
    _sheet(book, "docs", DOCS_HEADER, _docs_rows(data))
    if "b2ba" in data:  # amendments of a filed return (`books.amendments`), after the template's sheets
        _sheet(book, "b2ba", B2BA_HEADER, _b2ba_rows(data))
        _sheet(book, "b2csa", B2CSA_HEADER, _b2csa_rows(data))
        _sheet(book, "cdnra", CDNRA_HEADER, _cdnra_rows(data))
    book.save(file)


def gstr1_file(built: Gstr1):
    return _spooled(write_gstr1, built)
