"""The registers the accountant opens, for any date range within one financial year, as CSV:

- the sales register: one row per invoice and rate (online, counter, phone and ONDC alike);
- the credit-note register: one row per note and rate;
- the HSN summary of the range (as GSTR-1's `hsn`);
- the day book: each day's invoices and notes, and the net.

The figures are `books.documents`' (the same reader as the returns), so a register's columns add up
to the return's of the same dates: an invoice cancelled within the range, and its notes, stay in the
register with the word `cancelled` and zero amounts (the numbers are accounted for, the money is
not). Rows stream as they are read (`common.spreadsheet`). Column names stay English: a file format.
"""

from collections import defaultdict
from collections.abc import Iterator
from decimal import Decimal

from books import documents
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


SALES_HEADER = [
    "Invoice number",
    "Date",
    "Channel",
    "Buyer GSTIN",
    "Buyer name",
    "Place of supply",
    "Supply",
    "Status",
    "Rate",
    "Taxable value",
    "CGST",
    "SGST",
    "IGST",
    "Value",
]


def sales_rows(span: Span) -> Iterator[tuple]:
    for invoice in documents.invoices(span):
        for rate, figures in sorted(_by_rate(invoice).items()):
            yield (
                invoice.number,
                invoice.day.isoformat(),
                invoice.channel,
                invoice.buyer_gstin,
                invoice.buyer_name,
                invoice.place_of_supply_code,
                "INTER" if invoice.interstate else "INTRA",
                _status(invoice),
                "exempt" if rate == EXEMPT_RATE else rate,
                *_amounts(figures, invoice.cancelled),
            )


CREDIT_NOTES_HEADER = [
    "Credit note number",
    "Date",
    "Against invoice",
    "Invoice date",
    "Channel",
    "Buyer GSTIN",
    "Place of supply",
    "Supply",
    "Status",
    "Rate",
    "Taxable value",
    "CGST",
    "SGST",
    "IGST",
    "Value",
    "Reason",
]


def credit_note_rows(span: Span) -> Iterator[tuple]:
    for note in documents.credit_notes(span):
        for rate, figures in sorted(_by_rate(note).items()):
            yield (
                note.number,
                note.day.isoformat(),
                note.invoice_number,
                note.invoice_day.isoformat() if note.invoice_day else "",
                note.channel,
                note.buyer_gstin,
                note.place_of_supply_code,
                "INTER" if note.interstate else "INTRA",
                _status(note),
                "exempt" if rate == EXEMPT_RATE else rate,
                *_amounts(figures, note.cancelled),
                note.reason,
            )


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


DAY_BOOK_HEADER = ["Date", "Invoices", "Sales value", "Credit notes", "Credit note value", "Net value", "Net tax"]


def day_book_rows(span: Span) -> Iterator[tuple]:
    """One row per day with documents: what was sold, given back, and the net (cancelled left out)."""
    days: dict = defaultdict(lambda: {"invoices": 0, "sales": 0, "notes": 0, "back": 0, "tax": 0})
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
        )


REGISTERS = {
    "sales": (SALES_HEADER, sales_rows),
    "credit-notes": (CREDIT_NOTES_HEADER, credit_note_rows),
    "day-book": (DAY_BOOK_HEADER, day_book_rows),
}


def hsn_period(span: Span) -> Period:
    """A date range read as a period for the HSN summary (its documents, its cancellations)."""
    return Period(first=span.first, last=span.last, fp=f"{span.last:%m%Y}")
