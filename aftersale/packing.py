"""Changes staff make to an order's lines at packing: a short pick (fewer packs, or none) and a
substitution (another pack instead). The one owner of changing a placed order's lines.

A flow above `orders` and `payments` (neither imports it): the line and its snapshot are orders'
(`orders.lines`), the credit note too (`orders.credit_notes`), the difference going back is
payments' (`payments.refunds.money_back`); this module holds them in one transaction.

Each change, in one transaction:

1. locks the order row, then the packs it touches (in primary-key order, as `catalog.stock` does),
   and re-reads the line under the lock: of two staff setting the same line to the same count at
   once, one reduces it and the other finds nothing left to do;
2. moves stock through `catalog.stock` once (what is removed goes back, a replacement is taken,
   with the catalog's out-of-stock 409);
3. issues a GST credit note for the packs no longer supplied (`orders.credit_notes`), or for a
   substitution a value credit note for the difference that goes back, while the line still reads
   as it was sold, then rewrites the line snapshot with its tax (`orders.lines`,
   through `orders.tax`, the one owner of GST) and the order's totals, all on the server;
4. gives the difference back through `payments.refunds.money_back` (an online paid order is
   refunded, a cash order already paid gets store credit, an unpaid one simply owes less);
5. records an `OrderLineChange` (who, what, why), announces `order_changed` once and texts the
   shopper after commit.

Any refusal or failure on the way rolls all of it back: stock, money and documents are unchanged.

Rules a caller may rely on:
- only while the order is placed or packed (409 `order_not_editable` once dispatched);
- a count may only fall (400 above the current count or below 0); the same count again changes
  nothing; the last line cannot be removed (409 `last_line`: cancel the order instead);
- a replacement is priced at the lower of the two unit prices unless the shopper agreed to the new
  price; a pack of another product needs the shopper's agreement (`shopper_agreed`, or "replace
  with a similar item" chosen at checkout); a replacement may cost more than the line only on an
  unpaid cash order the shopper agreed on (409 `replacement_costs_more` otherwise).
"""

import logging
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils.translation import gettext_lazy

from catalog.labels import pack_label
from catalog.models import Financial
from catalog.stock import InsufficientStock, packs_locked, stock_return, stock_take
from common.errors import Conflict, DomainError, NotFound
from common.text import clean_reason
from orders.credit_notes import credit_note_issue, credit_note_issue_value
from orders.events import announce_order_changed
from orders.lines import line_retax, line_snapshot
from orders.models import Order, OrderItem, OrderLineChange
from orders.pipeline import LINE_CHANGE_STATUSES
from orders.rules import MAX_QTY, MIN_QTY
from orders.sms import order_changed_sms_after_commit
from payments.refunds import money_back

logger = logging.getLogger(__name__)

Status = Order.Status
Kind = OrderLineChange.Kind


NOT_EDITABLE = gettext_lazy("Order {order} is {status}; its items can no longer be changed.")
LINE_NOT_FOUND = gettext_lazy("This item is not in order {order}.")
QTY_NOT_WHOLE = gettext_lazy("The pack count must be a whole number.")
QTY_NEGATIVE = gettext_lazy("The pack count cannot be negative.")
QTY_ABOVE = gettext_lazy("At packing a line can only be reduced: {pack} has {count} packs in this order.")
LAST_LINE = gettext_lazy("This is the order's last item; cancel the order instead.")
REPLACEMENT_QTY = gettext_lazy("The replacement's pack count must be a whole number from {min} to {max}.")
REPLACEMENT_SAME = gettext_lazy("The replacement is the same pack; change its pack count instead.")
REPLACEMENT_IN_ORDER = gettext_lazy("{pack} is already in this order; change its pack count instead.")
REPLACEMENT_OTHER_PRODUCT = gettext_lazy(
    "{pack} is another product; replace with it only after the shopper agrees (or chose a similar item)."
)
REPLACEMENT_COSTS_MORE = gettext_lazy(
    "The replacement would cost more than the line it replaces; the shopper has to agree to pay more, "
    "and only an unpaid cash order can cost more."
)
REPLACEMENT_SHORT = gettext_lazy("Sorry, not enough stock for {pack}: only {count} left.")
PACK_NOT_FOUND = gettext_lazy("No pack has the id {pack}.")
# What the credit note, the refund and the history say when staff give no reason.
DEFAULT_REASONS = {
    Kind.REDUCED: gettext_lazy("Fewer packs at packing"),
    Kind.REMOVED: gettext_lazy("Not available at packing"),
    Kind.REPLACED: gettext_lazy("Replaced at packing"),
}


