"""Pack (Financial) writes: the one way a pack's size, price, discount or stock is saved.

Stock sold by orders and given back by cancelled ones goes through `catalog.stock`, which ends in
`packs_written` too.
"""

from collections.abc import Iterable
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from catalog.labels import pack_quantity
from common.errors import Conflict

from .. import caching
from ..events import announce_packs_changed
from ..models import Detail, Financial
from ..packs import to_quantity, to_stock, to_units
from ..pricing import pack_prices

PACK_TAKEN = gettext_lazy("This brand already has a {size} {units} pack.")


def packs_written(*, product_ids: Iterable[int], financial_ids: Iterable[int]) -> None:
    """Packs of these products changed (or went): drop the cached catalog and announce it after commit
    (no name, brand or category changed: the search keeps its words)."""
    caching.invalidate(words=False)
    announce_packs_changed(product_ids=product_ids, financial_ids=financial_ids)


def financial_save(*, financial: Financial) -> Financial:
    """Save a pack with Discount derived from its price and dprice: the one way packs are saved."""
    prices = pack_prices(price=financial.price, dprice=financial.dprice)
    financial.price, financial.dprice, financial.discount = prices.price, prices.dprice, prices.discount
    financial.count_in_stock = to_stock(financial.count_in_stock)
    financial.units = to_units(financial.units)
    financial.quantity = to_quantity(financial.quantity)
    try:
        with transaction.atomic():
            financial.save()
    except IntegrityError:
        raise Conflict(PACK_TAKEN.format(size=financial.quantity_display, units=financial.units)) from None
    packs_written(product_ids=[financial.detail.product_id], financial_ids=[financial.pk])
    return financial


def financial_create(
    *, detail: Detail, quantity, units, price, dprice=None, discount=None, count_in_stock=0
) -> Financial:
    """A new pack size for a brand; the selling price comes from `dprice` or `discount`."""
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


def financial_update(*, financial: Financial, price=None, dprice=None, discount=None, count_in_stock=None) -> Financial:
    """New prices or stock for a pack. Without `dprice` or `discount` the discount is kept."""
    if dprice is None and discount is None:
        discount = financial.discount
    prices = pack_prices(price=financial.price if price is None else price, dprice=dprice, discount=discount)
    financial.price, financial.dprice = prices.price, prices.dprice
    if count_in_stock is not None:
        financial.count_in_stock = to_stock(count_in_stock)
    return financial_save(financial=financial)


def financial_delete(*, financial: Financial) -> None:
    """Delete a pack; carts holding it hear that it is gone."""
    product_id, financial_id = financial.detail.product_id, financial.pk
    with transaction.atomic():
        financial.delete()
        packs_written(product_ids=[product_id], financial_ids=[financial_id])
