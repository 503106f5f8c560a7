"""The counter's day close: the day's bills and returns by payment method, the cash that should be
in the drawer against what the cashier counted, and the difference with who and why.

Expected cash = the float the drawer started with + cash taken for bills (what the bills' cash
parts came to: the change handed back is not in the drawer) − cash paid out for returns. A day
closes once per counter; the manager sees every close (`closes_list`).
"""

from datetime import date
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Count, Sum
from django.utils.translation import gettext_lazy

from common.error_codes import CommonErrorCode
from common.errors import Conflict, InvalidValue
from common.money import to_paise
from common.text import clean_reason
from counter.error_codes import CounterErrorCode
from counter.models import BillTender, Counter, CounterBill, CounterReturn, DayClose, Tender
from payments.error_codes import PaymentErrorCode

REASON_REQUIRED = gettext_lazy("Say why the cash counted differs from what was expected.")
ALREADY_CLOSED = gettext_lazy("Counter {code} was already closed for {day}.")
CASH_RULE = gettext_lazy("Cash amounts are ₹0 or more, in rupees and paise.")


def day_summary(*, counter: Counter, day: date, opening_float_paise: int = 0) -> dict:
    """What the counter's day came to, in paise: bills, returns, each payment method, expected cash."""
    methods = {method: {"sales": 0, "refunds": 0} for method in Tender.values}
    bills = CounterBill.objects.filter(counter=counter, day=day)
    tendered = BillTender.objects.filter(bill__in=bills).values("method").annotate(total=Sum("amount_paise"))
    for row in tendered:
        methods[row["method"]]["sales"] = row["total"] or 0
    returns = CounterReturn.objects.filter(counter=counter, day=day)
    refunded = returns.aggregate(cash=Sum("cash_paise"), total=Sum("amount_paise"), count=Count("id"))
    cash_out = refunded["cash"] or 0
    methods[Tender.CASH]["refunds"] = cash_out
    methods[Tender.CREDIT]["refunds"] = (refunded["total"] or 0) - cash_out
    sales_total = sum(method["sales"] for method in methods.values())
    return {
        "counter": counter.code,
        "day": day.isoformat(),
        "bills": bills.count(),
        "returns": refunded["count"] or 0,
        "salesPaise": sales_total,
        "refundsPaise": refunded["total"] or 0,
        "methods": methods,
        "openingFloatPaise": opening_float_paise,
        "expectedCashPaise": opening_float_paise + methods[Tender.CASH]["sales"] - cash_out,
    }


def _paise(value: Decimal) -> int:
    value = Decimal(value)
    if value < 0 or value != value.quantize(Decimal("0.01")):
        raise InvalidValue(str(CASH_RULE), code=PaymentErrorCode.INVALID_AMOUNT)
    return to_paise(value)


def day_close(*, counter: Counter, day: date, counted: Decimal, opening_float: Decimal, reason: str, by) -> DayClose:
    """Close the counter's day with the cash counted; a difference needs a reason (400). Once per
    counter and day (409 when closed already)."""
    counted_paise, float_paise = _paise(counted), _paise(opening_float)
    summary = day_summary(counter=counter, day=day, opening_float_paise=float_paise)
    difference = counted_paise - summary["expectedCashPaise"]
    reason = clean_reason(reason)
    if difference and not reason:
        raise InvalidValue(str(REASON_REQUIRED), code=CommonErrorCode.REASON_REQUIRED)
    try:
        with transaction.atomic():
            return DayClose.objects.create(
                counter=counter,
                day=day,
                opening_float_paise=float_paise,
                expected_cash_paise=summary["expectedCashPaise"],
                counted_cash_paise=counted_paise,
                difference_paise=difference,
                totals=summary,
                reason=reason,
                by=by,
            )
    except IntegrityError:
        raise Conflict(
            ALREADY_CLOSED.format(code=counter.code, day=day.isoformat()), code=CounterErrorCode.DAY_ALREADY_CLOSED
        ) from None


def closes_list(*, counter: Counter | None = None, limit: int = 100):
    """Every day's close, newest first (the manager's view), with who closed it."""
    rows = DayClose.objects.select_related("counter", "by").order_by("-day", "counter__code")
    if counter is not None:
        rows = rows.filter(counter=counter)
    return rows[:limit]
