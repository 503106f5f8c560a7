"""The registers the accountant opens, for any date range within one financial year, as CSV:

- the sales register: one row per invoice and rate (online, counter, phone and ONDC alike);
- the credit-note register: one row per note and rate;
- the purchase register: one row per supplier invoice posted and rate (`books.itc`, the inventory's
  purchases and their input tax);
- the debit-note register: one row per debit note to a supplier and rate;
- the HSN summary of the range (as GSTR-1's `hsn`);
- the day book: each day's invoices and notes, and the net; its purchases and debit notes.

The figures are `books.documents`' (the same reader as the returns), so a register's columns add up
to the return's of the same dates: an invoice cancelled within the range, and its notes, stay in the
register with the word `cancelled` and zero amounts (the numbers are accounted for, the money is
not). Rows stream as they are read (`common.spreadsheet`). Column names stay English: a file format.
"""

from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal

from books import documents, itc
from books.documents import Document
from books.gstr1 import EXEMPT_RATE, Figures, Gstr1
from books.periods import Period, Span
from common.money import to_rupees


def _by_rate(document: Document) -> dict[int, Figures]:
    rates: dict[int, Figures] = defaultdict(Figures)
    for line in document.lines:
        rates[line.rate].add(line)
    return rates


def _status(document: Document) -> str:
    if document.kind == documents.INVOICE:
        return "cancelled" if document.cancelled else "issued"
    return "void (invoice cancelled)" if document.cancelled else "issued"


def _amounts(figures: Figures, cancelled: bool) -> tuple:
    if cancelled:
        return (to_rupees(0),) * 5
    return tuple(to_rupees(x) for x in (figures.taxable_value, figures.cgst, figures.sgst, figures.igst, figures.value))


def _amount(index: int):
    return lambda doc, rate, figures: _amounts(figures, doc.cancelled)[index]


# The sales and credit-note registers' one column table: (header, the cell of a document at one
# rate, which registers show it). A credit note adds the invoice it reduces and its reason.
BOTH, NOTES = "both", "notes"
_DOCUMENT_COLUMNS = (
    ("Number", lambda doc, rate, figures: doc.number, BOTH),
    ("Date", lambda doc, rate, figures: doc.day.isoformat(), BOTH),
    ("Against invoice", lambda doc, rate, figures: doc.invoice_number, NOTES),
    ("Invoice date", lambda doc, rate, figures: doc.invoice_day.isoformat() if doc.invoice_day else "", NOTES),
    ("Channel", lambda doc, rate, figures: doc.channel, BOTH),
    ("Buyer GSTIN", lambda doc, rate, figures: doc.buyer_gstin, BOTH),
    ("Buyer name", lambda doc, rate, figures: doc.buyer_name, BOTH),
    ("Place of supply", lambda doc, rate, figures: doc.place_of_supply_code, BOTH),
    ("Supply", lambda doc, rate, figures: "INTER" if doc.interstate else "INTRA", BOTH),
    ("Status", lambda doc, rate, figures: _status(doc), BOTH),
    ("Rate", lambda doc, rate, figures: "exempt" if rate == EXEMPT_RATE else rate, BOTH),
    *((name, _amount(index), BOTH) for index, name in enumerate(("Taxable value", "CGST", "SGST", "IGST", "Value"))),
    ("Reason", lambda doc, rate, figures: doc.reason, NOTES),
)


def _columns(notes: bool) -> list:
    return [column for column in _DOCUMENT_COLUMNS if column[2] == BOTH or notes]


def _header(notes: bool) -> list[str]:
    first = "Credit note number" if notes else "Invoice number"
    return [first if name == "Number" else name for name, _, _ in _columns(notes)]


def _document_rows(docs, notes: bool) -> Iterator[tuple]:
    cells = [cell for _, cell, _ in _columns(notes)]
    for doc in docs:
        for rate, figures in sorted(_by_rate(doc).items()):
            yield tuple(cell(doc, rate, figures) for cell in cells)


SALES_HEADER = _header(notes=False)
CREDIT_NOTES_HEADER = _header(notes=True)


def sales_rows(span: Span) -> Iterator[tuple]:
    """One row per invoice and rate."""
    return _document_rows(documents.invoices(span), notes=False)


def credit_note_rows(span: Span) -> Iterator[tuple]:
    """One row per credit note and rate, with the invoice it reduces and why."""
    return _document_rows(documents.credit_notes(span), notes=True)


HSN_HEADER = ["Part", "HSN", "Description", "UQC", "Quantity", "Rate", "Taxable value", "IGST", "CGST", "SGST"]


