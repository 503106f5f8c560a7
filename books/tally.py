"""A period's sales, credit notes, purchases and debit notes as a TallyPrime XML import, so the
accountant imports the vouchers rather than typing them (Gateway of Tally → Import → Transactions).

The file is Tally's import envelope:

    ENVELOPE / HEADER / TALLYREQUEST "Import Data"
             / BODY / IMPORTDATA / REQUESTDESC (REPORTNAME Vouchers, the company)
                                 / REQUESTDATA / TALLYMESSAGE / VOUCHER ... ALLLEDGERENTRIES.LIST

one VOUCHER per document, each ledger entry signed as Tally reads it: a debit is
ISDEEMEDPOSITIVE Yes with a negative AMOUNT, a credit No with a positive one, so every voucher's
amounts add up to zero to the paisa (the figures are `books.documents`' and `books.itc`'s paise).

- **Sales** (each invoice not cancelled in the period): Dr how it was paid (the counter's tenders:
  Cash, UPI clearing, Card clearing, Store credit; an online payment: the gateway's clearing
  ledger; cash or UPI at the door: Cash; the store credit a website or phone order spent: Store
  credit, the rest to the gateway's ledger or Cash, so a sale partly paid by credit balances), Cr `Sales @5%` (the taxable value of each rate; exempt
  lines to `Sales exempt`, delivery to `Delivery charges @18%`), Cr `Output CGST 2.5%` and
  `Output SGST 2.5%` (or `Output IGST 5%`).
- **Credit Note**: the same ledgers the other way round, Cr the way the money went back: what came
  back as store credit (a cash order's refund, credit the order had spent, a counter return the
  cashier gave as credit) to `Store credit`, the rest the way the order was paid (the gateway's
  clearing ledger, or Cash). A store-credit entry belongs to the credit note of its order made
  with it: the note nearest to it in time, within `CREDIT_MATCH_WINDOW` (the note and the credit
  are written in one transaction; a credit with no note near it, a goodwill refund, is no GST
  document and no voucher of this file).
- **Purchase** (each supplier invoice posted in the period): Dr `Purchase @5%`, Dr `Input CGST
  2.5%` / `Input SGST 2.5%` (or `Input IGST 5%`), Cr the supplier's own ledger (its name).
- **Debit Note**: the same the other way round.

The ledger names are settings (`TALLY_*` in README's table); the accountant makes the ledgers
with those names once (README, "The books"). Streamed: one voucher's text at a time.
"""

from collections import defaultdict
from collections.abc import Iterator
from datetime import timedelta
from xml.sax.saxutils import escape

from django.conf import settings

from books import documents, itc
from books.documents import Document
from books.periods import Span
from common.gstin import STATE_NAMES
from common.money import to_paise, to_rupees
from counter.models import BillTender
from orders.models import CreditNote, Order
from orders.tax import DELIVERY_SAC
from payments.models import StoreCreditEntry

BATCH = 1000
EXEMPT_RATE = 0
TENDER_LEDGERS = {"cash": "cash", "upi": "upi", "card": "card", "credit": "store_credit"}
CREDIT_BACK = (StoreCreditEntry.Kind.REFUND, StoreCreditEntry.Kind.RETURN, StoreCreditEntry.Kind.RESTORE)
CREDIT_MATCH_WINDOW = timedelta(minutes=2)
CREDIT_BACK_KEY = "credit_back"  # beside the order ids in a batch's payments: the credit by note number


def ledger(key: str, rate: int = 0) -> str:
    return settings.TALLY_LEDGERS[key].format(rate=f"{rate:g}", half=f"{rate / 2:g}")


def _state_name(code: str) -> str:
    return STATE_NAMES.get(code, "")


def _entry(name: str, paise: int, *, debit: bool) -> str:
    amount = to_rupees(-paise if debit else paise)
    return (
        "<ALLLEDGERENTRIES.LIST>"
        f"<LEDGERNAME>{escape(name)}</LEDGERNAME>"
        f"<ISDEEMEDPOSITIVE>{'Yes' if debit else 'No'}</ISDEEMEDPOSITIVE>"
        f"<AMOUNT>{amount}</AMOUNT>"
        "</ALLLEDGERENTRIES.LIST>"
    )


def _tax_entries(rates: dict[int, dict[str, int]], *, output: bool, debit: bool) -> list[tuple[str, int, bool]]:
    """(ledger, paise, debit) of each rate's taxable value and tax heads."""
    prefix = "output" if output else "input"
    entries = []
    for rate, figures in sorted(rates.items()):
        for head in ("cgst", "sgst", "igst"):
            if figures[head]:
                entries.append((ledger(f"{prefix}_{head}", rate), figures[head], debit))
    return entries


