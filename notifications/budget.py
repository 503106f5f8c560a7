"""The shop's budget for OTP texts: per hour for the whole shop and per number prefix (issue 33).

Every SMS costs money, and SMS-pumping fraud asks for codes to many numbers of one premium range
from many addresses (40 numbers from 40 addresses got 40 texts in 1.6 s), which per-address and
per-number limits do not see. Past `SMS_OTP_PER_HOUR` codes in the clock hour, or
`SMS_OTP_PER_HOUR_PER_PREFIX` to numbers sharing their first PREFIX_DIGITS digits, a code to a
number with no account is refused (429); a number that already has an account (proved by an
OTP when it registered) still gets its reset code, so its owner can always get back in. The first
refusal of each hour is logged as an error for staff, and the refusals are counted in the cache
(`otp_budget_status()`, this hour's figures for staff and metrics).
"""

import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext_lazy

from common.errors import DomainError

logger = logging.getLogger(__name__)

PREFIX_DIGITS = 5
HOUR_SECONDS = 3600
BUDGET_SPENT = gettext_lazy("We cannot send more codes just now. Please try again later.")


class SmsBudgetSpent(DomainError):
    status = 429


def _hour() -> int:
    return int(time.time() // HOUR_SECONDS)


def _count(key: str) -> int:
    cache.add(key, 0, HOUR_SECONDS * 2)
    try:
        return cache.incr(key)
    except ValueError:
        cache.set(key, 1, HOUR_SECONDS * 2)
        return 1


def otp_budget_take(*, phone_no: str, has_account: bool) -> None:
    """Count one OTP text to `phone_no`, or raise SmsBudgetSpent (429) when the budget is spent."""
    hour = _hour()
    prefix = phone_no[:PREFIX_DIGITS]
    sent = _count(f"sms-budget:{hour}:all")
    sent_to_prefix = _count(f"sms-budget:{hour}:prefix:{prefix}")
    if sent <= settings.SMS_OTP_PER_HOUR and sent_to_prefix <= settings.SMS_OTP_PER_HOUR_PER_PREFIX:
        return
    refused = _count(f"sms-budget:{hour}:refused")
    if has_account:
        return  # counted as over the budget, sent all the same: the owner's way back in
    if refused == 1:
        logger.error(
            "OTP SMS budget reached this hour (%d sent in all, %d to numbers starting %s): codes to numbers with "
            "no account are refused until the hour ends; SMS pumping?",
            sent,
            sent_to_prefix,
            prefix,
        )
    raise SmsBudgetSpent(str(BUDGET_SPENT), retryAfter=HOUR_SECONDS - int(time.time()) % HOUR_SECONDS)


def sms_budget_allows(*, phone_no: str, proven: bool) -> bool:
    """A text other than an OTP to `phone_no` (a grievance's ticket number, issue 46.3): counted in
    the same hour's shop-wide and per-prefix budget as the codes, so a form anyone can post cannot
    text any number at will. False (the text is not sent) past the budget, unless the number is
    `proven` its owner's (an account's, verified by an OTP when it registered)."""
    try:
        otp_budget_take(phone_no=phone_no, has_account=proven)
    except SmsBudgetSpent:
        return False
    return True


def otp_budget_status() -> dict[str, int]:
    """This hour's figures, for staff and metrics: texts counted and refusals past the budget."""
    hour = _hour()
    return {
        "sent": cache.get(f"sms-budget:{hour}:all") or 0,
        "overBudget": cache.get(f"sms-budget:{hour}:refused") or 0,
        "perHour": settings.SMS_OTP_PER_HOUR,
        "perHourPerPrefix": settings.SMS_OTP_PER_HOUR_PER_PREFIX,
    }
