"""Placing an order: the flow that moves an order, its stock and the shopper's store credit together.

It sits above `orders` and `payments` (neither imports it), as Saleor's `checkout/complete_checkout.py`
sits above order, payment and gift cards and django-oscar's order app never imports payment: orders
owns the order, its lines (`orders.lines`), its pipeline and its documents; payments owns the
store-credit ledger and what of it may be used (`payments.credit`); this module puts them in one
transaction. Stock is taken through the catalog (`catalog.stock`), which owns every pack change; the
commerce rules the browser also reads (pack counts, shipping, payment methods) are `orders.rules`.

Lock order, as before the move: the customer's row, the packs (in primary-key order), the invoice
number, the delivery slot, then the credit account (`payments.credit`).
"""

import logging
from collections.abc import Sequence
from dataclasses import dataclass
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext, gettext_lazy

from catalog.error_codes import CatalogErrorCode
from catalog.labels import pack_label
from catalog.models import Financial
from catalog.shown import hidden_among
from catalog.stock import InsufficientStock, packs_locked, stock_take
from common.errors import Conflict, DomainError
from common.india import is_pincode
from common.money import round_to_paise
from common.text import squeezed
from delivery.check import delivery_check
from orders import pipeline, rules, tax
from orders.buyers import buyer_checked, invoice_buyer_set
from orders.lines import line_snapshot
from orders.models import Order, OrderItem
from orders.rules import ITEM_PROBLEM, MAX_LINES, MAX_QTY, MIN_QTY, QTY_RULE, SHIPPING_PRICE
from orders.serializers import pack_records
from orders.series import ONLINE_INVOICES, series_next
from orders.services import order_mark_paid
from orders.slots import slot_book
from orders.sms import order_sms_after_commit
from payments.credit import credit_balance, credit_spend, credit_to_apply

from .error_codes import CheckoutErrorCode

logger = logging.getLogger(__name__)

ADDRESS_INCOMPLETE = gettext_lazy("Enter address in account to complete order")
ADDRESS_NOT_PROFILE = gettext_lazy("Shipping address must match the address saved in your profile.")
PAYMENT_METHOD_MISSING = gettext_lazy("Please select a payment method.")
PAYMENT_METHOD_OFF = gettext_lazy(
    "{label} payment is not available at the moment. Please choose another payment method."
)
ORDER_EMPTY = gettext_lazy("Order is empty")
NOT_ON_SALE = gettext_lazy("Sorry, no longer on sale: {packs}. Please remove it from your cart.")
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


def _check_address(*, user, shipping_address: Address, from_profile: bool = True) -> Destination:
    """The order goes to the customer's saved, deliverable address; returns it as saved, with its state.

    `from_profile=False` (a channel that brings its own address, as ONDC's buyer apps do): the
    given address, complete and deliverable, without comparing it to a profile."""
    given = Address(
        street=str(shipping_address.street or "").strip(),
        city=str(shipping_address.city or "").strip(),
        postal_code=str(shipping_address.postal_code or "").strip(),
    )
    if not (given.street and given.city and given.postal_code) or (from_profile and not user.has_complete_address):
        raise InvalidOrder(ADDRESS_INCOMPLETE)
    if not is_pincode(given.postal_code):
        raise InvalidOrder(gettext("Postal code must be 6 digits."))
    saved = given
    if from_profile:
        saved = Address(street=user.street.strip(), city=user.city.strip(), postal_code=user.postal_code.strip())
        if _address_key(given) != _address_key(saved):
            raise InvalidOrder(ADDRESS_NOT_PROFILE)
    result = delivery_check(pincode=saved.postal_code)
    if not result.deliverable:
        raise InvalidOrder(result.message)
    return Destination(address=saved, state=result.state)


def _pack_name(pack: Financial) -> str:
    """The pack as the shopper knows it: in Telugu the product's Telugu name, where it has one."""
    product = pack.detail.product
    name = product.name_te if get_language() == "te" and product.name_te else product.name
    return pack_label(pack, named=True, name=name)


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
    """Each line names a pack of its brand and product (400), on sale (409 `not_on_sale`: staff hid it)."""
    _check_on_sale(items, packs)
    for position, line in enumerate(items, start=1):
        pack = packs.get(line.financial_id)
        if pack is None or pack.detail_id != line.brand_id or pack.detail.product_id != line.product_id:
            raise InvalidOrder(
                gettext("Item {position} does not match a pack sold in the shop. Please refresh your cart.").format(
                    position=position
                )
            )


