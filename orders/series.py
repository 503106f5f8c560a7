"""Document series per financial year: the one owner of every invoice, bill and note number.

India's financial year starts on 1 April, in India's time (IST, UTC+5:30, whatever the server's
time zone), and every series restarts then with the year in the number: `SMLR/2027-28/000001`
(online invoices), `CTR1/2027-28/000001` (counter 1's bills), `CN/2027-28/000001` (credit notes),
`DN/2027-28/000001` (debit notes). GST asks for numbers that are unique and consecutive within a
year: `series_next` bumps the (key, year) row under its lock, in the caller's transaction, so a
rolled-back document frees its number and two documents never share one.

Lock order: the series row is always the LAST lock a transaction takes (after packs, orders and
accounts), so writers of different documents never wait on each other in a cycle.

`series_reserve` hands a whole block of numbers to one counter in advance (the counter keeps
billing from it while the connection is down); the block's numbers are the counter's alone.
"""

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.db import transaction
from django.db.models import F

from orders.models import DocumentSeries

INDIA = ZoneInfo("Asia/Kolkata")
NUMBER_DIGITS = 6

ONLINE_INVOICES = "SMLR"
CREDIT_NOTES = "CN"
DEBIT_NOTES = "DN"


def financial_year(on: datetime | date) -> str:
    """The Indian financial year `on` falls in: 31 March 2028 (IST) → '2027-28', 1 April → '2028-29'.

    An aware datetime is read in IST; a naive one or a date is taken as IST already.
    """
    day = on.astimezone(INDIA).date() if isinstance(on, datetime) and on.tzinfo is not None else on
    if isinstance(day, datetime):
        day = day.date()
    start = day.year if day.month >= 4 else day.year - 1
    return f"{start}-{(start + 1) % 100:02d}"


def series_number(*, key: str, fy: str, number: int) -> str:
    """'CTR1', '2027-28', 7 → 'CTR1/2027-28/000007'."""
    return f"{key}/{fy}/{number:0{NUMBER_DIGITS}d}"


def _bump(*, key: str, fy: str, count: int) -> int:
    """Add `count` to the (key, fy) row under its lock, made at 0 on first use; the new last number."""
    DocumentSeries.objects.bulk_create([DocumentSeries(key=key, fy=fy, last_number=0)], ignore_conflicts=True)
    # The UPDATE takes the row's lock and keeps it until the caller's transaction ends: the next
    # writer of this series waits here, then reads the number this one committed (or rolled back).
    DocumentSeries.objects.filter(key=key, fy=fy).update(last_number=F("last_number") + count)
    return DocumentSeries.objects.values_list("last_number", flat=True).get(key=key, fy=fy)


def series_next(*, key: str, on: datetime) -> str:
    """The next number of series `key` in the financial year of `on`, e.g. 'SMLR/2027-28/000001'.

    Call it last in the transaction that saves the document (see the lock order above).
    """
    fy = financial_year(on)
    with transaction.atomic():
        return series_number(key=key, fy=fy, number=_bump(key=key, fy=fy, count=1))


@dataclass(frozen=True)
class Block:
    """Numbers `first`..`last` (inclusive) of series `key` in year `fy`, set aside for one holder."""

    key: str
    fy: str
    first: int
    last: int

    def numbers(self) -> list[str]:
        return [series_number(key=self.key, fy=self.fy, number=n) for n in range(self.first, self.last + 1)]


def series_reserve(*, key: str, on: datetime, count: int) -> Block:
    """Set aside the next `count` numbers of series `key` in the year of `on` (same lock rule)."""
    if isinstance(count, bool) or not isinstance(count, int) or count < 1:
        raise ValueError(f"a block holds at least one number, not {count!r}")
    fy = financial_year(on)
    with transaction.atomic():
        last = _bump(key=key, fy=fy, count=count)
    return Block(key=key, fy=fy, first=last - count + 1, last=last)


def parse_number(number: str) -> tuple[str, str, int] | None:
    """'CTR1/2027-28/000007' → ('CTR1', '2027-28', 7); None for anything else."""
    parts = str(number).split("/")
    if len(parts) != 3 or not parts[2].isdigit() or len(parts[1]) != 7:
        return None
    return parts[0], parts[1], int(parts[2])
