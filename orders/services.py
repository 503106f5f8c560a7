"""Writes for orders: placing one (pricing, stock) and recording a cash payment.

Moving an order along placed → packed → dispatched → delivered, or cancelling it, is
`orders.pipeline`. Stock is taken through the catalog (`catalog.stock`), which owns every pack
change; the commerce rules the browser also reads (pack counts, shipping, payment methods) are
`orders.rules`.
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy

from accounts.delivery import delivery_check
from catalog.models import Financial
from catalog.stock import InsufficientStock, packs_locked, stock_take
from common.errors import Conflict, DomainError, Forbidden, NotFound
from common.india import is_pincode
from common.money import to_paise
from common.text import squeezed
from orders import pipeline, rules, tax
from orders.events import announce_order_changed
from orders.models import DeliveryWindow, Holiday, InvoiceSequence, Order, OrderItem
from orders.rules import ITEM_PROBLEM, MAX_LINES, MAX_QTY, MIN_QTY, QTY_RULE, SHIPPING_PRICE
from orders.serializers import pack_records
from orders.slots import slot_book
from orders.sms import order_sms_after_commit

logger = logging.getLogger(__name__)

INVOICE_PREFIX = "SMLR"

ADDRESS_INCOMPLETE = gettext_lazy("Enter address in account to complete order")
ADDRESS_NOT_PROFILE = gettext_lazy("Shipping address must match the address saved in your profile.")
PAYMENT_METHOD_MISSING = gettext_lazy("Please select a payment method.")
PAYMENT_METHOD_OFF = gettext_lazy(
    "{label} payment is not available at the moment. Please choose another payment method."
)
ORDER_EMPTY = gettext_lazy("Order is empty")
PAYMENT_BY_GATEWAY = gettext_lazy("Payments are confirmed by the payment gateway.")
PRICES_CHANGED = gettext_lazy(
    "Prices have changed since these items were added. Your cart now shows the current prices; "
    "please review it and place the order again."
)


class InvalidOrder(DomainError):
    status = 400


@dataclass(frozen=True)
class LineRequest:
    """One cart line as the browser names it: which pack of which brand of which product, how many."""

    product_id: int
    brand_id: int
    financial_id: int
    qty: int


@dataclass(frozen=True)
class Address:
    street: str
    city: str
    postal_code: str


@dataclass(frozen=True)
class Destination:
    """Where an order goes: the saved address, and its state (the GST place of supply)."""

    address: Address
    state: str


@dataclass(frozen=True)
class Totals:
    items_price: Decimal
    shipping_price: Decimal
    total_price: Decimal


def _address_key(address: Address) -> tuple[str, ...]:
    """The address compared without regard to case or runs of spaces."""
    return tuple(squeezed(part).casefold() for part in (address.street, address.city, address.postal_code))


def _check_lines(items: Sequence[LineRequest]) -> None:
    if not items:
        raise InvalidOrder(ORDER_EMPTY)
    if len(items) > MAX_LINES:
        raise InvalidOrder(gettext("An order can hold at most {count} lines.").format(count=MAX_LINES))
    seen: set[int] = set()
    for position, line in enumerate(items, start=1):
        qty = line.qty
        if isinstance(qty, bool) or not isinstance(qty, int) or not MIN_QTY <= qty <= MAX_QTY:
            raise InvalidOrder(ITEM_PROBLEM.format(position=position, problem=QTY_RULE))
        if line.financial_id in seen:
            raise InvalidOrder(
                gettext("Item {position}: this pack is already in the order; change its pack count instead.").format(
                    position=position
                )
            )
        seen.add(line.financial_id)


def _check_address(*, user, shipping_address: Address) -> Destination:
    """The order goes to the customer's saved, deliverable address; returns it as saved, with its state."""
    given = Address(
        street=str(shipping_address.street or "").strip(),
        city=str(shipping_address.city or "").strip(),
        postal_code=str(shipping_address.postal_code or "").strip(),
    )
    if not (given.street and given.city and given.postal_code) or not user.has_complete_address:
        raise InvalidOrder(ADDRESS_INCOMPLETE)
    if not is_pincode(given.postal_code):
        raise InvalidOrder(gettext("Postal code must be 6 digits."))
    saved = Address(street=user.street.strip(), city=user.city.strip(), postal_code=user.postal_code.strip())
    if _address_key(given) != _address_key(saved):
        raise InvalidOrder(ADDRESS_NOT_PROFILE)
    result = delivery_check(pincode=saved.postal_code)
    if not result.deliverable:
        raise InvalidOrder(result.message)
    return Destination(address=saved, state=result.state)