def hsn_rows(built: Gstr1) -> Iterator[tuple]:
    hsn = built.as_json()["hsn"]
    for part, rows in (("B2B", hsn["hsn_b2b"]), ("B2C", hsn["hsn_b2c"])):
        for row in rows:
            yield (
                part,
                row["hsn_sc"],
                row["desc"],
                row["uqc"],
                Decimal(str(row["qty"])),
                row["rt"],
                *(Decimal(str(row[key])).quantize(Decimal("0.01")) for key in ("txval", "iamt", "camt", "samt")),
            )


PURCHASES_HEADER = [
    "Supplier invoice number",
    "Invoice date",
    "Posted on",
    "Supplier",
    "Supplier GSTIN",
    "Supply",
    "Rate",
    "Taxable value",
    "CGST",
    "SGST",
    "IGST",
    "Value",
]


def _purchase_amounts(figures: dict[str, int]) -> tuple:
    amounts = [figures["taxable_value"], figures["cgst"], figures["sgst"], figures["igst"]]
    return tuple(to_rupees(x) for x in (*amounts, sum(amounts)))


def purchase_rows(span: Span) -> Iterator[tuple]:
    """One row per supplier invoice posted in the range and rate (the input tax it carries)."""
    for purchase in itc.purchases(span):
        for rate, figures in sorted(purchase.rates.items()):
            yield (
                purchase.number,
                purchase.day.isoformat(),
                purchase.recorded_on.isoformat(),
                purchase.supplier,
                purchase.supplier_gstin,
                "INTER" if purchase.interstate else "INTRA",
                rate,
                *_purchase_amounts(figures),
            )


DEBIT_NOTES_HEADER = [
    "Debit note number",
    "Date",
    "Against supplier invoice",
    "Invoice date",
    "Supplier",
    "Supplier GSTIN",
    "Supply",
    "Reason",
    "Rate",
    "Taxable value",
    "CGST",
    "SGST",
    "IGST",
    "Value",
]


def debit_note_rows(span: Span) -> Iterator[tuple]:
    """One row per debit note made in the range and rate (the input tax it takes back)."""
    for note in itc.debit_notes(span):
        for rate, figures in sorted(note.rates.items()):
            yield (
                note.number,
                note.day.isoformat(),
                note.against_number,
                note.against_day.isoformat() if note.against_day else "",
                note.supplier,
                note.supplier_gstin,
                "INTER" if note.interstate else "INTRA",
                note.reason,
                rate,
                *_purchase_amounts(figures),
            )


DAY_BOOK_HEADER = [
    "Date",
    "Invoices",
    "Sales value",
    "Credit notes",
    "Credit note value",
    "Net value",
    "Net tax",
    "Purchases",
    "Purchase value",
    "Debit notes",
    "Debit note value",
    "Net input tax",
]


def day_book_rows(span: Span) -> Iterator[tuple]:
    """One row per day with documents: what was sold, given back, and the net (cancelled left out),
    then what was bought and sent back, and the input tax left."""
    days: dict = defaultdict(
        lambda: (
            dict.fromkeys(("invoices", "sales", "notes", "back", "tax"), 0)
            | {"purchases": 0, "bought": 0, "debit_notes": 0, "returned": 0, "input_tax": 0}
        )
    )
    for invoice in documents.invoices(span):
        if not invoice.cancelled:
            day = days[invoice.day]
            day["invoices"] += 1
            day["sales"] += invoice.value
            day["tax"] += invoice.tax
    for note in documents.credit_notes(span):
        if not note.cancelled:
            day = days[note.day]
            day["notes"] += 1
            day["back"] += note.value
            day["tax"] -= note.tax
    for purchase in itc.purchases(span):
        day = days[purchase.recorded_on]
        day["purchases"] += 1
        day["bought"] += purchase.value
        day["input_tax"] += purchase.tax
    for note in itc.debit_notes(span):
        day = days[note.day]
        day["debit_notes"] += 1
        day["returned"] += note.value
        day["input_tax"] -= note.tax
    for day in sorted(days):
        figures = days[day]
        yield (
            day.isoformat(),
            figures["invoices"],
            to_rupees(figures["sales"]),
            figures["notes"],
            to_rupees(figures["back"]),
            to_rupees(figures["sales"] - figures["back"]),
            to_rupees(figures["tax"]),
            figures["purchases"],
            to_rupees(figures["bought"]),
            figures["debit_notes"],
            to_rupees(figures["returned"]),
            to_rupees(figures["input_tax"]),
        )


REGISTERS = {
    "sales": (SALES_HEADER, sales_rows),
    "credit-notes": (CREDIT_NOTES_HEADER, credit_note_rows),
    "purchases": (PURCHASES_HEADER, purchase_rows),
    "debit-notes": (DEBIT_NOTES_HEADER, debit_note_rows),
    "day-book": (DAY_BOOK_HEADER, day_book_rows),
}


def hsn_period(span: Span) -> Period:
    """A date range read as a period for the HSN summary (its documents, its cancellations)."""
    return Period(first=span.first, last=span.last, fp=f"{span.last:%m%Y}")
