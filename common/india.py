"""Indian postal codes and map coordinates, as the shop accepts them."""

import re
from decimal import ROUND_HALF_UP, Decimal

from django.utils.translation import gettext, gettext_lazy

from common.errors import InvalidValue
from common.money import decimal_or_none

# Six ASCII digits, never starting with 0 (India Post's first digit is a region, 1 to 9). Not `\d`,
# which also matches other scripts' digits, and matched whole, so a trailing newline is refused too.
PINCODE_PATTERN = re.compile(r"[1-9][0-9]{5}")
# Six decimal places is about 10 cm on the ground, and what the address columns store.
COORDINATE_PLACES = Decimal("0.000001")


def is_pincode(value) -> bool:
    return isinstance(value, str) and PINCODE_PATTERN.fullmatch(value) is not None


def coordinate(value, *, label: str, limit: int) -> Decimal:
    """A number from -limit to limit, to six decimals; anything else is InvalidValue naming `label`."""
    number = decimal_or_none(value)
    if number is None:
        raise InvalidValue(gettext("{label} must be a number.").format(label=label))
    if not -limit <= number <= limit:
        raise InvalidValue(gettext("{label} must be between -{limit} and {limit}.").format(label=label, limit=limit))
    return number.quantize(COORDINATE_PLACES, rounding=ROUND_HALF_UP)


def latitude(value) -> Decimal:
    return coordinate(value, label=gettext_lazy("Latitude"), limit=90)


def longitude(value) -> Decimal:
    return coordinate(value, label=gettext_lazy("Longitude"), limit=180)
