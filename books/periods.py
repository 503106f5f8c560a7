"""Return periods: the GST portal's `fp` (MMYYYY, the period's last month) turned into IST dates.

A monthly return covers one calendar month; a quarterly one (QRMP) the quarter ending in the month
`fp` names (June, September, December, March). Every document is placed in a period by its date
in India's time (`orders.series.INDIA`), whatever the server's time zone, so an order at 23:59:59
IST on 31 March and one at 00:00:00 on 1 April fall in different periods and different years.

A period must have ended or be under way: one that starts after today (IST) is refused, as is a
date range that crosses 1 April (a register is for one financial year).
"""

import re
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy

from common.errors import InvalidValue
from orders.series import INDIA, financial_year

PERIOD_FORMAT = gettext_lazy("The return period must be written MMYYYY, e.g. 042027 for April 2027.")
PERIOD_NOT_QUARTER_END = gettext_lazy(
    "A quarterly return is named by the quarter's last month: 06, 09, 12 or 03, not {month}."
)
PERIOD_IN_FUTURE = gettext_lazy("The period {fp} has not started yet.")
RANGE_FORMAT = gettext_lazy("'from' and 'to' must be dates written YYYY-MM-DD.")
RANGE_BACKWARDS = gettext_lazy("'from' must not be after 'to'.")
RANGE_TWO_YEARS = gettext_lazy("A register covers one financial year: {start} and {end} are in {first} and {second}.")
RANGE_IN_FUTURE = gettext_lazy("'from' ({start}) is after today.")

QUARTER_ENDS = (3, 6, 9, 12)
_FP = re.compile(r"^(0[1-9]|1[0-2])(\d{4})$")


@dataclass(frozen=True)
class Span:
    """The days `first`..`last` (inclusive, IST) and their instants [start, end)."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        return datetime.combine(self.first, time.min, tzinfo=INDIA)

    @property
    def end(self) -> datetime:
        return datetime.combine(self.last + timedelta(days=1), time.min, tzinfo=INDIA)

    def holds(self, moment: datetime) -> bool:
        return self.start <= moment < self.end

    @property
    def financial_year(self) -> str:
        return financial_year(self.first)


@dataclass(frozen=True)
class Period(Span):
    """A GST return period: `fp` is the portal's MMYYYY of its last month."""

    fp: str = ""
    quarterly: bool = False


GST_FIRST_YEAR = 2017


def today_in_india() -> date:
    return timezone.now().astimezone(INDIA).date()


def _month_end(year: int, month: int) -> date:
    following = date(year + month // 12, month % 12 + 1, 1)
    return following - timedelta(days=1)


def period_of(fp: str, *, quarterly: bool = False, today: date | None = None) -> Period:
    """'042027' → April 2027 (1-30 April, IST); with `quarterly`, '062027' → April-June 2027.

    Refuses (400) a malformed `fp`, a quarterly one not naming a quarter's last month, and a period
    that starts after `today` (IST).
    """
    match = _FP.match(str(fp or "").strip())
    if not match:
        raise InvalidValue(str(PERIOD_FORMAT), code="invalid_period")
    month, year = int(match.group(1)), int(match.group(2))
    if year < GST_FIRST_YEAR:  # GST began on 1 July 2017: no return period before it (nor a year 0000)
        raise InvalidValue(str(PERIOD_FORMAT), code="invalid_period")
    if quarterly and month not in QUARTER_ENDS:
        raise InvalidValue(str(PERIOD_NOT_QUARTER_END).format(month=f"{month:02d}"), code="invalid_period")
    first_month = month - 2 if quarterly else month
    first = date(year, first_month, 1)
    if first > (today or today_in_india()):
        raise InvalidValue(str(PERIOD_IN_FUTURE).format(fp=match.group(0)), code="period_in_future")
    return Period(first=first, last=_month_end(year, month), fp=match.group(0), quarterly=quarterly)


def _day(value) -> date:
    if isinstance(value, date):
        return value
    try:
        return date.fromisoformat(str(value or ""))
    except ValueError:
        raise InvalidValue(str(RANGE_FORMAT), code="invalid_date") from None


def span_of(start, end, *, today: date | None = None) -> Span:
    """The days `start`..`end` (ISO dates), within one financial year and not starting after today."""
    first, last = _day(start), _day(end)
    if first > last:
        raise InvalidValue(str(RANGE_BACKWARDS), code="invalid_range")
    if financial_year(first) != financial_year(last):
        raise InvalidValue(
            str(RANGE_TWO_YEARS).format(
                start=first, end=last, first=financial_year(first), second=financial_year(last)
            ),
            code="range_across_years",
        )
    if first > (today or today_in_india()):
        raise InvalidValue(str(RANGE_IN_FUTURE).format(start=first), code="range_in_future")
    return Span(first=first, last=last)
