from decimal import Decimal

import pytest

from common.money import decimal_or_none, rupees, to_paise


@pytest.mark.parametrize(
    "amount, text",
    [
        ("0", "0.00"),
        ("145.5", "145.50"),
        ("1234.5", "1,234.50"),
        ("123456.78", "1,23,456.78"),
        ("12345678", "1,23,45,678.00"),
        ("-1234567.5", "-12,34,567.50"),
    ],
)
def test_rupees_use_indian_digit_grouping(amount, text):
    assert rupees(Decimal(amount)) == text


@pytest.mark.parametrize(
    "value, number",
    [
        ("12.50", Decimal("12.50")),
        (" 7 ", Decimal("7")),
        (3, Decimal("3")),
        (2.5, Decimal("2.5")),
        (Decimal("-1.25"), Decimal("-1.25")),
        ("1e3", Decimal("1000")),
    ],
)
def test_decimal_or_none_reads_numbers_and_numeric_text(value, number):
    assert decimal_or_none(value) == number


@pytest.mark.parametrize(
    "value", [True, False, None, "", "  ", "abc", "NaN", "nan", "Infinity", "-inf", float("nan"), [1]]
)
def test_decimal_or_none_refuses_what_is_not_a_finite_number(value):
    assert decimal_or_none(value) is None


@pytest.mark.parametrize(
    "amount, paise", [("10.005", "10.01"), ("10.004", "10.00"), ("-10.005", "-10.01"), ("7", "7.00"), ("0.125", "0.13")]
)
def test_to_paise_rounds_halves_up(amount, paise):
    assert str(to_paise(Decimal(amount))) == paise
