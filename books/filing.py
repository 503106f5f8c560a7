"""Marking a GSTR-1 filed: the one writer of `books.Gstr1Filing` and `books.Gstr1Amendment`.

The owner or manager marks a return filed once it is filed on the portal. The filing keeps what the
return reported that a later change can move (`Gstr1.reported`), and records each amendment the
return carried, so the next return amends only what changed since (`books.amendments`).
"""

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy

from books.amendments import filing_of
from books.error_codes import BooksErrorCode
from books.gstr1 import gstr1
from books.models import Gstr1Amendment, Gstr1Filing
from books.periods import Period, today_in_india
from common.errors import Conflict

ALREADY_FILED = gettext_lazy("GSTR-1 for {fp} is already marked filed.")
OVERLAPS = gettext_lazy("GSTR-1 for {fp} overlaps a return already marked filed ({other}).")
NOT_OVER = gettext_lazy("GSTR-1 for {fp} can be filed only after {last}, the period's last day.")


def gstr1_filing_refusal(period: Period) -> tuple[str, str]:
    """Why `period`'s GSTR-1 cannot be marked filed now, as (code, sentence), or ('', ''): the one
    rule, for the service and the screen's button."""
    if period.last >= today_in_india():
        return BooksErrorCode.PERIOD_NOT_OVER, str(NOT_OVER).format(fp=period.fp, last=period.last.isoformat())
    other = Gstr1Filing.objects.filter(first__lte=period.last, last__gte=period.first).first()
    if other is not None and (other.first, other.last) == (period.first, period.last):
        return BooksErrorCode.ALREADY_FILED, str(ALREADY_FILED).format(fp=period.fp)
    if other is not None:
        return BooksErrorCode.ALREADY_FILED, str(OVERLAPS).format(fp=period.fp, other=other.fp)
    return "", ""


def gstr1_mark_filed(*, period: Period, by) -> Gstr1Filing:
    """Record `period`'s GSTR-1 as filed, with what it reported and the amendments it carried.

    409 `period_not_over` before the period has ended, `already_filed` for a period (or one
    overlapping it: a month of a filed quarter) already marked."""
    code, refusal = gstr1_filing_refusal(period)
    if code:
        raise Conflict(refusal, code=code)
    built = gstr1(period)
    by = by if by is not None and getattr(by, "is_authenticated", False) else None
    try:
        with transaction.atomic():
            filing = Gstr1Filing.objects.create(
                fp=period.fp,
                quarterly=period.quarterly,
                first=period.first,
                last=period.last,
                reported=built.reported(),
                by=by,
            )
            Gstr1Amendment.objects.bulk_create(
                Gstr1Amendment(
                    order_id=amendment.invoice.order_id,
                    invoice_number=amendment.invoice.number,
                    original=amendment.original,
                    reported_in=filing,
                    old_gstin=amendment.old_gstin,
                    new_gstin=amendment.invoice.buyer_gstin,
                    new_name=amendment.invoice.buyer_name,
                )
                for amendment in built.amended
            )
    except IntegrityError as error:  # marked by a racing request meanwhile
        raise Conflict(str(ALREADY_FILED).format(fp=period.fp), code=BooksErrorCode.ALREADY_FILED) from error
    return filing


def gstr1_filing_state(period: Period) -> dict:
    """The screen's answer: whether `period` is filed (when, by whom), whether it may be marked
    now, and the amendments its return carries."""
    from books.amendments import amendments_for

    filing = filing_of(period)
    return {
        "fp": period.fp,
        "quarterly": period.quarterly,
        "filed": None
        if filing is None
        else {"at": filing.filed_at.isoformat(), "by": filing.by.name if filing.by is not None else ""},
        "cannotMark": "" if filing is not None else gstr1_filing_refusal(period)[1],
        "amendments": [
            {
                "invoice": amendment.invoice.number,
                "date": amendment.invoice.day.isoformat(),
                "originalPeriod": amendment.original.fp,
                "oldGstin": amendment.old_gstin,
                "newGstin": amendment.invoice.buyer_gstin,
                "buyerName": amendment.invoice.buyer_name,
                "value": amendment.invoice.value / 100,
                "byHand": amendment.was_b2cl,
            }
            for amendment in amendments_for(period)
        ],
    }
