"""Which invoices a return amends: those of a filed GSTR-1 whose buyer changed after it was filed.

A GSTIN named on an invoice after its month's GSTR-1 was filed (`PUT /api/orders/<id>/buyer`), or
a GSTIN corrected, cannot go back into that return: the next return reports the invoice in `b2ba`
(with its original number and date) and, when it was a consumer's, takes it out of the original
period's `b2cs` by a `b2csa` row (the portal's amendment of a `b2cs` row: the row's figures as they
now stand). What was filed is read from `books.Gstr1Filing.reported`, never from today's invoices.

- An invoice cancelled in its own period, or with exempt lines only, has nothing to amend.
- A return not filed yet carries every change still pending: an invoice of a filed period whose
  buyer is not the one last reported (in its return, or in an amendment since).
- A filed return carries the amendments recorded when it was filed (`Gstr1Amendment`), so its
  file is rebuilt as it was uploaded.

A corrected GSTIN also amends the invoice's credit notes that a filed return reported in `cdnr`
under the old one (`cdnra`, with their original numbers and dates).

Not amended here: an invoice that was `b2cl` (the portal's `b2cla` cannot move it to `b2b`; the
summary says to amend it by hand), a consumer's credit notes (they stay netted in the `b2cs` they
were reported in),
its exempt lines (`nil` has no amendment table) and the HSN summary (reported as it was).
"""

from collections import defaultdict
from dataclasses import dataclass, replace

from books import documents
from books.documents import Document
from books.models import Gstr1Amendment, Gstr1Filing
from books.periods import Period, Span
from orders.models import InvoiceBuyer
from orders.series import INDIA

EXEMPT_RATE = 0  # an exempt-only invoice is in no section but nil and the HSN summary: nothing to amend
PAISE_FIELDS = ("taxable_value", "cgst", "sgst", "igst")


@dataclass(frozen=True)
class Amendment:
    """One invoice as the amendment reports it: its current buyer, and what its return said."""

    invoice: Document
    original: Gstr1Filing
    old_gstin: str  # "" when the return had it as a consumer's
    # A corrected GSTIN: the invoice's credit notes filed in `cdnr` under the old one (`cdnra`)
    notes: tuple[Document, ...] = ()

    @property
    def was_b2cl(self) -> bool:
        return not self.old_gstin and self.invoice.number in self.original.reported.get("b2cl", [])


def filing_of(period: Span) -> Gstr1Filing | None:
    return Gstr1Filing.objects.filter(first=period.first, last=period.last).select_related("by").first()


def _span(filing: Gstr1Filing) -> Span:
    return Span(first=filing.first, last=filing.last)


def _invoices(filing: Gstr1Filing, order_ids) -> dict[int, Document]:
    found = documents.invoices(_span(filing), order_ids=list(order_ids))
    return {
        invoice.order_id: invoice
        for invoice in found
        if not invoice.cancelled and any(line.rate != EXEMPT_RATE for line in invoice.lines)
    }


def _pending(period: Period) -> list[Amendment]:
    filings = list(Gstr1Filing.objects.filter(last__lt=period.first).order_by("first"))
    if not filings:
        return []
    buyers = InvoiceBuyer.objects.filter(
        order__created_at__gte=_span(filings[0]).start, order__created_at__lt=period.start
    ).values("order_id", "gstin", "order__invoice_number", "order__created_at")
    buyers = list(buyers)
    last_reported = dict(
        Gstr1Amendment.objects.filter(order_id__in=[row["order_id"] for row in buyers])
        .order_by("id")
        .values_list("order_id", "new_gstin")
    )
    changed: dict[int, dict[int, str]] = defaultdict(dict)  # filing → order → the GSTIN reported
    by_id = {filing.pk: filing for filing in filings}
    for row in buyers:
        day = row["order__created_at"].astimezone(INDIA).date()
        filing = next((f for f in filings if f.first <= day <= f.last), None)
        if filing is None:  # its period is not filed: the invoice is in that return itself
            continue
        reported = last_reported.get(
            row["order_id"], filing.reported.get("b2b", {}).get(row["order__invoice_number"], "")
        )
        if reported != row["gstin"]:
            changed[filing.pk][row["order_id"]] = reported
    found = []
    for filing_id, olds in changed.items():
        filing = by_id[filing_id]
        for order_id, invoice in _invoices(filing, olds).items():
            found.append(Amendment(invoice=invoice, original=filing, old_gstin=olds[order_id]))
    return sorted(found, key=lambda amendment: (amendment.invoice.day, amendment.invoice.number))


def _recorded(filing: Gstr1Filing) -> list[Amendment]:
    rows = list(Gstr1Amendment.objects.filter(reported_in=filing).select_related("original"))
    by_original: dict[int, list[Gstr1Amendment]] = defaultdict(list)
    for row in rows:
        by_original[row.original_id].append(row)
    found = []
    for group in by_original.values():
        invoices = _invoices(group[0].original, [row.order_id for row in group])
        for row in group:
            if row.order_id in invoices:  # as reported then, whatever the buyer is now
                invoice = replace(invoices[row.order_id], buyer_gstin=row.new_gstin, buyer_name=row.new_name)
                found.append(Amendment(invoice=invoice, original=row.original, old_gstin=row.old_gstin))
    return sorted(found, key=lambda amendment: (amendment.invoice.day, amendment.invoice.number))


def _with_notes(found: list[Amendment], before: Period) -> list[Amendment]:
    """Each corrected GSTIN's amendment with its invoice's notes filed in `cdnr` before `before`."""
    corrected = {amendment.invoice.order_id: amendment for amendment in found if amendment.old_gstin}
    if not corrected:
        return found
    notes: dict[int, list[Document]] = defaultdict(list)
    for filing in Gstr1Filing.objects.filter(last__lt=before.first).order_by("first"):
        reported = filing.reported.get("cdnr", {})
        for note in documents.credit_notes(_span(filing), order_ids=list(corrected)):
            if note.number in reported and not note.cancelled:
                amendment = corrected[note.order_id]
                notes[note.order_id].append(
                    replace(note, buyer_gstin=amendment.invoice.buyer_gstin, buyer_name=amendment.invoice.buyer_name)
                )
    return [replace(amendment, notes=tuple(notes.get(amendment.invoice.order_id, ()))) for amendment in found]


def amendments_for(period: Period) -> list[Amendment]:
    """The amendments `period`'s GSTR-1 reports (see the module's docstring)."""
    filing = filing_of(period)
    return _with_notes(_recorded(filing) if filing is not None else _pending(period), period)


def filed_b2cs(original: Gstr1Filing) -> dict[tuple, dict[str, int]]:
    """`original`'s `b2cs` rows as they now stand on the portal, in paise by (sply_ty, pos, rt): as
    filed, then as each later return's `b2csa` restated them."""
    rows = {tuple(row[:3]): dict(zip(PAISE_FIELDS, row[3:], strict=True)) for row in original.reported.get("b2cs", [])}
    for later in Gstr1Filing.objects.filter(first__gt=original.last).order_by("first"):
        for row in later.reported.get("b2csa", []):
            if row[0] == original.fp:
                rows[tuple(row[1:4])] = dict(zip(PAISE_FIELDS, row[4:], strict=True))
    return rows