@dataclass(frozen=True)
class _Line:
    """A line as it read before the change (the credit note and the history need it)."""

    pack: str
    qty: int
    price: Decimal


def _item_label(item: OrderItem) -> str:
    return pack_label(item, named=True)


def _financial_label(pack: Financial) -> str:
    return pack_label(pack, named=True)


def _whole(qty) -> int:
    if isinstance(qty, bool) or not isinstance(qty, int):
        raise DomainError(QTY_NOT_WHOLE)
    return qty


def _locked(order: Order, item) -> tuple[Order, OrderItem | None, int]:
    """The order row locked FOR UPDATE, the line re-read under that lock (None when it is not, or
    no longer, this order's) and its id; 409 when the order has left the shop or is cancelled."""
    locked = Order.objects.select_for_update().select_related("user").get(pk=order.pk)
    if locked.status not in LINE_CHANGE_STATUSES:
        raise Conflict(
            NOT_EDITABLE.format(order=locked.invoice_number, status=Status(locked.status).label.lower()),
            code="order_not_editable",
            currentStatus=locked.status,
        )
    item_id = item.pk if isinstance(item, OrderItem) else item
    line = OrderItem.objects.filter(order=locked, pk=item_id).first()
    if line is not None:
        line.order = locked
    return locked, line, item_id


def _gone(order: Order) -> NotFound:
    return NotFound(LINE_NOT_FOUND.format(order=order.invoice_number))


def _already_removed(order: Order, item_id: int) -> bool:
    return order.line_changes.filter(line_id=item_id, kind=Kind.REMOVED).exists()


def _already_replaced(order: Order, item_id: int, *, financial_id: int, qty: int) -> bool:
    """This very replacement was made: the line gave way to `qty` packs of `financial_id`."""
    change = order.line_changes.filter(line_id=item_id, kind=Kind.REPLACED).first()
    return change is not None and (
        OrderItem.objects.filter(order=order, pk=change.new_line_id, financial_id=financial_id, qty=qty).exists()
    )


def _retotal(order: Order) -> Decimal:
    """Recompute the order's items and total from its lines; returns how much the total fell."""
    before = order.total_price
    items_price = sum((line.line_total for line in order.items.all()), Decimal("0.00"))
    order.items_price = items_price
    order.total_price = items_price + order.shipping_price
    order.save(update_fields=["items_price", "total_price"])
    return before - order.total_price


def _finish(
    *, order: Order, kind: str, line_id: int, before: _Line, after: OrderItem | None, fell_by: Decimal, by, reason: str
) -> None:
    """The money, the history, the announcement and the text, in the change's transaction."""
    if fell_by > 0:
        money_back(order=order, amount=fell_by, reason=reason, by=by)
    OrderLineChange.objects.create(
        order=order,
        kind=kind,
        line_id=line_id,
        new_line_id=after.pk if after is not None and after.pk != line_id else None,
        old_pack=before.pack,
        old_qty=before.qty,
        old_price=before.price,
        new_pack=_item_label(after) if after is not None else "",
        new_qty=after.qty if after is not None else 0,
        new_price=after.price if after is not None else None,
        amount=fell_by,
        by=by if by is not None and getattr(by, "is_authenticated", False) else None,
        reason=reason,
    )
    announce_order_changed(order_id=order.pk)
    order_changed_sms_after_commit(order=order, before=before.pack, before_qty=before.qty, after=after)


