from decimal import Decimal

import pytest

from common.money import rupees


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
