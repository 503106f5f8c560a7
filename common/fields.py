"""Wire fields that several apps share."""

from decimal import ROUND_HALF_UP, Decimal

from rest_framework import serializers

CENT = Decimal("0.01")
MONEY_MAX_DIGITS = 12


def money(value: Decimal | None) -> Decimal | None:
    """Rupees as the wire writes them: rounded to paise, rendered as a JSON number (`120`, `120.5`).

    The Decimal stays a Decimal up to the JSON renderer, which writes it as a number; a float made
    from a value with two decimals always prints back with at most two.
    """
    if value is None:
        return None
    return Decimal(value).quantize(CENT, rounding=ROUND_HALF_UP)


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
