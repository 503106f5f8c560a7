"""GST credit notes: the one writer of a document that gives back part of a tax invoice.

Every refund or reduction of a taxed order (a cancellation, a short pick, an approved problem
report) issues one through `credit_note_issue`, in the caller's transaction, with the order row
locked by the caller.

- **Numbers**: a series of their own per financial year, `CN/2027-28/000001`, without gaps
  (`orders.series`): its row is bumped last in the transaction (after the order row), as the
  invoice numbers are, so a rolled-back note frees its number. (Notes issued before the series
  keep their `CN-2026-000001` numbers.)
- **Figures**: reversed exactly as the invoice computed them (`orders.tax`, the one owner of the tax
  rules). A line of `n` packs at unit price `p` carries the tax `tax_included(p × n)`; a note that
  gives back `k` of the `u` packs of a line not yet credited reverses
  `tax_included(p × u) − tax_included(p × (u − k))`. So a note for all of a line's packs reverses
  exactly the line's taxable value and tax, a line reduced at packing plus its credit note adds up
  to the line as invoiced, and however many notes share a line they telescope: together they
  never exceed it and, once every pack is credited, equal it to the paisa. Packs are counted
  against `OrderItem.invoiced_qty` (the packs on the invoice, which packing never lowers).
- **Value notes**: when less goes back than the packs' value (a ticket approved for less, the
  difference of a cheaper replacement at packing), `credit_note_issue_value` states exactly that
  value, its GST split back out of it at the line's rate; the packs it names count as credited.
  So an invoice less its notes is always what the shopper paid and kept paid.
- **Split**: CGST + SGST or IGST as the order was placed (`Order.gst_interstate`); within the
  state the tax is an even number of paise (`tax_included`), so the halves are exact.
- An order placed before GST was recorded has no tax invoice to reverse: `credit_note_issue`
  answers None and writes nothing.

Money is stored in whole paise (`*_paise`), so the database's checks are exact on SQLite and
PostgreSQL alike.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from catalog.labels import pack_label
from common.errors import Conflict, DomainError
from common.money import to_paise, to_rupees
from common.text import clean_reason
from orders import tax
from orders.error_codes import OrderErrorCode
from orders.models import CreditNote, CreditNoteLine, Order, OrderItem
from orders.series import CREDIT_NOTES, series_next

logger = logging.getLogger(__name__)


CREDIT_EXCEEDS_LINE = gettext_lazy("{item}: only {count} pack(s) of this line are left to give back, not {wanted}.")
CREDIT_LINE_NOT_ON_ORDER = gettext_lazy("That item is not part of this order.")
CREDIT_QTY_RULE = gettext_lazy("The number of packs to give back must be a whole number of at least 1.")
CREDIT_VALUE_RULE = gettext_lazy("The value to give back must be more than ₹0 and at most ₹{most}, the packs' value.")


@dataclass(frozen=True)
class Reversal:
    """What a credit note gives back of one line, in paise."""

    taxable_value: int
    tax: int
    cgst: int
    sgst: int
    igst: int

    @property
    def amount(self) -> int:
        return self.taxable_value + self.tax


def _invoiced_packs(item: OrderItem) -> int:
    return item.invoiced_qty if item.invoiced_qty is not None else item.qty


def _packs_tax(item: OrderItem, packs: int, *, interstate: bool) -> tax.Tax:
    """The tax inside `packs` packs of the line, as the invoice computes a line (`_snapshot`)."""
    if packs == 0:
        return tax.Tax(rate=item.gst_rate, taxable_value=tax.ZERO, tax=tax.ZERO)
    return tax.tax_included(item.price * packs, item.gst_rate, interstate=interstate)


def line_reversal(item: OrderItem, *, uncredited: int, packs: int, interstate: bool) -> Reversal:
    """Give back `packs` of the `uncredited` packs of a line not yet credited.

    The difference between the line's tax at `uncredited` packs and at `uncredited - packs`, so
    that successive notes telescope to the line as invoiced (see the module's docstring).
    """
    before = _packs_tax(item, uncredited, interstate=interstate)
    after = _packs_tax(item, uncredited - packs, interstate=interstate)
    taxable_value = to_paise(before.taxable_value) - to_paise(after.taxable_value)
    tax_paise = to_paise(before.tax) - to_paise(after.tax)
    if interstate:
        return Reversal(taxable_value=taxable_value, tax=tax_paise, cgst=0, sgst=0, igst=tax_paise)
    # Both ends are an even number of paise, so the difference halves exactly.
    return Reversal(taxable_value=taxable_value, tax=tax_paise, cgst=tax_paise // 2, sgst=tax_paise // 2, igst=0)


def credited_packs(*, items: Sequence[OrderItem]) -> dict[int, int]:
    """How many packs of each line earlier credit notes gave back (line id → packs), one query."""
    rows = (
        CreditNoteLine.objects.filter(order_item__in=[item.pk for item in items])
        .values("order_item")
        .annotate(packs=Sum("qty"))
    )
    return {row["order_item"]: row["packs"] for row in rows}


def packs_left_to_credit(*, items: Sequence[OrderItem]) -> dict[int, int]:
    """Line id → the packs of that line no credit note has given back yet."""
    credited = credited_packs(items=items)
    return {item.pk: max(_invoiced_packs(item) - credited.get(item.pk, 0), 0) for item in items}


def _checked_lines(order: Order, lines: Sequence[tuple[OrderItem, int]]) -> list[tuple[OrderItem, int]]:
    """The lines as rows of `order` re-read from the database, each once, with a whole pack count ≥ 1."""
    wanted: dict[int, int] = {}
    for item, packs in lines:
        if isinstance(packs, bool) or not isinstance(packs, int) or packs < 1:
            raise DomainError(str(CREDIT_QTY_RULE), code=OrderErrorCode.INVALID_QUANTITY)
        if item.pk is None:
            raise DomainError(str(CREDIT_LINE_NOT_ON_ORDER), code=OrderErrorCode.LINE_NOT_ON_ORDER)
        wanted[item.pk] = wanted.get(item.pk, 0) + packs
    rows = {item.pk: item for item in OrderItem.objects.filter(order=order, pk__in=wanted)}
    if len(rows) != len(wanted):
        raise DomainError(str(CREDIT_LINE_NOT_ON_ORDER), code=OrderErrorCode.LINE_NOT_ON_ORDER)
    return [(rows[pk], packs) for pk, packs in wanted.items()]


def credit_note_issue(
    *, order: Order, lines: Sequence[tuple[OrderItem, int]], reason: str, by=None
) -> CreditNote | None:
    """Issue a GST credit note giving back `packs` of each `(line, packs)` of `order`.

    Call it inside the caller's `transaction.atomic()`, with the order row locked
    (`Order.objects.select_for_update()`). A line may be given either before or after the caller
    lowered its `qty`: the packs are counted against the line as invoiced and what earlier notes
    gave back. Refuses, writing nothing, a pack count that is not a whole number ≥ 1 or a line of
    another order (400), and more packs than are left to give back on a line (409
    `credit_exceeds_line`). Answers None (and writes nothing) for an order placed before GST was
    recorded, or for no lines at all.
    """
    creditable = _creditable(order, lines)
    if creditable is None:
        return None
    checked, left, interstate = creditable

    note_lines = [
        _note_line(item, packs, line_reversal(item, uncredited=left[item.pk], packs=packs, interstate=interstate))
        for item, packs in checked
    ]
    return _issue(order=order, note_lines=note_lines, reason=reason, by=by)


def value_reversal(amount_paise: int, *, rate: int, interstate: bool) -> Reversal:
    """A GST-inclusive amount given back at `rate`, its tax split back out by `orders.tax`."""
    taken = tax.tax_included(to_rupees(amount_paise), rate, interstate=interstate)
    taxable_value, tax_paise = to_paise(taken.taxable_value), to_paise(taken.tax)
    if interstate:
        return Reversal(taxable_value=taxable_value, tax=tax_paise, cgst=0, sgst=0, igst=tax_paise)
    # `tax_included` keeps the tax within the state an even number of paise: the halves are exact.
    return Reversal(taxable_value=taxable_value, tax=tax_paise, cgst=tax_paise // 2, sgst=tax_paise // 2, igst=0)


def _shares(amount_paise: int, fulls: list[int]) -> list[int]:
    """`amount_paise` shared among lines in proportion to their full values, in whole paise that add
    up to it exactly (each line its floor, the paise left over one each to the largest remainders),
    so no line's share passes its full value."""
    whole = sum(fulls)
    shares = [amount_paise * full // whole for full in fulls]
    by_remainder = sorted(range(len(fulls)), key=lambda i: -(amount_paise * fulls[i] % whole))
    for i in by_remainder[: amount_paise - sum(shares)]:
        shares[i] += 1
    return shares


def credit_note_issue_value(
    *, order: Order, lines: Sequence[tuple[OrderItem, int]], amount: Decimal, reason: str, by=None
) -> CreditNote | None:
    """A value credit note: `amount` (GST-inclusive rupees) given back for the `(line, packs)` of
    `order`, which is at most those packs' full value. The note states exactly the value that went
    back, not the packs' full value.

    The form: a credit note under section 34(1) of the CGST Act for a supply found deficient (the
    value charged exceeds the value the shop accepts for it), a post-sale price reduction on those
    packs. Rule 53(1A) asks a credit note for the taxable value, the rate and the tax credited
    against the original invoice, not a quantity; so each note line keeps the invoice line's HSN
    code, rate and unit price, names the packs the reduction is for (`qty`: the packs, with a
    reduced value; so those packs can never be credited again and a line's notes still never pass
    the line), and carries its share of `amount` with the GST split back out of it at the line's
    rate (`orders.tax.tax_included`, the one owner of the tax rules). A share of several lines is
    in proportion to their full values (`_shares`).

    With `amount` equal to the packs' full value this is `credit_note_issue` exactly. Refuses as
    `credit_note_issue` does, and an amount of ₹0 or less or above the packs' value (400), writing
    nothing. Same locking; None for an order without GST recorded or for no lines.
    """
    creditable = _creditable(order, lines)
    if creditable is None:
        return None
    checked, left, interstate = creditable
    fulls = [
        line_reversal(item, uncredited=left[item.pk], packs=packs, interstate=interstate) for item, packs in checked
    ]
    wanted = to_paise(amount)
    most = sum(full.amount for full in fulls)
    if not 0 < wanted <= most:
        raise DomainError(str(CREDIT_VALUE_RULE.format(most=to_rupees(most))), code=OrderErrorCode.INVALID_CREDIT_VALUE)
    if wanted == most:  # the whole value: reversed as the invoice computed it
        return credit_note_issue(order=order, lines=lines, reason=reason, by=by)
    shares = _shares(wanted, [full.amount for full in fulls])
    note_lines = [
        _note_line(item, packs, value_reversal(share, rate=item.gst_rate, interstate=interstate))
        for (item, packs), share in zip(checked, shares, strict=True)
    ]
    return _issue(order=order, note_lines=note_lines, reason=reason, by=by)


def _creditable(
    order: Order, lines: Sequence[tuple[OrderItem, int]]
) -> tuple[list[tuple[OrderItem, int]], dict[int, int], bool] | None:
    """The `(line, packs)` checked against `order`, the packs each line has left to credit and
    whether the order is taxed inter-state; None (nothing to write) for no lines or an order placed
    before GST was recorded. Refuses more packs than a line has left (409)."""
    checked = _checked_lines(order, lines)
    if not checked:
        return None
    interstate = order.gst_interstate
    if interstate is None or any(item.gst_rate is None for item, _packs in checked):
        return None
    left = packs_left_to_credit(items=[item for item, _packs in checked])
    _check_left(checked, left)
    return checked, left, interstate


def _check_left(checked: list[tuple[OrderItem, int]], left: dict[int, int]) -> None:
    for item, packs in checked:
        if packs > left[item.pk]:
            raise Conflict(
                CREDIT_EXCEEDS_LINE.format(item=pack_label(item, named=True), count=left[item.pk], wanted=packs),
                code=OrderErrorCode.CREDIT_EXCEEDS_LINE,
            )


def _note_line(item: OrderItem, packs: int, reversal: Reversal) -> CreditNoteLine:
    return CreditNoteLine(
        order_item=item,
        name=item.name,
        brand=item.brand,
        quantity=item.quantity,
        units=item.units,
        hsn_code=item.hsn_code,
        gst_rate=item.gst_rate,
        qty=packs,
        unit_price_paise=to_paise(item.price),
        taxable_value_paise=reversal.taxable_value,
        tax_paise=reversal.tax,
        cgst_paise=reversal.cgst,
        sgst_paise=reversal.sgst,
        igst_paise=reversal.igst,
        amount_paise=reversal.amount,
    )


def _issue(*, order: Order, note_lines: list[CreditNoteLine], reason: str, by) -> CreditNote:
    def total(field: str) -> int:
        return sum(getattr(line, field) for line in note_lines)

    with transaction.atomic():
        issued_at = timezone.now()
        note = CreditNote(
            order=order,
            created_at=issued_at,
            invoice_number=order.invoice_number,
            reason=clean_reason(reason) or gettext("Goods returned or not supplied"),
            place_of_supply=order.place_of_supply,
            interstate=order.gst_interstate,
            taxable_value_paise=total("taxable_value_paise"),
            tax_paise=total("tax_paise"),
            cgst_paise=total("cgst_paise"),
            sgst_paise=total("sgst_paise"),
            igst_paise=total("igst_paise"),
            total_paise=total("amount_paise"),
            by=by if by is not None and getattr(by, "is_authenticated", False) else None,
        )
        note.number = series_next(key=CREDIT_NOTES, on=issued_at)  # the series row last: locked until commit
        note.save()
        for line in note_lines:
            line.credit_note = note
        CreditNoteLine.objects.bulk_create(note_lines)
    logger.info("credit note %s for order %s: %s paise", note.number, order.public_id, note.total_paise)
    return note


def credit_note_issue_for_rest(*, order: Order, reason: str, by=None) -> CreditNote | None:
    """A credit note for every pack of `order` that no note has given back yet (a cancellation).

    None when nothing is left to give back or the order has no GST recorded. Same locking as
    `credit_note_issue`.
    """
    items = list(OrderItem.objects.filter(order=order))
    left = packs_left_to_credit(items=items)
    lines = [(item, left[item.pk]) for item in items if left[item.pk] > 0]
    return credit_note_issue(order=order, lines=lines, reason=reason, by=by) if lines else None
