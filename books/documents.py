"""The period's sales documents as GST returns read them: tax invoices and credit notes, in paise.

Every sale is an `orders.Order` (online, counter, phone, ONDC: `Order.channel`) with its invoice
number; every refund or reduction is an `orders.CreditNote`. This module is the one reader of them
for the books, so GSTR-1, GSTR-3B, the registers and the Tally export add up the same figures.

- **An invoice as issued.** Packing may lower a line or replace it after the invoice was issued; each
  such change issued a credit note (`orders.credit_notes`). So the invoice as issued is each
  remaining line at the packs it was invoiced with (`OrderItem.invoiced_qty`, taxed by
  `orders.tax.tax_included`, as placement taxed it), plus the lines removed since, which only
  their credit notes remember (their note lines' link to the order line is null, and their notes
  add up to the line as invoiced: the notes telescope). The delivery charge, when there is one, is
  a line of its own (SAC 996813).
- **Cancelled within the period.** An order cancelled in the same period it was invoiced in is a
  cancelled invoice: it is left out of every section, with its credit notes, and `doc_issue`
  counts both as cancelled. An order cancelled in a later period was a supply reported in its own
  period; the cancellation's credit note nets it out in the later one.
- **Place of supply** is the order's (the delivery state; the counter's own state), as its tax
  was computed; orders placed before GST was recorded (`gst_interstate` null) carry no tax and are
  counted apart (`skipped`), never guessed.

Everything is read in chunks (`CHUNK_SIZE`, a server-side cursor on PostgreSQL) with its lines
prefetched per chunk, so a period of 100,000 orders is never in memory at once and the number of
queries grows with the chunks, not the orders.
"""

from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from types import SimpleNamespace

from django.conf import settings
from django.db.models import Prefetch

from books.periods import Span
from books.uqc import uqc_and_quantity
from common.money import to_paise
from orders import tax
from orders.models import CreditNote, CreditNoteLine, Order, OrderItem
from orders.series import INDIA

CHUNK_SIZE = 2000


@dataclass(frozen=True)
class Line:
    """Some packs of one HSN code at one rate, in paise (a credit note's too: positive figures)."""

    hsn_code: str
    description: str
    rate: int
    uqc: str
    quantity: Decimal
    taxable_value: int
    cgst: int
    sgst: int
    igst: int

    @property
    def tax(self) -> int:
        return self.cgst + self.sgst + self.igst

    @property
    def value(self) -> int:
        return self.taxable_value + self.tax


@dataclass
class Document:
    """A tax invoice or a credit note: its number, date, buyer, place of supply and lines."""

    kind: str  # INVOICE or CREDIT_NOTE
    number: str
    day: date
    order_id: int
    channel: str
    place_of_supply_code: str
    interstate: bool
    buyer_gstin: str = ""
    buyer_name: str = ""
    cancelled: bool = False  # an invoice cancelled in the period, or a note of one
    lines: list[Line] = field(default_factory=list)
    # A credit note's invoice: its number, date and value as issued (`b2cl` or not)
    invoice_number: str = ""
    invoice_day: date | None = None
    invoice_value: int = 0
    reason: str = ""

    @property
    def taxable_value(self) -> int:
        return sum(line.taxable_value for line in self.lines)

    @property
    def cgst(self) -> int:
        return sum(line.cgst for line in self.lines)

    @property
    def sgst(self) -> int:
        return sum(line.sgst for line in self.lines)

    @property
    def igst(self) -> int:
        return sum(line.igst for line in self.lines)

    @property
    def tax(self) -> int:
        return self.cgst + self.sgst + self.igst

    @property
    def value(self) -> int:
        return self.taxable_value + self.tax

    @property
    def is_b2b(self) -> bool:
        return bool(self.buyer_gstin)


INVOICE = "invoice"
CREDIT_NOTE = "credit_note"


def _split(tax_paise: int, *, interstate: bool) -> tuple[int, int, int]:
    if interstate:
        return 0, 0, tax_paise
    return tax_paise // 2, tax_paise // 2, 0  # an even number of paise within the state (`orders.tax`)


def _description(name: str, brand: str) -> str:
    return f"{brand} {name}".strip()


