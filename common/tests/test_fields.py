from decimal import Decimal

import pytest
from rest_framework import serializers
from rest_framework.renderers import JSONRenderer

from common.fields import MoneyField, NumberField, TextField, money


class Body(serializers.Serializer):
    amount = MoneyField()


@pytest.mark.parametrize(
    ("value", "wire"),
    [
        (Decimal("120.00"), b"120.0"),
        (Decimal("120.50"), b"120.5"),
        (Decimal("0.05"), b"0.05"),
        (Decimal("1234.567"), b"1234.57"),
    ],
)
def test_money_is_written_as_a_json_number_with_at_most_two_decimals(value, wire):
    assert JSONRenderer().render({"amount": Body({"amount": value}).data["amount"]}) == b'{"amount":' + wire + b"}"


@pytest.mark.parametrize(("given", "expected"), [(120, "120"), (120.5, "120.50"), ("120.50", "120.50"), (" 99 ", "99")])
def test_requests_may_send_a_number_or_a_numeric_string(given, expected):
    body = Body(data={"amount": given})
    assert body.is_valid(), body.errors
    assert body.validated_data["amount"] == Decimal(expected)


@pytest.mark.parametrize("given", [True, "NaN", "Infinity", "abc", "", None, "1.005", [1]])
def test_anything_else_is_refused(given):
    assert not Body(data={"amount": given}).is_valid()


def test_money_of_nothing_is_nothing():
    assert money(None) is None


@pytest.mark.parametrize("value", [123, 1.5, True, ["a"], {"a": 1}])
def test_text_is_a_json_string_only(value):

    with pytest.raises(serializers.ValidationError):
        TextField().run_validation(value)
    assert TextField().run_validation("  Asha ") == "Asha"


@pytest.mark.parametrize("value", [True, False])
def test_a_boolean_is_not_a_number(value):

    with pytest.raises(serializers.ValidationError):
        NumberField().run_validation(value)
    assert NumberField().run_validation(16.5) == 16.5
    assert NumberField().run_validation(0) == 0.0
