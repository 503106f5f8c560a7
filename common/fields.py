"""Wire fields that several apps share: money and whole numbers as the shop's clients send them."""

from decimal import Decimal

from django.utils.translation import gettext_lazy
from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.money import round_to_paise
from common.openapi import SPACE, blank_or
from common.pagination import PageSizes
from common.text import reason_shown

MONEY_MAX_DIGITS = 12
# Past 18 digits a number no longer fits a 64-bit column, and nothing the shop counts gets near it.
MAX_WHOLE_NUMBER_DIGITS = 18


def money(value: Decimal | None) -> Decimal | None:
    """Rupees as the wire writes them: rounded to paise, rendered as a JSON number (`120`, `120.5`).

    The Decimal stays a Decimal up to the JSON renderer, which writes it as a number; a float made
    from a value with two decimals always prints back with at most two.
    """
    if value is None:
        return None
    return round_to_paise(Decimal(value))


class MoneyField(serializers.DecimalField):
    """Money on the wire (contracts §6): a JSON number in answers, a number or numeric string in
    requests (`120`, `120.5`, `"120.50"`), never `true`, `NaN` or more than two decimals.

    The shop's existing client does arithmetic on these (`price.toFixed(2)`), so they cannot be
    strings; the server computes in Decimal only.
    """

    def __init__(self, **kwargs):
        kwargs.setdefault("max_digits", MONEY_MAX_DIGITS)
        kwargs.setdefault("decimal_places", 2)
        kwargs["coerce_to_string"] = False
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)

    def to_representation(self, value):
        return money(value)


class MoneyFieldSchema(OpenApiSerializerFieldExtension):
    """In the OpenAPI schema: a number in answers; a number or a numeric string in requests."""

    target_class = MoneyField
    match_subclasses = True

    def map_serializer_field(self, auto_schema, direction):
        number = {"type": "number", "description": "Rupees, at most two decimals"}
        if self.target.allow_null:
            number["nullable"] = True
        if direction == "response":
            return number
        # What the field takes (its digits: 10 before the point, 2 after); a negative sum is never
        # the order's, and the services refuse it with the price they know.
        whole_digits = self.target.max_digits - self.target.decimal_places
        largest = float(Decimal(10) ** whole_digits - Decimal("0.01"))
        number.update(minimum=0, maximum=largest, multipleOf=0.01)
        text = rf"^[{SPACE}]*0*[0-9]{{1,{whole_digits}}}(\.[0-9]{{1,2}})?[{SPACE}]*$"
        if self.target.min_value == Decimal("0.01"):
            # More than ₹0 (a payment, a UPI amount): the number from one paisa, the text not all zeros.
            number["minimum"] = 0.01
            text = (
                rf"^[{SPACE}]*0*([1-9][0-9]{{0,{whole_digits - 1}}}(\.[0-9]{{1,2}})?|\.(0[1-9]|[1-9][0-9]?))[{SPACE}]*$"
            )
        return {"oneOf": [number, {"type": "string", "pattern": text}]}


def as_whole_number(value) -> int | None:
    """A JSON integer or a string of ASCII digits (`2`, `"2"`) as an int; anything else None
    (`"2.5"`, `"-1"`, `"abc"`, `true`, `2.0`)."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        text = value.strip()
        if text.isascii() and text.isdigit() and len(text) <= MAX_WHOLE_NUMBER_DIGITS:
            return int(text)
    return None


@extend_schema_field({"oneOf": [{"type": "integer"}, {"type": "string", "pattern": r"^\s*[0-9]+\s*$"}]})
class WholeNumberField(serializers.Field):
    """A whole number as the wire writes it: `2`, or `"2"` (the product page keeps its pack count
    as a string). `"2.5"`, `"-1"`, `"abc"` and `true` are refused here; the range is the caller's
    rule (`min_value`/`max_value`, or the service that owns it)."""

    default_error_messages = {
        "invalid": gettext_lazy("A whole number is required."),
        "null": gettext_lazy("A whole number is required."),
        "required": gettext_lazy("A whole number is required."),
        "out_of_range": gettext_lazy("A whole number is required."),
    }

    def __init__(self, *, min_value: int | None = None, max_value: int | None = None, **kwargs):
        self.min_value, self.max_value = min_value, max_value
        super().__init__(**kwargs)

    def to_internal_value(self, data):
        number = as_whole_number(data)
        if number is None:
            self.fail("invalid")
        if (self.min_value is not None and number < self.min_value) or (
            self.max_value is not None and number > self.max_value
        ):
            self.fail("out_of_range")
        return number

    def to_representation(self, value):
        return value


# Far past any list's end; a page number fits an int in every database.
MAX_PAGE_NUMBER = 1_000_000


class PageNumberField(serializers.IntegerField):
    """Which page of a list: 1 or more (a page past the end is empty), 1 when not given."""

    def __init__(self, **kwargs):
        kwargs.setdefault("default", 1)
        super().__init__(min_value=1, max_value=MAX_PAGE_NUMBER, **kwargs)


class PageSizeField(serializers.IntegerField):
    """How many rows a page holds: `sizes.default` when not given, and above `sizes.most` it is
    `sizes.most` (`common.pagination.PageSizes`): the shop's existing client asks for 80 or 500 and
    must get a page, not a 400; the cap keeps every page cheap. A list that answers whole when
    unpaged (`sizes.whole_when_unpaged`) takes `sizes.most` when the query names no `pageNumber`
    either."""

    def __init__(self, *, sizes: PageSizes, **kwargs):
        self.cap = sizes.most
        self.whole_when_unpaged = sizes.whole_when_unpaged
        kwargs.setdefault("default", sizes.default)
        kwargs.setdefault("help_text", sizes.describe())
        super().__init__(min_value=1, max_value=None, **kwargs)

    def get_value(self, dictionary):
        if self.whole_when_unpaged and not {self.field_name, "pageNumber"} & set(dictionary):
            return self.cap
        return super().get_value(dictionary)

    def to_internal_value(self, data):
        return min(super().to_internal_value(data), self.cap)


class PageFieldSchema(OpenApiSerializerFieldExtension):
    """Read from a query string, where DRF takes an empty value (`?pageNumber=`) as not given."""

    target_class = PageNumberField

    def map_serializer_field(self, auto_schema, direction):
        number = {"type": "integer", "minimum": 1}
        if self.target.max_value is not None:
            number["maximum"] = self.target.max_value
        return blank_or(number, spaces=False)


class PageSizeFieldSchema(PageFieldSchema):
    target_class = PageSizeField


class TextField(serializers.CharField):
    """Text as the wire writes it: a JSON string. DRF's CharField also takes a number and keeps its
    digits (`123` became the name "123"), which the published schema (`"type": "string"`) forbids;
    here a number is "Not a valid string." like a list or `true`."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)


class ReasonField(serializers.CharField):
    """A stored reason as its reader reads it: the shop's own ("Ticket T-…") in the reader's language
    (`common.text.reason_shown`), what people typed as typed."""

    def to_representation(self, value) -> str:
        return reason_shown(super().to_representation(value))


class NumberField(serializers.FloatField):
    """A number as the wire writes it. DRF's FloatField takes `true` and `false` as 1 and 0 (a
    profile's `"longitude": false` was saved as 0), which the published schema forbids."""

    def to_internal_value(self, data):
        if isinstance(data, bool):
            self.fail("invalid")
        return super().to_internal_value(data)