def _item_line(item: OrderItem, *, packs: int, interstate: bool) -> Line:
    if packs == item.qty and item.taxable_value is not None:
        # The line as it stands is the line as invoiced: its stored figures (`orders.lines`) are
        # `tax_included` of the same packs, read rather than worked out again.
        taxable_value, tax_paise = to_paise(item.taxable_value), to_paise(item.tax)
    else:
        inside = tax.tax_included(item.price * packs, item.gst_rate, interstate=interstate)
        taxable_value, tax_paise = to_paise(inside.taxable_value), to_paise(inside.tax)
    cgst, sgst, igst = _split(tax_paise, interstate=interstate)
    uqc, quantity = uqc_and_quantity(hsn_code=item.hsn_code, units=item.units, quantity=item.quantity, packs=packs)
    return Line(
        hsn_code=item.hsn_code,
        description=_description(item.name, item.brand),
        rate=item.gst_rate,
        uqc=uqc,
        quantity=quantity,
        taxable_value=taxable_value,
        cgst=cgst,
        sgst=sgst,
        igst=igst,
    )


def _note_line(line: CreditNoteLine) -> Line:
    uqc, quantity = uqc_and_quantity(hsn_code=line.hsn_code, units=line.units, quantity=line.quantity, packs=line.qty)
    return Line(
        hsn_code=line.hsn_code,
        description=_description(line.name, line.brand),
        rate=line.gst_rate,
        uqc=uqc,
        quantity=quantity,
        taxable_value=line.taxable_value_paise,
        cgst=line.cgst_paise,
        sgst=line.sgst_paise,
        igst=line.igst_paise,
    )


def _delivery_line(order) -> Line | None:
    if not order.shipping_price or order.shipping_gst_rate is None:
        return None
    cgst, sgst, igst = _split(to_paise(order.shipping_tax), interstate=order.gst_interstate)
    return Line(
        hsn_code=tax.DELIVERY_SAC,
        description="Delivery",
        rate=order.shipping_gst_rate,
        uqc="NA",
        quantity=Decimal(0),
        taxable_value=to_paise(order.shipping_taxable_value),
        cgst=cgst,
        sgst=sgst,
        igst=igst,
    )


def _packs(item) -> int:
    return item.invoiced_qty if item.invoiced_qty is not None else item.qty


def _lines(order, items, removed) -> list[Line]:
    """An invoice as issued: its `items` at the packs invoiced, the `removed` lines' credit-note
    lines, and the delivery line (model instances or plain rows alike)."""
    lines = [_item_line(item, packs=_packs(item), interstate=order.gst_interstate) for item in items]
    lines.extend(_note_line(line) for line in removed)
    delivery = _delivery_line(order)
    return lines + ([delivery] if delivery else [])


def invoice_lines(order: Order) -> list[Line]:
    """The order's tax invoice as issued (see the module's docstring), its items and its credit
    notes' lines loaded."""
    removed = [line for note in order.credit_notes.all() for line in note.lines.all() if line.order_item_id is None]
    return _lines(order, order.items.all(), removed)


def _day(moment) -> date:
    return moment.astimezone(INDIA).date()


def _cancelled_in(order, span: Span) -> bool:
    return (
        order.status == Order.Status.CANCELLED
        and order.cancelled_at is not None
        and span.holds(order.created_at)
        and span.holds(order.cancelled_at)
    )


def buyer_of(order: Order) -> tuple[str, str]:
    """The business buyer's (GSTIN, name) an invoice names, ('', '') for a consumer."""
    buyer = getattr(order, "invoice_buyer", None)
    return (buyer.gstin, buyer.name) if buyer is not None else ("", "")


_ORDER_FIELDS = (
    "id",
    "invoice_number",
    "created_at",
    "channel",
    "place_of_supply",
    "gst_interstate",
    "status",
    "cancelled_at",
    "shipping_price",
    "shipping_gst_rate",
    "shipping_taxable_value",
    "shipping_tax",
)
_ITEM_FIELDS = (
    "order_id",
    "name",
    "brand",
    "quantity",
    "units",
    "price",
    "qty",
    "invoiced_qty",
    "hsn_code",
    "gst_rate",
    "taxable_value",
    "tax",
)
_NOTE_LINE_FIELDS = (
    "credit_note__order_id",
    "order_item_id",
    "name",
    "brand",
    "quantity",
    "units",
    "hsn_code",
    "gst_rate",
    "qty",
    "taxable_value_paise",
    "cgst_paise",
    "sgst_paise",
    "igst_paise",
)


class _Row(SimpleNamespace):
    """A row read as plain values (no model instance): what the line builders read by attribute."""