def _next_invoice_number() -> str:
    """`SMLR-2026-000123`: numbered without gaps within a year (a rolled-back order frees its number)."""
    year = timezone.localdate().year
    bumped = InvoiceSequence.objects.filter(year=year).update(last_number=F("last_number") + 1)
    if not bumped:
        InvoiceSequence.objects.bulk_create([InvoiceSequence(year=year, last_number=0)], ignore_conflicts=True)
        InvoiceSequence.objects.filter(year=year).update(last_number=F("last_number") + 1)
    number = InvoiceSequence.objects.values_list("last_number", flat=True).get(year=year)
    return f"{INVOICE_PREFIX}-{year}-{number:06d}"


def _pack_name(pack: Financial) -> str:
    """The pack as the shopper knows it: in Telugu the product's Telugu name, where it has one."""
    product = pack.detail.product
    name = product.name_te if get_language() == "te" and product.name_te else product.name
    return f"{pack.detail.brand} {name} {pack.quantity_display} {pack.units}"


def _check_payment_method(payment_method: str) -> None:
    if payment_method not in Order.PaymentMethod.values:
        raise InvalidOrder(PAYMENT_METHOD_MISSING)
    if payment_method not in {offer.value for offer in rules.payment_methods_offered()}:
        label = rules.PAYMENT_METHOD_LABELS[Order.PaymentMethod(payment_method)]
        raise InvalidOrder(PAYMENT_METHOD_OFF.format(label=label))


def _check_substitution_preference(preference: str) -> None:
    if preference not in Order.SubstitutionPreference.values:
        raise InvalidOrder(gettext("Please choose what we should do if an item is unavailable."))


def _check_packs(items: Sequence[LineRequest], packs: dict[int, Financial]) -> None:
    for position, line in enumerate(items, start=1):
        pack = packs.get(line.financial_id)
        if pack is None or pack.detail_id != line.brand_id or pack.detail.product_id != line.product_id:
            raise InvalidOrder(
                gettext("Item {position} does not match a pack sold in the shop. Please refresh your cart.").format(
                    position=position
                )
            )


def _priced(items: Sequence[LineRequest], packs: dict[int, Financial], client_totals: Totals) -> Totals:
    """The database's totals; 409 `price_changed` (with the current packs) when the browser's differ."""
    items_price = sum((packs[line.financial_id].dprice * line.qty for line in items), Decimal("0.00"))
    server = Totals(items_price=items_price, shipping_price=SHIPPING_PRICE, total_price=items_price + SHIPPING_PRICE)
    pairs = [(client_totals.items_price, server.items_price), (client_totals.shipping_price, server.shipping_price)]
    pairs.append((client_totals.total_price, server.total_price))
    if any(to_paise(Decimal(client)) != mine for client, mine in pairs):
        items_shown = pack_records([packs[line.financial_id] for line in items])
        raise Conflict(PRICES_CHANGED, code="price_changed", items=items_shown)
    return server


def order_place(
    *,
    user,
    items: Sequence[LineRequest],
    shipping_address: Address,
    payment_method: str,
    client_totals: Totals,
    substitution_preference: str = Order.SubstitutionPreference.CALL,
    store_credit: Decimal | None = None,
    delivery_slot: str | None = None,
) -> Order:
    """Place an order priced and stocked by the server.

    `store_credit` is the store credit the shopper wants to use (none when None or 0); the order
    uses `rules.store_credit_to_apply` of it (at most their balance and the total), debited from
    their ledger in the placement's transaction, so placement and debit commit together or not at
    all. An order the credit pays in full is paid at placement (reference `CREDIT-<invoice>`).

    Refuses (and writes nothing) when the payment method is unknown or switched off, a line is
    malformed or names a pack that does not belong to the brand and product it claims (400), the
    address is not the customer's deliverable saved address (400), the browser's totals differ
    from the database's prices (409 `price_changed`, with the current pack records) or a pack
    lacks stock (409 `out_of_stock`). The packs are locked, checked and their stock taken through
    the catalog in one transaction. `substitution_preference` is what staff do with a pack that
    turns out unavailable at packing (`Order.SubstitutionPreference`; 400 for anything else).
    `delivery_slot` is the slot checkout chose (`orders.slots.slot_book`: the next free one when
    None; 400 for an unknown, past or closed one, 409 `slot_full` when its places are gone).
    """
    _check_payment_method(payment_method)
    _check_substitution_preference(substitution_preference)
    _check_lines(items)
    rules.order_placement_throttle(user=user)
    destination = _check_address(user=user, shipping_address=shipping_address)
    address = destination.address
    interstate = tax.is_interstate(destination.state)

    with transaction.atomic():
        # The customer's row first, then the packs: the caps read what this customer's earlier
        # placements committed (the lock order of every placement, so no deadlock).
        rules.order_hoarding_check(user=user, items=items)
        packs = packs_locked(line.financial_id for line in items)
        _check_packs(items, packs)
        totals = _priced(items, packs, client_totals)
        try:
            taken = stock_take([(line.financial_id, line.qty) for line in items])
        except InsufficientStock as error:
            raise _out_of_stock(error.short) from None
        delivery_tax = tax.tax_included(totals.shipping_price, tax.DELIVERY_GST_RATE, interstate=interstate)
        order = Order.objects.create(
            user=user,
            invoice_number=_next_invoice_number(),
            shipping_street=address.street,
            shipping_city=address.city,
            shipping_postal_code=address.postal_code,
            payment_method=payment_method,
            substitution_preference=substitution_preference,
            items_price=totals.items_price,
            shipping_price=totals.shipping_price,
            total_price=totals.total_price,
            place_of_supply=destination.state,
            gst_interstate=interstate,
            shipping_gst_rate=delivery_tax.rate,
            shipping_taxable_value=delivery_tax.taxable_value,
            shipping_tax=delivery_tax.tax,
        )
        OrderItem.objects.bulk_create(
            [
                _snapshot(
                    order=order,
                    pack=packs[line.financial_id],
                    qty=line.qty,
                    interstate=interstate,
                    cost_paise=taken.cost_paise(line.financial_id, line.qty),
                )
                for line in items
            ]
        )
        taken.refer(order.stock_reference)
        pipeline.order_placed(order=order, by=user)
        slot_book(order=order, wanted=delivery_slot)
        _spend_store_credit(order=order, user=user, wanted=store_credit)
        order_sms_after_commit(order=order, event=Order.Status.PLACED)

    logger.info("order %s placed by user %s for %s", order.public_id, user.pk, order.total_price)
    return order


