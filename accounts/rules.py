"""Checks of what a person typed: phone number, name, password, postal code, language.

Each returns the cleaned value or raises `InvalidInput` with the text the shopper reads. Free text
and coordinates are cleaned by `common.text` and `common.india`, as everywhere in the shop.
"""

import re

from django.conf import settings
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, gettext_lazy

from accounts.errors import LANGUAGE_INVALID, PASSWORD_REQUIRED, PHONE_INVALID, InvalidInput
from accounts.models import PHONE_PATTERN, User
from common.india import is_pincode
from common.text import clean_text

NAME_MAX_LENGTH = User._meta.get_field("name").max_length


def looks_like_phone(value: str) -> bool:
    return bool(PHONE_PATTERN.match(value or ""))


def clean_phone(value) -> str:
    phone = str(value or "").strip()
    if not PHONE_PATTERN.match(phone):
        raise InvalidInput(PHONE_INVALID)
    return phone


# What a person types around the digits of a phone number: "98765 43210", "98765-43210", "(0) 98765.43210".
_TYPED_PHONE_SEPARATORS = re.compile(r"[\s\-.()]+")


def typed_phone(value) -> str:
    """A phone number as a person types it in a form (spaces, dashes, a leading +91, 91 or 0)
    -> the 10 digits, then `clean_phone` (400 when they are not an Indian mobile number)."""
    phone = _TYPED_PHONE_SEPARATORS.sub("", str(value or "")).removeprefix("+")
    if len(phone) == 12 and phone.startswith("91"):
        phone = phone[2:]
    elif len(phone) == 11 and phone.startswith("0"):
        phone = phone[1:]
    return clean_phone(phone)


def phone_from_customer_id(value) -> str:
    """The 10-digit number in a `customerId` as the shop's existing client sends it (`9876543210`,
    `919876543210` or `+919876543210`); "" when it holds no Indian mobile number."""
    digits = str(value or "").strip().removeprefix("+")
    if len(digits) == 12 and digits.startswith("91"):
        digits = digits[2:]
    return digits if PHONE_PATTERN.match(digits) else ""


def clean_name(value) -> str:
    return clean_text(value, label=gettext_lazy("Name"), max_length=NAME_MAX_LENGTH)


def clean_new_password(password, *, user: User) -> str:
    """Django's password validators (settings.AUTH_PASSWORD_VALIDATORS), one readable message."""
    password = password or ""
    if not password:
        raise InvalidInput(PASSWORD_REQUIRED)
    try:
        validate_password(password, user=user)
    except ValidationError as exc:
        raise InvalidInput(" ".join(exc.messages)) from None
    return password


def clean_postal_code(value, *, required: bool) -> str:
    postal_code = str(value or "").strip()
    if not postal_code and not required:
        return ""
    if not is_pincode(postal_code):
        raise InvalidInput(gettext("Please enter a valid 6-digit postal code."))
    return postal_code


def clean_language(value) -> str:
    """One of settings.LANGUAGES' codes ("en", "te")."""
    language = str(value or "").strip()
    if language not in dict(settings.LANGUAGES):
        raise InvalidInput(LANGUAGE_INVALID)
    return language