def _chunks(orders) -> Iterator[list[_Row]]:
    chunk: list[_Row] = []
    for values in orders.values(*_ORDER_FIELDS, "invoice_buyer__gstin", "invoice_buyer__name").iterator(
        chunk_size=CHUNK_SIZE
    ):
        chunk.append(_Row(**values))
        if len(chunk) == CHUNK_SIZE:
            yield chunk
            chunk = []
    if chunk:
        yield chunk


def invoices(span: Span, *, order_ids=None) -> Iterator[Document]:
    """Every tax invoice dated in `span` (IST), oldest first, cancelled ones marked (only those of
    `order_ids` when given: the invoices a later return amends).

    Read as plain values, a chunk of orders at a time with their lines and their removed lines'
    credit-note lines in one query each (model instances and per-order prefetch querysets were
    two thirds of the time at 20,000 orders: bench/gst_returns.py)."""
    orders = Order.objects.filter(
        created_at__gte=span.start, created_at__lt=span.end, gst_interstate__isnull=False
    ).order_by("created_at", "id")
    if order_ids is not None:
        orders = orders.filter(id__in=order_ids)
    for chunk in _chunks(orders):
        ids = [order.id for order in chunk]
        items: dict[int, list] = defaultdict(list)
        for values in OrderItem.objects.filter(order_id__in=ids).order_by("id").values(*_ITEM_FIELDS):
            items[values["order_id"]].append(_Row(**values))
        removed: dict[int, list] = defaultdict(list)
        note_lines = CreditNoteLine.objects.filter(credit_note__order_id__in=ids, order_item__isnull=True)
        for values in note_lines.order_by("credit_note_id", "id").values(*_NOTE_LINE_FIELDS):
            removed[values.pop("credit_note__order_id")].append(_Row(**values))
        for order in chunk:
            yield _document(
                INVOICE,
                order,
                span,
                number=order.invoice_number,
                moment=order.created_at,
                place_of_supply=order.place_of_supply,
                interstate=order.gst_interstate,
                buyer=(order.invoice_buyer__gstin or "", order.invoice_buyer__name or ""),
                lines=_lines(order, items[order.id], removed[order.id]),
            )


def _document(kind, order, span: Span, *, number, moment, place_of_supply, interstate, buyer, lines, **note):
    """An invoice or a credit note of `order`, as both are built: the one place their common
    fields (date, channel, place of supply, buyer, cancelled) are read."""
    gstin, name = buyer
    return Document(
        kind=kind,
        number=number,
        day=_day(moment),
        order_id=order.id,
        channel=order.channel,
        place_of_supply_code=tax.state_code(place_of_supply) or tax.state_code(settings.STORE_STATE),
        interstate=interstate,
        buyer_gstin=gstin,
        buyer_name=name,
        cancelled=_cancelled_in(order, span),
        lines=lines,
        **note,
    )


def credit_notes(span: Span, *, order_ids=None) -> Iterator[Document]:
    """Every credit note dated in `span` (IST), oldest first; a note of an invoice cancelled in the
    same span is marked cancelled with it (only the notes of `order_ids` when given)."""
    dated = CreditNote.objects.filter(created_at__gte=span.start, created_at__lt=span.end)
    if order_ids is not None:
        dated = dated.filter(order_id__in=order_ids)
    notes = (
        dated.select_related("order__invoice_buyer")
        .prefetch_related(
            "lines",
            Prefetch("order__items", queryset=OrderItem.objects.order_by("id")),
            Prefetch("order__credit_notes", queryset=CreditNote.objects.order_by("id").prefetch_related("lines")),
        )
        .order_by("created_at", "id")
    )
    for note in notes.iterator(chunk_size=CHUNK_SIZE):
        order = note.order
        yield _document(
            CREDIT_NOTE,
            order,
            span,
            number=note.number,
            moment=note.created_at,
            place_of_supply=note.place_of_supply,
            interstate=note.interstate,
            buyer=buyer_of(order),
            lines=[_note_line(line) for line in note.lines.all()],
            invoice_number=note.invoice_number,
            invoice_day=_day(order.created_at),
            invoice_value=sum(line.value for line in invoice_lines(order)),
            reason=note.reason,
        )


def skipped_orders(span: Span) -> int:
    """Orders dated in `span` placed before GST was recorded: no tax to report (history only)."""
    return Order.objects.filter(
        created_at__gte=span.start, created_at__lt=span.end, gst_interstate__isnull=True
    ).count()
