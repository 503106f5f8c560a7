"""Input tax credit: what the books read of the purchases (GSTR-3B 4(A)(5), the purchase register).

The purchases are the inventory app's (issue 42, the stock-in of suppliers' invoices); books sit
above inventory on the floors, so they read its `InputTax` rows and never write them (only
`inventory.services` does: one row per rate of each posted supplier invoice, and a negative row
per rate of each debit note that takes some back). A row belongs to the return period of the day
it was posted (`recorded_on`), as the credit is claimed in the period the goods and the invoice
are in hand (CGST Act section 16(2)).

The figures are paise: the rows hold rupees with two decimals, turned by `common.money`.
"""

from dataclasses import dataclass

from books.periods import Span
from common.money import sql_paise_sum
from inventory.models import InputTax as InputTaxRow

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