def _reduce(*, order: Order, item, qty, by, reason: str) -> Order:
    qty = _whole(qty)
    if qty < 0:
        raise DomainError(QTY_NEGATIVE)
    reason = clean_reason(reason)
    with transaction.atomic():
        locked, line, item_id = _locked(order, item)
        if line is None:
            if qty == 0 and _already_removed(locked, item_id):
                return locked  # removed already, by this very request or another's
            raise _gone(locked)
        if qty > line.qty:
            raise DomainError(QTY_ABOVE.format(pack=_item_label(line), count=line.qty))
        if qty == line.qty:
            return locked  # already at that count: someone else made this very change
        if qty == 0 and not locked.items.exclude(pk=line.pk).exists():
            raise Conflict(LAST_LINE, code="last_line")
        before = _Line(pack=_item_label(line), qty=line.qty, price=line.price)
        taken_out = line.qty - qty
        reason = reason or str(DEFAULT_REASONS[Kind.REMOVED if qty == 0 else Kind.REDUCED])
        credit_note_issue(order=locked, lines=[(line, taken_out)], reason=reason, by=by)
        stock_return([(line.financial_id, taken_out)], reference=locked.stock_reference, by=by)
        if qty == 0:
            line.delete()
            after = None
        else:
            if line.cost_paise is not None:  # the packs kept cost their share, rounded half up
                line.cost_paise = (line.cost_paise * qty * 2 + line.qty) // (line.qty * 2)
            line.qty = qty
            line_retax(line, interstate=locked.gst_interstate)
            line.save(update_fields=["qty", "line_total", "taxable_value", "tax", "cost_paise"])
            after = line
        fell_by = _retotal(locked)
        _finish(
            order=locked,
            kind=Kind.REMOVED if qty == 0 else Kind.REDUCED,
            line_id=item_id,
            before=before,
            after=after,
            fell_by=fell_by,
            by=by,
            reason=reason,
        )
    logger.info("order %s: %s set from %s to %s by %s", locked.public_id, before.pack, before.qty, qty, _who(by))
    return locked


def order_line_set_qty(*, order: Order, item: OrderItem | int, qty: int, by, reason: str = "") -> Order:
    """A short pick: `item` now has `qty` packs (fewer than it has; 0 removes it). Setting the count
    it already has changes nothing, so a repeated or concurrent request reduces once. Returns the
    order as it now stands (locked and saved)."""
    return _reduce(order=order, item=item, qty=qty, by=by, reason=reason)


def order_line_remove(*, order: Order, item: OrderItem | int, by, reason: str = "") -> Order:
    """None of `item` could be packed: the line goes, its stock back, its value back to the shopper."""
    return _reduce(order=order, item=item, qty=0, by=by, reason=reason)


def _replacement_price(*, line: OrderItem, pack: Financial, shopper_agreed: bool) -> Decimal:
    """The lower of the two unit prices, unless the shopper agreed to the replacement's own."""
    return pack.dprice if shopper_agreed else min(line.price, pack.dprice)


def _check_replacement(*, order: Order, line: OrderItem, pack: Financial | None, financial_id: int, agreed: bool):
    if pack is None:
        raise DomainError(PACK_NOT_FOUND.format(pack=financial_id))
    if order.items.exclude(pk=line.pk).filter(financial_id=pack.pk).exists():
        raise DomainError(REPLACEMENT_IN_ORDER.format(pack=_financial_label(pack)))
    similar_agreed = order.substitution_preference == Order.SubstitutionPreference.REPLACE
    if pack.detail.product_id != line.product_id and not (agreed or similar_agreed):
        raise DomainError(REPLACEMENT_OTHER_PRODUCT.format(pack=_financial_label(pack)), code="other_product")


