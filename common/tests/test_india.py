from decimal import Decimal

import pytest

from common.errors import InvalidValue
from common.india import coordinate, is_pincode, latitude, longitude


@pytest.mark.parametrize("value", ["533201", "110001", "999999"])
def test_six_digits_not_starting_with_zero_are_a_pincode(value):
    assert is_pincode(value)


@pytest.mark.parametrize(
    "value",
    ["053201", "53320", "5332011", "53320a", " 533201", "５３３２０１", "5３３２０１", "533201\n", "", None, 533201],
)
def test_anything_else_is_not_a_pincode(value):
    assert not is_pincode(value)


def test_coordinates_are_kept_to_six_decimals():
    assert latitude("16.57654321") == Decimal("16.576543")
    assert longitude(82.0) == Decimal("82.000000")
    assert latitude(-90) == Decimal("-90.000000")


@pytest.mark.parametrize(
    "value, message",
    [
        ("north", "Latitude must be a number."),
        ("nan", "Latitude must be a number."),
        (True, "Latitude must be a number."),
        (None, "Latitude must be a number."),
        ("90.0001", "Latitude must be between -90 and 90."),
        (-91, "Latitude must be between -90 and 90."),
    ],
)
def test_a_bad_latitude_is_refused_with_a_reason(value, message):
    with pytest.raises(InvalidValue) as caught:
        latitude(value)
    assert (caught.value.status, caught.value.message) == (400, message)


def test_longitude_reaches_180():
    assert longitude("-180") == Decimal("-180.000000")
    with pytest.raises(InvalidValue, match="Longitude must be between -180 and 180."):
        longitude(180.5)


def test_the_label_and_limit_are_the_callers():
    with pytest.raises(InvalidValue, match="Heading must be between -360 and 360."):
        coordinate(400, label="Heading", limit=360)
