"""The pack price rules: one place that decides a pack's MRP, selling price and discount.

`Discount = round((price - dprice) / price * 100)`, halves rounded up, and `0 <= dprice <= price`.
Every write of a pack (API, Django admin, CSV import, demo data) goes through `pack_prices`, so
the stored Discount always agrees with the stored prices.
"""

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext, gettext_lazy

from common.errors import InvalidValue
from common.money import decimal_or_none, round_to_paise

MAX_PRICE = Decimal("99999999.99")  # Financial.price is DECIMAL(10, 2)


class PricingError(InvalidValue):
    pass


@dataclass(frozen=True)
class PackPrices:
    price: Decimal
    dprice: Decimal
    discount: int


def to_money(value, *, field: str = gettext_lazy("Price")) -> Decimal:
    """A non-negative amount in rupees, rounded to paise; anything else is a PricingError naming `field`."""
    amount = decimal_or_none(value)
    if amount is None:
        raise PricingError(gettext("{field} must be a number.").format(field=field))
    if amount < 0:
        raise PricingError(gettext("{field} cannot be negative.").format(field=field))
    amount = round_to_paise(amount)
    if amount > MAX_PRICE:
        raise PricingError(gettext("{field} is too large.").format(field=field))
    return amount


def discount_percent(price: Decimal, dprice: Decimal) -> int:
    """The whole-number percentage `dprice` is below `price` (0 for a free pack)."""
    if price <= 0:
        return 0
    percent = (price - dprice) / price * 100
    return int(percent.quantize(Decimal("1"), rounding=ROUND_HALF_UP))


def dprice_for_discount(price: Decimal, discount: int) -> Decimal:
    """The selling price for a discount percentage, rounded to paise."""
    return round_to_paise(price * (100 - discount) / 100)


def to_discount(value) -> int:
    number = decimal_or_none(value)
    if number is None or number != number.to_integral_value() or not 0 <= number <= 100:
        raise PricingError(gettext("Discount must be a whole number from 0 to 100."))
    return int(number)


def pack_prices(*, price, dprice=None, discount=None) -> PackPrices:
    """Consistent prices from an MRP and either a selling price or a discount percentage.

    With `dprice` the discount is derived from it; with only `discount` the selling price is
    derived (`price * (100 - discount) / 100`, to paise) and the discount then re-derived from the
    rounded selling price, so the two can never disagree. With neither, the pack sells at MRP.
    """
    price = to_money(price)
    if dprice is not None:
        dprice = to_money(dprice, field=gettext_lazy("Discounted price"))
        if dprice > price:
            raise PricingError(gettext("Discounted price cannot be more than the price (MRP)."))
    elif discount is not None:
        dprice = dprice_for_discount(price, to_discount(discount))
    else:
        dprice = price
    return PackPrices(price=price, dprice=dprice, discount=discount_percent(price, dprice))