def order_line_replace(
    *,
    order: Order,
    item: OrderItem | int,
    financial: Financial | int,
    qty: int,
    by,
    shopper_agreed: bool = False,
    reason: str = "",
) -> Order:
    """A substitution: `item` gives way to a new line of `qty` packs of `financial`.

    The old packs go back to the shelf and the new ones are taken (409 `out_of_stock`); the price
    is the lower of the two unit prices unless `shopper_agreed`. Replacing a line with the pack
    and count it already has changes nothing (a repeated request). Returns the order as it now
    stands.
    """
    qty = _whole(qty)
    if not MIN_QTY <= qty <= MAX_QTY:
        raise DomainError(REPLACEMENT_QTY.format(min=MIN_QTY, max=MAX_QTY))
    financial_id = financial.pk if isinstance(financial, Financial) else _whole(financial)
    agreed = shopper_agreed is True
    reason = clean_reason(reason)
    with transaction.atomic():
        locked, line, item_id = _locked(order, item)
        if line is None:
            if _already_replaced(locked, item_id, financial_id=financial_id, qty=qty):
                return locked  # replaced already, by this very request
            raise _gone(locked)
        if line.financial_id == financial_id:
            if line.qty == qty:
                return locked  # nothing to replace
            raise DomainError(REPLACEMENT_SAME)
        packs = packs_locked({financial_id, line.financial_id} - {None})
        pack = packs.get(financial_id)
        _check_replacement(order=locked, line=line, pack=pack, financial_id=financial_id, agreed=agreed)
        price = _replacement_price(line=line, pack=pack, shopper_agreed=agreed)
        if price * qty > line.line_total and not (
            agreed and not locked.is_paid and locked.payment_method == Order.PaymentMethod.CASH_OR_UPI
        ):
            raise Conflict(REPLACEMENT_COSTS_MORE, code="replacement_costs_more")
        before = _Line(pack=_item_label(line), qty=line.qty, price=line.price)
        reason = reason or str(DEFAULT_REASONS[Kind.REPLACED])
        difference = line.line_total - price * qty
        if difference > 0:
            # What goes back is the difference, so the note states that (a value credit note on
            # the line replaced); the invoice as issued less its notes is then what the shopper
            # pays for the replacement. A replacement that costs more goes back nothing: no note.
            credit_note_issue_value(order=locked, lines=[(line, line.qty)], amount=difference, reason=reason, by=by)
        try:
            taken = stock_take([(pack.pk, qty)], reference=locked.stock_reference, by=by)
        except InsufficientStock as error:
            available = error.short[0][1] if error.short else 0
            raise Conflict(
                REPLACEMENT_SHORT.format(pack=_financial_label(pack), count=available), code="out_of_stock"
            ) from None
        if line.financial_id:
            stock_return([(line.financial_id, line.qty)], reference=locked.stock_reference, by=by)
        place = line.place or line.pk  # the replacement stands where this line stood
        line.delete()  # its credit note, if any, keeps what it sold (the note line's link is set to null)
        replacement = _replacement_line(
            order=locked, pack=pack, qty=qty, price=price, cost_paise=taken.cost_paise(pack.pk), place=place
        )
        fell_by = _retotal(locked)
        _finish(
            order=locked,
            kind=Kind.REPLACED,
            line_id=item_id,
            before=before,
            after=replacement,
            fell_by=fell_by,
            by=by,
            reason=reason,
        )
    logger.info("order %s: %s replaced by %s × %s by %s", locked.public_id, before.pack, qty, pack.pk, _who(by))
    return locked


def _replacement_line(
    *, order: Order, pack: Financial, qty: int, price: Decimal, cost_paise: int | None, place: int
) -> OrderItem:
    """A new line for `qty` of `pack` at `price` a pack, frozen as placement freezes a line
    (`orders.lines`, with the product's GST today), and on the invoice as `qty` packs
    (`invoiced_qty`), so later short picks of it are credited against it rather than against the
    line it replaced."""
    line = line_snapshot(order=order, pack=pack, qty=qty, price=price, cost_paise=cost_paise)
    line.place = place  # where the line it replaces stood in the order's list
    line.save()
    return line


def _who(by) -> int | None:
    return getattr(by, "pk", None)
