"""The server's one formatter of dates and times a shopper reads (common/dates.py)."""

from datetime import UTC, date, datetime

import pytest
from django.utils.translation import override

from common.dates import format_date, format_datetime, format_month, telugu_day_period

NOON_IST = datetime(2026, 11, 26, 7, 25, tzinfo=UTC)  # 12:55 in Kolkata


def test_english_reads_day_month_year_in_the_shops_time_zone():
    with override("en"):
        assert format_date(NOON_IST) == "26 Nov 2026"
        assert format_datetime(NOON_IST) == "26 Nov 2026, 12:55 pm"
        assert format_datetime(datetime(2026, 11, 25, 20, 5, tzinfo=UTC)) == "26 Nov 2026, 1:35 am"
        assert format_month(date(2026, 11, 1)) == "November 2026"


def test_telugu_puts_the_days_part_before_the_time_and_carries_no_latin_letters():
    with override("te"):
        assert format_date(NOON_IST) == "26 నవంబర్ 2026"
        assert format_datetime(NOON_IST) == "26 నవంబర్ 2026, మధ్యాహ్నం 12:55"
        assert format_month(date(2026, 11, 1)) == "నవంబర్ 2026"
        assert not any("a" <= letter.lower() <= "z" for letter in format_datetime(NOON_IST))


@pytest.mark.parametrize(("hour", "part"), [(3, "రాత్రి"), (4, "ఉదయం"), (12, "మధ్యాహ్నం"), (16, "సాయంత్రం"), (19, "రాత్రి")])
def test_the_parts_of_the_day(hour, part):
    assert telugu_day_period(hour) == part
