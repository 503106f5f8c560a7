"""A product's tax classification as staff type it (edit screen, Django admin, CSV import) turned
into stored values: the HSN code and the GST rate. What an order does with them is `orders.tax`."""

import re

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from common.errors import InvalidValue
from common.money import decimal_or_none

from .models import GstRate

# India's HSN codes are 4, 6 or 8 digits long (a shop of this size prints at least 4).
HSN_PATTERN = re.compile(r"[0-9]{4}(?:[0-9]{2}){0,2}")
HSN_RULE = gettext_lazy("HSN code must be 4, 6 or 8 digits.")
RATE_RULE = format_lazy(
    gettext_lazy("GST rate must be one of {rates} (per cent)."), rates=", ".join(str(rate) for rate in GstRate.values)
)


def to_hsn_code(value) -> str:
    """'1006 30' → '100630'; blank stays blank (not classified yet)."""
    code = re.sub(r"[\s.]", "", str(value or ""))
    if code and HSN_PATTERN.fullmatch(code) is None:
        raise InvalidValue(HSN_RULE)
    return code


def to_gst_rate(value) -> int:
    """5, '5', '5%', '5.0' → 5; anything off the GST slabs is refused."""
    number = decimal_or_none(str(value if value is not None else "").strip().rstrip("%"))
    if number is None or number != number.to_integral_value() or int(number) not in GstRate.values:
        raise InvalidValue(RATE_RULE)
    return int(number)
