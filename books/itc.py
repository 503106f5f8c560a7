"""Input tax credit: what the books read of the purchases (GSTR-3B 4(A)(5), the purchase register).

The purchases are the inventory app's (issue 42, the stock-in of suppliers' invoices); books sit
above inventory on the floors, so they read its `InputTax` rows and never write them (only
`inventory.services` does: one row per rate of each posted supplier invoice, and a negative row
per rate of each debit note that takes some back). A row belongs to the return period of the day
it was posted (`recorded_on`), as the credit is claimed in the period the goods and the invoice
are in hand (CGST Act section 16(2)).

The figures are paise: the rows hold rupees with two decimals, turned by `common.money`.
"""

from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date

from django.db.models import Prefetch

from books.periods import Span
from common.money import sql_paise_sum, to_paise
from inventory.models import InputTax as InputTaxRow
from inventory.models import PurchaseReturn, PurchaseReturnLine
from orders.series import INDIA

FIELDS = ("taxable_value", "igst", "cgst", "sgst")


@dataclass(frozen=True)
class InputTax:
    """The period's eligible input tax, in paise, net of its debit notes. `available` stays for the
    screen and the summary: the purchases are recorded (the inventory app is there)."""

    available: bool = True
    documents: int = 0
    debit_notes: int = 0
    taxable_value: int = 0
    igst: int = 0
    cgst: int = 0
    sgst: int = 0
    cess: int = 0


def rows_in(span: Span):
    """The `InputTax` rows posted in `span` (IST days), oldest first."""
    return InputTaxRow.objects.filter(recorded_on__gte=span.first, recorded_on__lte=span.last)


def input_tax(span: Span) -> InputTax:
    """The eligible input tax on the purchases posted in `span`, less its debit notes'."""
    rows = rows_in(span)
    sums = rows.aggregate(**{name: sql_paise_sum(name) for name in FIELDS})
    invoices = rows.filter(document=InputTaxRow.Document.INVOICE).values("purchase_id").distinct().count()
    notes = rows.filter(document=InputTaxRow.Document.DEBIT_NOTE).values("purchase_return_id").distinct().count()
    return InputTax(
        available=True,
        documents=invoices,
        debit_notes=notes,
        **{name: int(sums[name] or 0) for name in FIELDS},
    )


@dataclass
class PurchaseDocument:
    """A supplier's invoice as posted, or a debit note against one, by rate, in paise (positive)."""

    kind: str  # PURCHASE or DEBIT_NOTE
    number: str  # the supplier's invoice number, or the shop's debit note number
    day: date  # the document's date
    recorded_on: date  # the day it was posted: its return period
    supplier: str
    supplier_gstin: str
    interstate: bool
    rates: dict[int, dict[str, int]] = field(default_factory=dict)  # rate → taxable_value, cgst, sgst, igst
    against_number: str = ""  # a debit note's supplier invoice
    against_day: date | None = None
    reason: str = ""

    def total(self, name: str) -> int:
        return sum(figures[name] for figures in self.rates.values())

    @property
    def tax(self) -> int:
        return self.total("cgst") + self.total("sgst") + self.total("igst")

    @property
    def value(self) -> int:
        return self.total("taxable_value") + self.tax


PURCHASE, DEBIT_NOTE = "purchase", "debit_note"


def purchases(span: Span) -> Iterator[PurchaseDocument]:
    """The suppliers' invoices posted in `span`, oldest first, each with its rates' figures (its
    `InputTax` rows: what the credit is)."""
    rows = (
        rows_in(span)
        .filter(document=InputTaxRow.Document.INVOICE)
        .select_related("purchase__supplier")
        .order_by("recorded_on", "purchase_id", "gst_rate")
    )
    current = None
    for row in rows.iterator(chunk_size=2000):
        if current is None or current[0] != row.purchase_id:
            if current is not None:
                yield current[1]
            purchase = row.purchase
            current = (
                row.purchase_id,
                PurchaseDocument(
                    kind=PURCHASE,
                    number=purchase.invoice_number,
                    day=purchase.invoice_date,
                    recorded_on=row.recorded_on,
                    supplier=purchase.supplier.name,
                    supplier_gstin=row.supplier_gstin,
                    interstate=purchase.interstate,
                ),
            )
        current[1].rates[row.gst_rate] = {name: to_paise(getattr(row, name)) for name in FIELDS}
    if current is not None:
        yield current[1]


def debit_notes(span: Span) -> Iterator[PurchaseDocument]:
    """The debit notes made in `span` (IST days), oldest first, from their lines: each line's
    rate is its purchase line's."""
    notes = (
        PurchaseReturn.objects.filter(made_at__gte=span.start, made_at__lt=span.end)
        .select_related("purchase__supplier")
        .prefetch_related(Prefetch("lines", queryset=PurchaseReturnLine.objects.select_related("line").order_by("id")))
        .order_by("made_at", "id")
    )
    for note in notes.iterator(chunk_size=500):
        purchase = note.purchase
        day = note.made_at.astimezone(INDIA).date()
        document = PurchaseDocument(
            kind=DEBIT_NOTE,
            number=note.debit_note_number,
            day=day,
            recorded_on=day,
            supplier=purchase.supplier.name,
            supplier_gstin=purchase.supplier.gstin,
            interstate=purchase.interstate,
            against_number=purchase.invoice_number,
            against_day=purchase.invoice_date,
            reason=note.get_reason_display(),
        )
        for line in note.lines.all():
            figures = document.rates.setdefault(line.line.gst_rate, dict.fromkeys(FIELDS, 0))
            for name in FIELDS:
                figures[name] += to_paise(getattr(line, name))
        yield document
