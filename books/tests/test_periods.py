from datetime import date, datetime

import pytest

from books.periods import period_of, span_of
from common.errors import InvalidValue
from orders.series import INDIA

TODAY = date(2027, 5, 15)


def test_a_month_is_its_days_in_india_time():
    april = period_of("042027", today=TODAY)
    assert (april.first, april.last, april.fp, april.quarterly) == (
        date(2027, 4, 1),
        date(2027, 4, 30),
        "042027",
        False,
    )
    assert april.holds(datetime(2027, 4, 1, 0, 0, 0, tzinfo=INDIA))
    assert not april.holds(datetime(2027, 3, 31, 23, 59, 59, tzinfo=INDIA))
    assert april.holds(datetime(2027, 4, 30, 23, 59, 59, tzinfo=INDIA))
    assert not april.holds(datetime(2027, 5, 1, tzinfo=INDIA))
    assert period_of("022028", today=date(2028, 3, 1)).last == date(2028, 2, 29)  # a leap year


def test_a_quarter_is_named_by_its_last_month():
    quarter = period_of("062027", quarterly=True, today=TODAY)
    assert (quarter.first, quarter.last) == (date(2027, 4, 1), date(2027, 6, 30))
    assert period_of("032027", quarterly=True, today=TODAY).first == date(2027, 1, 1)
    with pytest.raises(InvalidValue, match="06, 09, 12 or 03, not 05"):
        period_of("052027", quarterly=True, today=TODAY)


@pytest.mark.parametrize("fp", ["", "42027", "132027", "002027", "04-2027", "2027-04", None, "0420271"])
def test_a_malformed_period_is_refused(fp):
    with pytest.raises(InvalidValue, match="MMYYYY") as error:
        period_of(fp, today=TODAY)
    assert error.value.extra["code"] == "invalid_period"


def test_a_period_in_the_future_is_refused_the_current_one_is_not():
    assert period_of("052027", today=TODAY).last == date(2027, 5, 31)  # under way
    with pytest.raises(InvalidValue, match="has not started yet") as error:
        period_of("062027", today=TODAY)
    assert error.value.extra["code"] == "period_in_future"


def test_a_range_within_one_financial_year():
    span = span_of("2027-04-01", "2027-04-30", today=TODAY)
    assert (span.first, span.last, span.financial_year) == (date(2027, 4, 1), date(2027, 4, 30), "2027-28")


def test_a_range_across_the_first_of_april_is_refused():
    with pytest.raises(InvalidValue, match="2026-27 and 2027-28") as error:
        span_of("2027-03-31", "2027-04-01", today=TODAY)
    assert error.value.extra["code"] == "range_across_years"


@pytest.mark.parametrize(
    ("start", "end", "code"),
    [
        ("x", "2027-04-01", "invalid_date"),
        ("2027-04-02", "2027-04-01", "invalid_range"),
        ("2027-06-01", "2027-06-02", "range_in_future"),
    ],
)
def test_a_bad_range_is_refused(start, end, code):
    with pytest.raises(InvalidValue) as error:
        span_of(start, end, today=TODAY)
    assert error.value.extra["code"] == code