def _voucher(kind: str, *, number: str, day, entries, party: str, narration: str, extra: str = "") -> str:
    entries = [(name, paise, debit) for name, paise, debit in entries if paise]
    body = "".join(_entry(name, paise, debit=debit) for name, paise, debit in entries)
    return (
        f'<TALLYMESSAGE xmlns:UDF="TallyUDF"><VOUCHER VCHTYPE="{kind}" ACTION="Create" OBJVIEW="Accounting Voucher View">'
        f"<DATE>{day:%Y%m%d}</DATE>"
        f"<VOUCHERTYPENAME>{kind}</VOUCHERTYPENAME>"
        f"<VOUCHERNUMBER>{escape(number)}</VOUCHERNUMBER>"
        f"<PARTYLEDGERNAME>{escape(party)}</PARTYLEDGERNAME>"
        f"{extra}"
        f"<NARRATION>{escape(narration)}</NARRATION>"
        "<PERSISTEDVIEW>Accounting Voucher View</PERSISTEDVIEW>"
        f"{body}"
        "</VOUCHER></TALLYMESSAGE>\n"
    )


def _sales_rates(document: Document) -> tuple[list[tuple[str, int]], dict[int, dict[str, int]]]:
    """The income ledgers (taxable value by rate, exempt, delivery) and the tax by rate."""
    income: dict[str, int] = defaultdict(int)
    taxes: dict[int, dict[str, int]] = defaultdict(lambda: {"cgst": 0, "sgst": 0, "igst": 0})
    for line in document.lines:
        if line.hsn_code == DELIVERY_SAC:
            income[ledger("delivery", line.rate)] += line.taxable_value
        elif line.rate == EXEMPT_RATE:
            income[ledger("exempt_sales")] += line.taxable_value
        else:
            income[ledger("sales", line.rate)] += line.taxable_value
        for head in ("cgst", "sgst", "igst"):
            taxes[line.rate][head] += getattr(line, head)
    return sorted(income.items()), taxes


def _receipts(document: Document, paid: dict) -> list[tuple[str, int]]:
    """How the document's value was paid (or paid back): (ledger, paise), adding up to its value."""
    method, tenders, credit = paid.get(document.order_id, ("", [], 0))
    if document.kind == documents.INVOICE and tenders:
        shares = [(ledger(TENDER_LEDGERS.get(tender, "cash")), amount) for tender, amount in tenders]
        rest = document.value - sum(amount for _, amount in shares[:-1])
        if rest > 0:  # the tenders add up to the bill; the last takes any paisa of difference
            return [*shares[:-1], (shares[-1][0], rest)]
    source = ledger("online") if method == Order.PaymentMethod.ONLINE else ledger("cash")
    if document.kind == documents.INVOICE and credit > 0:
        # The credit a website or phone order spent at placement paid that much of the invoice; the
        # payment (the gateway, or cash at the door) the rest. A counter bill's credit is a tender.
        spent = min(credit, document.value)
        shares = [(source, document.value - spent), (ledger("store_credit"), spent)]
        return [(name, paise) for name, paise in shares if paise]  # the party is the first
    if document.kind == documents.CREDIT_NOTE:
        back = min(paid[CREDIT_BACK_KEY].get(document.number, 0), document.value)
        shares = [(source, document.value - back), (ledger("store_credit"), back)]
        return [(name, paise) for name, paise in shares if paise] or [(source, 0)]
    return [(source, document.value)]


def _credit_back(order_ids: list[int]) -> dict[str, int]:
    """The store credit each credit note of the orders gave back, in paise, by note number: each
    entry given to the order's note nearest to it in time within `CREDIT_MATCH_WINDOW` (see the
    module's docstring)."""
    notes: dict[int, list[tuple]] = defaultdict(list)
    for row in CreditNote.objects.filter(order_id__in=order_ids).values("order_id", "number", "created_at"):
        notes[row["order_id"]].append((row["created_at"], row["number"]))
    back: dict[str, int] = defaultdict(int)
    entries = StoreCreditEntry.objects.filter(order_id__in=order_ids, kind__in=CREDIT_BACK)
    for entry in entries.values("order_id", "created_at", "amount_paise"):
        near = [
            (abs(entry["created_at"] - made), number)
            for made, number in notes[entry["order_id"]]
            if abs(entry["created_at"] - made) <= CREDIT_MATCH_WINDOW
        ]
        if near:
            back[min(near)[1]] += entry["amount_paise"]
    return back


def _paid(order_ids: list[int]) -> dict:
    """Each order's payment method, its counter tenders and the store credit it spent (paise), for
    a batch of documents."""
    found = {
        row["id"]: (row["payment_method"], [], to_paise(row["store_credit_applied"]))
        for row in Order.objects.filter(id__in=order_ids).values("id", "payment_method", "store_credit_applied")
    }
    for tender in (
        BillTender.objects.filter(bill__order_id__in=order_ids)
        .order_by("id")
        .values("bill__order_id", "method", "amount_paise")
    ):
        found[tender["bill__order_id"]][1].append((tender["method"], tender["amount_paise"]))
    return found


def _paid_back(order_ids: list[int]) -> dict:
    """`_paid`, and under `CREDIT_BACK_KEY` the store credit each of the orders' credit notes gave back."""
    return {**_paid(order_ids), CREDIT_BACK_KEY: _credit_back(order_ids)}


