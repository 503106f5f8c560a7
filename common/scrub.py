"""Taking a person out of kept text and kept gateway answers (erasure, DPDP Act 2023), leaving the
rest: amounts, ids, statuses and dates stay, as the books need them.

Two nets, as neither alone is enough. By key: a JSON field whose name says it holds a person
(`customer_phone`, `billing_address`, `first_name`) is replaced whatever it holds. By value: every
occurrence of the person's own identifiers (their name and its words, phone number in its usual
spellings, email, street, city, pincode), as whole words, anywhere in any string; and in free text
any email address or Indian mobile number at all (a shopper writes someone else's too). A value
is matched only as a whole word, so a name like "Char" never eats into "CHARGED" and a phone
number never into a longer reference.
"""

import re
from collections.abc import Iterable
from typing import Any

ERASED = "[erased]"

# Parts of JSON keys that name a person in gateway answers (Juspay's order status, sessions, webhooks).
PERSONAL_KEY_PARTS = (
    "email",
    "phone",
    "mobile",
    "name",
    "address",
    "customer_id",
    "street",
    "city",
    "pincode",
    "vpa",
)
# Parts that look personal but hold references or money: kept.
KEPT_KEY_PARTS = ("merchant", "gateway", "bank_name", "payment_method", "card_brand", "card_type", "status")

_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
# An Indian mobile number as people write it: +91 / 91 / 0, then 10 digits starting 6-9, maybe spaced.
_MOBILE = re.compile(r"(?<![\w+])(?:\+?91[\s-]?|0)?[6-9]\d{4}[\s-]?\d{5}(?!\w)")
_MIN_WORD = 3  # shorter name parts ("K.", "Sri" is kept at 3) would match too much


def identifiers(*, names: Iterable[str] = (), phones: Iterable[str] = (), others: Iterable[str] = ()) -> list[str]:
    """The strings to take out for one person, longest first (so "Ravi Kumar" goes before "Ravi")."""
    found: set[str] = set()
    for name in names:
        name = (name or "").strip()
        if name:
            found.add(name)
            found.update(word for word in re.split(r"[\s.,]+", name) if len(word) >= _MIN_WORD)
    for phone in phones:
        digits = re.sub(r"\D", "", phone or "")[-10:]
        if len(digits) == 10:
            found.update({digits, f"91{digits}", f"+91{digits}", f"0{digits}", f"{digits[:5]} {digits[5:]}"})
    for other in others:
        other = (other or "").strip()
        if len(other) >= _MIN_WORD:
            found.add(other)
    return sorted(found, key=lambda value: (-len(value), value))


def _pattern(values: list[str]) -> re.Pattern | None:
    if not values:
        return None
    alternatives = "|".join(re.escape(value) for value in values)
    return re.compile(rf"(?<![\w+])(?:{alternatives})(?!\w)", re.IGNORECASE)


def scrub_text(text: str, values: list[str], *, free_text: bool = True) -> str:
    """`text` with each of `values` (and, in free text, any email or mobile number) replaced."""
    if not text:
        return text
    text = _EMAIL.sub(ERASED, text)
    if free_text:
        text = _MOBILE.sub(ERASED, text)
    pattern = _pattern(values)
    return pattern.sub(ERASED, text) if pattern is not None else text


def _personal_key(key: Any) -> bool:
    key = str(key).lower()
    return any(part in key for part in PERSONAL_KEY_PARTS) and not any(part in key for part in KEPT_KEY_PARTS)


def erased(value: Any) -> Any:
    """Every string, number and list under a personal field replaced (a `billing_address` object's
    `line1` and `zipcode` alike); empty values stay empty."""
    if isinstance(value, dict):
        return {key: erased(item) for key, item in value.items()}
    if isinstance(value, list):
        return [erased(item) for item in value]
    return value if value in (None, "") or isinstance(value, bool) else ERASED


def scrub_json(value: Any, values: list[str]) -> Any:
    """A copy of a kept gateway answer with the person taken out: personal fields replaced by key,
    the person's identifiers by value; numbers, booleans and everything else as they were."""
    if isinstance(value, dict):
        return {key: erased(item) if _personal_key(key) else scrub_json(item, values) for key, item in value.items()}
    if isinstance(value, list):
        return [scrub_json(item, values) for item in value]
    if isinstance(value, str):
        return scrub_text(value, values, free_text=False)
    return value