def _spend_store_credit(*, order: Order, user, wanted: Decimal | None) -> None:
    """Debit the store credit the order uses (the ledger's row lock comes after the packs' and the
    invoice number's, as in every placement); an order it pays in full is paid now."""
    if wanted is None or wanted <= 0:
        return
    # payments builds on orders, so orders reach its ledger only here.
    from payments.credit import credit_balance, credit_spend

    applied = rules.store_credit_to_apply(wanted=wanted, balance=credit_balance(user=user), total=order.total_price)
    if not applied:
        return
    credit_spend(user=user, amount=applied, order=order, by=user)
    order.store_credit_applied = applied
    order.save(update_fields=["store_credit_applied"])
    if order.amount_due <= 0:
        order_mark_paid(order=order, reference=f"CREDIT-{order.invoice_number}", by=user)


def _out_of_stock(short: list[tuple[Financial, int]]) -> Conflict:
    named = "; ".join(
        "{pack} ({left})".format(
            pack=_pack_name(pack),
            left=gettext("only {count} left").format(count=available) if available else gettext("out of stock"),
        )
        for pack, available in short
    )
    return Conflict(
        gettext("Sorry, not enough stock for: {packs}. Please update your cart.").format(packs=named),
        code="out_of_stock",
        items=pack_records([pack for pack, _available in short]),
    )


def _snapshot(*, order: Order, pack: Financial, qty: int, interstate: bool, cost_paise: int | None = None) -> OrderItem:
    """The line as the cart showed it, at the price paid, with the GST inside it at today's rate."""
    product = pack.detail.product
    line_tax = tax.tax_included(pack.dprice * qty, product.gst_rate, interstate=interstate)
    return OrderItem(
        order=order,
        financial=pack,
        product_id=pack.detail.product_id,
        brand_id=pack.detail_id,
        name=pack.detail.product.name,
        name_te=pack.detail.product.name_te,
        brand=pack.detail.brand,
        quantity=pack.quantity_display,
        units=pack.units,
        image=pack.detail.image,
        mrp=pack.price,
        price=pack.dprice,
        qty=qty,
        invoiced_qty=qty,
        line_total=pack.dprice * qty,
        hsn_code=product.hsn_code,
        gst_rate=line_tax.rate,
        taxable_value=line_tax.taxable_value,
        tax=line_tax.tax,
        cost_paise=cost_paise,
    )


def order_mark_paid(*, order: Order, reference: str, by=None) -> Order:
    """The one writer of `is_paid`, `paid_at`, `payment_reference` and `amount_paid`.

    The caller holds the order's row lock (`Order.objects.select_for_update()`) inside its
    transaction: the cash path below and the gateway's confirmation in `payments.services`. The
    amount paid is the amount due now (never below 0); `order_changed` is announced after commit.
    """
    if order.is_paid:
        raise Conflict(gettext("Order {order} is already paid.").format(order=order.public_id), code="already_paid")
    order.is_paid = True
    order.paid_at = timezone.now()
    order.payment_reference = reference
    order.amount_paid = max(order.amount_due, Decimal("0.00"))
    order.save(update_fields=["is_paid", "paid_at", "payment_reference", "amount_paid"])
    announce_order_changed(order_id=order.pk)
    logger.info(
        "order %s paid (%s) for %s, by %s", order.public_id, reference, order.amount_paid, getattr(by, "pk", None)
    )
    return order


