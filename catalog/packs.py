"""Pack sizes as people type them ("500", "1.5", "KG", "ltr") turned into stored values."""

from decimal import Decimal

from django.utils.translation import gettext

from common.errors import InvalidValue
from common.money import decimal_or_none

from .models import Financial

MAX_QUANTITY = Decimal("9999999.999")  # Financial.quantity is DECIMAL(10, 3)

UNIT_ALIASES = {
    "g": "g",
    "gm": "g",
    "gms": "g",
    "gram": "g",
    "grams": "g",
    "kg": "kg",
    "kgs": "kg",
    "ml": "ml",
    "l": "L",
    "ltr": "L",
    "litre": "L",
    "liter": "L",
    "pc": "pcs",
    "pcs": "pcs",
    "piece": "pcs",
    "pieces": "pcs",
    "pack": "pack",
    "packs": "pack",
}


class PackSizeError(InvalidValue):
    pass


def to_quantity(value) -> Decimal:
    """A positive pack size with at most 3 decimals."""
    quantity = decimal_or_none(value)
    if quantity is None:
        raise PackSizeError(gettext("Quantity must be a number."))
    if quantity <= 0:
        raise PackSizeError(gettext("Quantity must be more than 0."))
    if quantity != quantity.quantize(Decimal("0.001")):
        raise PackSizeError(gettext("Quantity can have at most 3 decimals."))
    if quantity > MAX_QUANTITY:
        raise PackSizeError(gettext("Quantity is too large."))
    return quantity.quantize(Decimal("0.001"))


def to_units(value) -> str:
    units = UNIT_ALIASES.get(str(value).strip().lower())
    if units is None:
        allowed = ", ".join(Financial.Units.values)
        raise PackSizeError(gettext("Units must be one of {allowed}.").format(allowed=allowed))
    return units


def to_threshold(value) -> int | None:
    """A pack's own low-stock threshold: a whole number from 0, or None (blank) for the shop's default."""
    if value is None or str(value).strip() == "":
        return None
    number = decimal_or_none(value)
    if number is None or number != number.to_integral_value() or number < 0:
        raise PackSizeError(gettext("Low-stock threshold must be a whole number from 0."))
    if number > 2_147_483_647:
        raise PackSizeError(gettext("Low-stock threshold is too large."))
    return int(number)


def to_stock(value) -> int:
    number = decimal_or_none(value)
    if number is None or number != number.to_integral_value():
        raise PackSizeError(gettext("Count in stock must be a whole number."))
    if number < 0:
        raise PackSizeError(gettext("Count in stock cannot be negative."))
    if number > 2_147_483_647:
        raise PackSizeError(gettext("Count in stock is too large."))
    return int(number)