def _batched(items: Iterator[Document], read=_paid) -> Iterator[tuple[Document, dict]]:
    batch: list[Document] = []

    def flush():
        paid = read([document.order_id for document in batch])
        return [(document, paid) for document in batch]

    for document in items:
        if document.cancelled:
            continue
        batch.append(document)
        if len(batch) == BATCH:
            yield from flush()
            batch = []
    if batch:
        yield from flush()


def _gst_fields(document: Document) -> str:
    fields = f"<PLACEOFSUPPLY>{escape(_state_name(document.place_of_supply_code))}</PLACEOFSUPPLY>"
    if document.buyer_gstin:
        fields += (
            f"<PARTYGSTIN>{document.buyer_gstin}</PARTYGSTIN>"
            f"<PARTYNAME>{escape(document.buyer_name)}</PARTYNAME>"
            "<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE>"
        )
    else:
        fields += "<GSTREGISTRATIONTYPE>Unregistered/Consumer</GSTREGISTRATIONTYPE>"
    return fields


def sales_vouchers(span: Span) -> Iterator[str]:
    for invoice, paid in _batched(documents.invoices(span)):
        income, taxes = _sales_rates(invoice)
        receipts = _receipts(invoice, paid)
        entries = [(name, paise, True) for name, paise in receipts]
        entries += [(name, paise, False) for name, paise in income]
        entries += _tax_entries(taxes, output=True, debit=False)
        yield _voucher(
            "Sales",
            number=invoice.number,
            day=invoice.day,
            entries=entries,
            party=receipts[0][0],
            narration=f"{invoice.channel} sale {invoice.number}",
            extra=_gst_fields(invoice),
        )


def credit_note_vouchers(span: Span) -> Iterator[str]:
    for note, paid in _batched(documents.credit_notes(span), read=_paid_back):
        income, taxes = _sales_rates(note)
        refunds = _receipts(note, paid)
        entries = [(name, paise, True) for name, paise in income]
        entries += _tax_entries(taxes, output=True, debit=True)
        entries += [(name, paise, False) for name, paise in refunds]
        yield _voucher(
            "Credit Note",
            number=note.number,
            day=note.day,
            entries=entries,
            party=refunds[0][0],
            narration=f"Against invoice {note.invoice_number}: {note.reason}",
            extra=_gst_fields(note),
        )


def _purchase_entries(document: itc.PurchaseDocument, *, debit: bool) -> list[tuple[str, int, bool]]:
    entries = [
        (ledger("purchase", rate), figures["taxable_value"], debit) for rate, figures in sorted(document.rates.items())
    ]
    return entries + _tax_entries(document.rates, output=False, debit=debit)


def _supplier_fields(document: itc.PurchaseDocument) -> str:
    return (
        f"<PARTYGSTIN>{document.supplier_gstin}</PARTYGSTIN>"
        f"<PARTYNAME>{escape(document.supplier)}</PARTYNAME>"
        "<GSTREGISTRATIONTYPE>Regular</GSTREGISTRATIONTYPE>"
    )


def purchase_vouchers(span: Span) -> Iterator[str]:
    for purchase in itc.purchases(span):
        entries = _purchase_entries(purchase, debit=True) + [(purchase.supplier, purchase.value, False)]
        yield _voucher(
            "Purchase",
            number=purchase.number,
            day=purchase.recorded_on,
            entries=entries,
            party=purchase.supplier,
            narration=f"Supplier invoice {purchase.number} of {purchase.day.isoformat()}",
            extra=f"<REFERENCE>{escape(purchase.number)}</REFERENCE>"
            f"<REFERENCEDATE>{purchase.day:%Y%m%d}</REFERENCEDATE>" + _supplier_fields(purchase),
        )


def debit_note_vouchers(span: Span) -> Iterator[str]:
    for note in itc.debit_notes(span):
        entries = [(note.supplier, note.value, True), *_purchase_entries(note, debit=False)]
        yield _voucher(
            "Debit Note",
            number=note.number,
            day=note.day,
            entries=entries,
            party=note.supplier,
            narration=f"Against supplier invoice {note.against_number}: {note.reason}",
            extra=_supplier_fields(note),
        )


def tally_xml(span: Span) -> Iterator[str]:
    """The import file of `span`'s vouchers, a piece at a time."""
    company = settings.TALLY_COMPANY
    yield '<?xml version="1.0" encoding="UTF-8"?>\n'
    yield "<ENVELOPE><HEADER><TALLYREQUEST>Import Data</TALLYREQUEST></HEADER><BODY><IMPORTDATA>"
    yield "<REQUESTDESC><REPORTNAME>Vouchers</REPORTNAME><STATICVARIABLES>"
    if company:
        yield f"<SVCURRENTCOMPANY>{escape(company)}</SVCURRENTCOMPANY>"
    yield "</STATICVARIABLES></REQUESTDESC><REQUESTDATA>\n"
    yield from sales_vouchers(span)
    yield from credit_note_vouchers(span)
    yield from purchase_vouchers(span)
    yield from debit_note_vouchers(span)
    yield "</REQUESTDATA></IMPORTDATA></BODY></ENVELOPE>\n"
