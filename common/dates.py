"""Dates and times a shopper reads in the server's texts (SMS, API messages), in one place: in the
shop's time zone and the active language. English reads "26 Nov 2026, 12:55 pm"; Telugu puts the
day's part before the time ("26 నవంబర్ 2026, మధ్యాహ్నం 12:55"), so that a sentence's suffix ("{date}న")
never lands on "PM". The islands have the same owner in frontend/src/lib/dates.js.
"""

from datetime import date, datetime

from django.utils import dateformat, timezone
from django.utils.translation import get_language, override


def _telugu() -> bool:
    return (get_language() or "").startswith("te")


def telugu_day_period(hour: int) -> str:
    """The day's part before a Telugu time, by the hour (0-23)."""
    if 4 <= hour < 12:
        return "ఉదయం"
    if 12 <= hour < 16:
        return "మధ్యాహ్నం"
    if 16 <= hour < 19:
        return "సాయంత్రం"
    return "రాత్రి"


def _local(value: date | datetime) -> date | datetime:
    if isinstance(value, datetime) and timezone.is_aware(value):
        return timezone.localtime(value)
    return value


def format_date(value: date | datetime) -> str:
    """26 Nov 2026 / 26 నవంబర్ 2026."""
    value = _local(value)
    if _telugu():
        with override("te"):
            return dateformat.format(value, "j F Y")
    with override("en"):
        return dateformat.format(value, "j M Y")


def format_datetime(value: datetime) -> str:
    """26 Nov 2026, 12:55 pm / 26 నవంబర్ 2026, మధ్యాహ్నం 12:55."""
    value = _local(value)
    if _telugu():
        return f"{format_date(value)}, {telugu_day_period(value.hour)} {value.hour % 12 or 12}:{value:%M}"
    return f"{format_date(value)}, {value.hour % 12 or 12}:{value:%M} {'am' if value.hour < 12 else 'pm'}"


def format_month(value: date) -> str:
    """November 2026 / నవంబర్ 2026."""
    with override("te" if _telugu() else "en"):
        return dateformat.format(value, "F Y")
