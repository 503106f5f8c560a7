"""Cleaning what people type into names, addresses and CSV cells; the reasons the shop writes itself."""

import re

from django.utils.functional import Promise
from django.utils.translation import gettext, gettext_noop

from common.error_codes import CommonErrorCode
from common.errors import DomainError, InvalidValue

# Why staff cancelled, changed, refunded, credited or rejected: one limit for every reason, the
# shortest column a reason is written to (a refund's and a store-credit entry's, 300), as one
# reason travels from a cancellation to its refund and its credit note.
REASON_MAX_LENGTH = 300

# The reasons the shop writes itself on store-credit entries, refunds and credit notes, beside the
# ones people type: stored as written here (English, the books' language; `shop_reason`) and shown
# in the reader's language (`reason_shown`), so that a Telugu page never reads "Ticket T-…".
ORDER_REASON = gettext_noop("Order {number}")
ORDER_CANCELLED_REASON = gettext_noop("Order {number} cancelled")
TICKET_REASON = gettext_noop("Ticket {number}")
_SHOP_REASONS = [
    (re.compile(re.escape(template).replace(re.escape("{number}"), r"(?P<number>\S+)") + "$"), template)
    for template in (ORDER_REASON, ORDER_CANCELLED_REASON, TICKET_REASON)
]


def shop_reason(template: str, *, number: str) -> str:
    """One of the shop's own reasons (`ORDER_REASON`, …) as it is stored: 'Ticket T-2026-000001'."""
    return template.format(number=number)


def reason_shown(reason: str) -> str:
    """A stored reason in the active language: the shop's own ones translated, what people typed as typed."""
    for pattern, template in _SHOP_REASONS:
        if (found := pattern.fullmatch(reason or "")) is not None:
            return gettext(template).format(number=found["number"])
    return reason


def squeezed(value) -> str:
    """The text with every run of spaces, tabs and newlines made one space, and trimmed ("" for None)."""
    return " ".join(str(value or "").split())


def clean_text(value, *, label: str, max_length: int, required: bool = True) -> str:
    """`squeezed(value)`, refused with a message naming `label` (a marked text, so that it is read in
    the shopper's language) when empty (if required) or too long."""
    text = squeezed(value)
    if required and not text:
        raise InvalidValue(gettext("{label} is required.").format(label=label))
    if len(text) > max_length:
        raise InvalidValue(
            gettext("{label} must be at most {max_length} characters.").format(label=label, max_length=max_length)
        )
    return text


def clean_reason(value, *, required_message: str = "", required_code: str = "") -> str:
    """A reason as written, spaces tidied: refused (400 `reason_too_long`) when longer than
    `REASON_MAX_LENGTH`, never cut; refused with `required_message` when empty, if one is given.

    The one check of a reason's length (issue 40: the pipeline refused a long reason while refunds
    and store credit silently cut it)."""
    text = squeezed(value) if isinstance(value, str | Promise) else ""
    if not text and required_message:
        raise DomainError(str(required_message), **({"code": required_code} if required_code else {}))
    if len(text) > REASON_MAX_LENGTH:
        raise DomainError(
            gettext("The reason can have at most {count} characters.").format(count=REASON_MAX_LENGTH),
            code=CommonErrorCode.REASON_TOO_LONG,
        )
    return text


def deletions(word: str) -> set[str]:
    """`word` with each one of its letters left out."""
    return {word[:i] + word[i + 1 :] for i in range(len(word))}


def one_edit(typed: str, word: str) -> bool:
    """`typed` is `word` with one letter changed, added or left out, or two neighbours swapped: the
    one rule of a typo, for the catalog search and the delivery checker's places."""
    if typed == word or abs(len(typed) - len(word)) > 1:
        return False
    if len(typed) == len(word):
        different = [i for i in range(len(word)) if typed[i] != word[i]]
        if len(different) == 1:
            return True
        i, j = different[0], different[-1]
        return len(different) == 2 and j == i + 1 and typed[i] == word[j] and typed[j] == word[i]
    short, long = sorted((typed, word), key=len)
    return short in deletions(long)


def within_edits(typed: str, word: str, limit: int) -> int | None:
    """How many edits (a letter changed, added or left out, two neighbours swapped) make `typed`
    into `word`, when that is at most `limit`; None when it is more. The typo rule of the catalog
    search, for spelling variants two letters away ('masuri' for 'masoori')."""
    if abs(len(typed) - len(word)) > limit:
        return None
    previous2: list[int] = []
    previous = list(range(len(word) + 1))
    for i in range(1, len(typed) + 1):
        current = [i] + [0] * len(word)
        for j in range(1, len(word) + 1):
            cost = typed[i - 1] != word[j - 1]
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1 and j > 1 and typed[i - 1] == word[j - 2] and typed[i - 2] == word[j - 1]:
                current[j] = min(current[j], previous2[j - 2] + 1)
        if min(current) > limit:
            return None
        previous2, previous = previous, current
    return previous[-1] if previous[-1] <= limit else None
