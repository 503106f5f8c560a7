"""Pack (Financial) writes: the one way a pack's size, price, discount or stock is saved.

A pack's stock is `catalog.stock`'s: a count typed here becomes a count correction there (a new
pack's count its opening batch), so the count stays the sum of the pack's batches.
"""

from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import ProtectedError, RestrictedError
from django.utils.translation import gettext_lazy

from catalog.labels import pack_quantity
from common.errors import Conflict

from ..models import Detail, Financial
from ..packs import to_quantity, to_stock, to_threshold, to_units
from ..pricing import pack_prices
from ..stock import stock_count_set, stock_open
from ..written import packs_written
from .publishing import hide_packs, packs_in_orders

PACK_TAKEN = gettext_lazy("This brand already has a {size} {units} pack.")


_FIELDS_BUT_STOCK = [
    field.name for field in Financial._meta.concrete_fields if field.name not in ("id", "count_in_stock")
]


def financial_save(*, financial: Financial, count_in_stock=None, by=None) -> Financial:
    """Save a pack with Discount derived from its price and dprice: the one way packs are saved.

    A new pack's `count_in_stock` becomes its opening batch. A saved pack's count is never written
    from the object (it may be stale by a sale): `count_in_stock`, when given, is the count staff
    typed, and the difference a count correction by `by` (`catalog.stock`).
    """
    prices = pack_prices(price=financial.price, dprice=financial.dprice)
    financial.price, financial.dprice, financial.discount = prices.price, prices.dprice, prices.discount
    counted = to_stock(financial.count_in_stock if count_in_stock is None else count_in_stock)
    financial.units = to_units(financial.units)
    financial.quantity = to_quantity(financial.quantity)
    adding = financial.pk is None
    with transaction.atomic():
        try:
            with transaction.atomic():
                if adding:
                    financial.count_in_stock = counted
                    financial.save()
                else:
                    financial.save(update_fields=_FIELDS_BUT_STOCK)
        except IntegrityError:
            raise Conflict(PACK_TAKEN.format(size=financial.quantity_display, units=financial.units)) from None
        if adding:
            if counted:
                stock_open(pack=financial)
        elif count_in_stock is not None:
            stock_count_set(pack=financial, count=counted, by=by)
        packs_written(product_ids=[financial.detail.product_id], financial_ids=[financial.pk])
    return financial


def financial_create(
    *, detail: Detail, quantity, units, price, dprice=None, discount=None, count_in_stock=0, published=False
) -> Financial:
    """A new pack size for a brand; the selling price comes from `dprice` or `discount`. Hidden
    from shoppers until staff publish it, unless `published`."""
    size, pack_units = to_quantity(quantity), to_units(units)
    if detail.financials.filter(quantity=size, units=pack_units).exists():
        raise Conflict(PACK_TAKEN.format(size=pack_quantity(size), units=pack_units))
    prices = pack_prices(price=price, dprice=dprice, discount=discount)
    financial = Financial(
        detail=detail,
        quantity=size,
        units=pack_units,
        price=prices.price,
        dprice=prices.dprice,
        count_in_stock=to_stock(count_in_stock),
        published=published,
    )
    return financial_save(financial=financial)


def financial_create_sample(*, detail: Detail) -> Financial:
    """An editable sample pack: 1 of the brand's usual units (kg for a new brand; the next free
    whole size when 1 is taken), price 0 and no stock, so nobody can buy it before staff price it."""
    units = detail.financials.order_by("id").values_list("units", flat=True).first() or Financial.Units.KILOGRAM
    taken = set(detail.financials.filter(units=units).values_list("quantity", flat=True))
    size = 1
    while Decimal(size) in taken:
        size += 1
    return financial_create(detail=detail, quantity=size, units=units, price=0, count_in_stock=0)


def financial_update(
    *,
    financial: Financial,
    price=None,
    dprice=None,
    discount=None,
    count_in_stock=None,
    low_stock_threshold=None,
    by=None,
) -> Financial:
    """New prices or stock for a pack. Without `dprice` or `discount` the discount is kept.
    `low_stock_threshold`: a whole number, or "" for the shop's default (None: unchanged)."""
    if low_stock_threshold is not None:
        financial.low_stock_threshold = to_threshold(low_stock_threshold)
    if dprice is None and discount is None:
        discount = financial.discount
    prices = pack_prices(price=financial.price if price is None else price, dprice=dprice, discount=discount)
    financial.price, financial.dprice = prices.price, prices.dprice
    return financial_save(financial=financial, count_in_stock=count_in_stock, by=by)


def financial_delete(*, financial: Financial) -> bool:
    """Delete a pack; carts holding it hear that it is gone. A pack that is part of orders (or of
    purchases) is hidden from shoppers instead: False then (`publishing`)."""
    product_id, financial_id = financial.detail.product_id, financial.pk
    if not packs_in_orders([financial_id]):
        try:
            with transaction.atomic():
                financial.delete()
                packs_written(product_ids=[product_id], financial_ids=[financial_id])
        except (ProtectedError, RestrictedError):
            pass
        else:
            return True
    with transaction.atomic():
        hide_packs(Financial.objects.filter(pk=financial_id))
    financial.published = False
    return False