def _check_on_sale(items: Sequence[LineRequest], packs: dict[int, Financial]) -> None:
    hidden = hidden_among(packs)
    named = [_pack_name(packs[line.financial_id]) for line in items if line.financial_id in hidden]
    if named:
        raise Conflict(
            NOT_ON_SALE.format(packs=", ".join(named)), code=CatalogErrorCode.NOT_ON_SALE, removed=sorted(hidden)
        )


def _server_totals(items: Sequence[LineRequest], packs: dict[int, Financial]) -> Totals:
    items_price = sum((packs[line.financial_id].dprice * line.qty for line in items), Decimal("0.00"))
    return Totals(items_price=items_price, shipping_price=SHIPPING_PRICE, total_price=items_price + SHIPPING_PRICE)


def order_totals(items: Sequence[LineRequest]) -> Totals:
    """What these lines would cost placed now (no lock: a quote for staff to read out on the phone;
    placement prices them again under its lock and refuses with 409 if they changed)."""
    _check_lines(items)
    packs = Financial.objects.select_related("detail__product").in_bulk([line.financial_id for line in items])
    _check_packs(items, packs)
    return _server_totals(items, packs)


def _priced(items: Sequence[LineRequest], packs: dict[int, Financial], client_totals: Totals) -> Totals:
    """The database's totals; 409 `price_changed` (with the current packs) when the browser's differ."""
    server = _server_totals(items, packs)
    pairs = [(client_totals.items_price, server.items_price), (client_totals.shipping_price, server.shipping_price)]
    pairs.append((client_totals.total_price, server.total_price))
    if any(round_to_paise(Decimal(client)) != mine for client, mine in pairs):
        items_shown = pack_records([packs[line.financial_id] for line in items])
        raise Conflict(PRICES_CHANGED, code=CheckoutErrorCode.PRICE_CHANGED, items=items_shown)
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
    channel: str = Order.Channel.WEBSITE,
    address_from_profile: bool = True,
    placed_by=None,
    buyer: tuple[str, str] = ("", ""),
) -> Order:
    """Place an order priced and stocked by the server.

    `store_credit` is the store credit the shopper wants to use (none when None or 0); the order
    uses `payments.credit.credit_to_apply` of it (at most their balance and the total), debited from
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
    `channel` is where the order came from (`Order.Channel`); `address_from_profile=False` is for a
    channel that brings the delivery address with the order (ONDC), checked deliverable as any;
    `placed_by` the member of staff who placed it for the customer (a phone order:
    `counter.phone_orders`), recorded on its first event. `buyer` is a business buyer's (GSTIN,
    legal name), both or neither (`orders.buyers.buyer_checked`, 400 before anything is written):
    the tax invoice names them and GSTR-1 reports it in b2b.
    """
    _check_payment_method(payment_method)
    _check_substitution_preference(substitution_preference)
    _check_lines(items)
    business_buyer = buyer_checked(*buyer)
    rules.order_placement_throttle(user=user)
    destination = _check_address(user=user, shipping_address=shipping_address, from_profile=address_from_profile)
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
            taken = stock_take([(line.financial_id, line.qty) for line in items], by=user)
        except InsufficientStock as error:
            raise _out_of_stock(error.short) from None
        delivery_tax = tax.tax_included(totals.shipping_price, tax.DELIVERY_GST_RATE, interstate=interstate)
        placed_at = timezone.now()
        order = Order.objects.create(
            user=user,
            channel=channel,
            created_at=placed_at,
            # The series row is this placement's last lock but for the credit ledger's, taken in
            # the same order by every placement; numbered in the financial year of the order's time.
            invoice_number=series_next(key=ONLINE_INVOICES, on=placed_at),
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
                line_snapshot(
                    order=order,
                    pack=packs[line.financial_id],
                    qty=line.qty,
                    cost_paise=taken.cost_paise(line.financial_id, line.qty),
                )
                for line in items
            ]
        )
        taken.refer(order.stock_reference)
        pipeline.order_placed(order=order, by=placed_by or user)
        if business_buyer:
            invoice_buyer_set(order=order, gstin=business_buyer[0], name=business_buyer[1], by=placed_by or user)
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
    applied = credit_to_apply(wanted=wanted, balance=credit_balance(user=user), total=order.total_price)
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
        code=CatalogErrorCode.OUT_OF_STOCK,
        items=pack_records([pack for pack, _available in short]),
    )