def order_mark_unpaid(*, order: Order, reason: str, by=None) -> Order:
    """The gateway took the money back by itself (a reversal after CHARGED): the order is due again.

    Same lock rule as `order_mark_paid`; the reason is logged (the payment's history keeps the
    gateway's answer).
    """
    if not order.is_paid:
        return order
    order.is_paid = False
    order.paid_at = None
    order.payment_reference = None
    order.amount_paid = Decimal("0.00")
    order.save(update_fields=["is_paid", "paid_at", "payment_reference", "amount_paid"])
    announce_order_changed(order_id=order.pk)
    logger.warning("order %s is unpaid again (by %s): %s", order.public_id, getattr(by, "pk", None), reason)
    return order


def order_record_cash_payment(*, order: Order, by) -> Order:
    """Staff record a cash (or UPI at the door) payment; a customer's word never marks an order paid."""
    if not (by is not None and by.is_authenticated and by.is_staff):
        raise Forbidden(PAYMENT_BY_GATEWAY)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        order_mark_paid(order=locked, reference=f"CASH-{locked.invoice_number}", by=by)
    logger.info("cash payment recorded for order %s by %s", locked.public_id, by.pk)
    for name in ("is_paid", "paid_at", "payment_reference", "amount_paid"):
        setattr(order, name, getattr(locked, name))
    return order


# Delivery slots: staff's writes to the weekly plan, windows and holidays. (Places are `orders.slots`'.)

WINDOW_NOT_FOUND = gettext_lazy("Delivery window not found")
HOLIDAY_NOT_FOUND = gettext_lazy("Holiday not found")
WINDOW_FIELDS = ("weekday", "start", "end", "capacity", "cutoff_hours", "active")


def _check_overlap(*, weekday: int, start, end, exclude: int | None = None) -> None:
    """Windows of one day don't overlap: a shopper's time names one window."""
    clash = (
        DeliveryWindow.objects.filter(weekday=weekday, start__lt=end, end__gt=start)
        .exclude(pk=exclude)
        .order_by("start")
        .first()
    )
    if clash is not None:
        raise Conflict(gettext("This window overlaps {window}.").format(window=str(clash)), code="window_overlap")


def window_get(*, window_id: int) -> DeliveryWindow:
    window = DeliveryWindow.objects.filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    return window


@transaction.atomic
def window_create(*, weekday: int, start, end, capacity: int, cutoff_hours: int, active: bool = True) -> DeliveryWindow:
    _check_overlap(weekday=weekday, start=start, end=end)
    window = DeliveryWindow.objects.create(
        weekday=weekday, start=start, end=end, capacity=capacity, cutoff_hours=cutoff_hours, active=active
    )
    logger.info("delivery window %s created", window)
    return window


@transaction.atomic
def window_update(*, window_id: int, **fields) -> DeliveryWindow:
    """Change the fields sent. A lower capacity never takes a booked place away: the slot only
    stops taking new orders until it is below the capacity again."""
    window = DeliveryWindow.objects.select_for_update().filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    for name in WINDOW_FIELDS:
        if name in fields:
            setattr(window, name, fields[name])
    if window.end <= window.start:
        raise DomainError(gettext("The window must end after it starts."))
    _check_overlap(weekday=window.weekday, start=window.start, end=window.end, exclude=window.pk)
    window.save()
    logger.info("delivery window %s changed", window)
    return window


@transaction.atomic
def window_remove(*, window_id: int) -> bool:
    """Delete a window no order ever booked; one with bookings is switched off instead (its
    orders keep their slot). Answers whether it was deleted."""
    window = DeliveryWindow.objects.select_for_update().filter(pk=window_id).first()
    if window is None:
        raise NotFound(str(WINDOW_NOT_FOUND))
    if window.slots.exists():
        window.active = False
        window.save(update_fields=["active"])
        return False
    window.delete()
    return True


def holiday_add(*, day: date, name: str = "") -> Holiday:
    if day < timezone.localdate():
        raise DomainError(gettext("A holiday can't be in the past."))
    holiday, created = Holiday.objects.get_or_create(date=day, defaults={"name": name.strip()})
    if not created:
        raise Conflict(gettext("{date} is already a holiday.").format(date=day.isoformat()), code="holiday_exists")
    return holiday


def holiday_remove(*, holiday_id: int) -> None:
    deleted, _ = Holiday.objects.filter(pk=holiday_id).delete()
    if not deleted:
        raise NotFound(str(HOLIDAY_NOT_FOUND))
