"""Checks of what a person typed: phone number, name, password, postal code, location.

Each returns the cleaned value or raises `InvalidInput` with the text the shopper reads.
"""

import re
from decimal import ROUND_HALF_UP, Decimal, InvalidOperation

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError

from accounts.errors import PHONE_INVALID, InvalidInput
from accounts.models import User

PHONE_PATTERN = re.compile(r"^[6-9]\d{9}$")
POSTAL_CODE_PATTERN = re.compile(r"^[1-9]\d{5}$")
NAME_MAX_LENGTH = User._meta.get_field("name").max_length
COORDINATE_PLACES = Decimal("0.000001")


def looks_like_phone(value: str) -> bool:
    return bool(PHONE_PATTERN.match(value or ""))


def clean_phone(value) -> str:
    phone = str(value or "").strip()
    if not PHONE_PATTERN.match(phone):
        raise InvalidInput(PHONE_INVALID)
    return phone


def clean_name(value) -> str:
    name = " ".join(str(value or "").split())
    if not name:
        raise InvalidInput("Name is required.")
    if len(name) > NAME_MAX_LENGTH:
        raise InvalidInput(f"Name must be at most {NAME_MAX_LENGTH} characters.")
    return name


def clean_new_password(password, *, user: User) -> str:
    """Django's password validators (settings.AUTH_PASSWORD_VALIDATORS), one readable message."""
    password = password or ""
    if not password:
        raise InvalidInput("Password is required.")
    try:
        validate_password(password, user=user)
    except ValidationError as exc:
        raise InvalidInput(" ".join(exc.messages)) from None
    return password


def clean_postal_code(value, *, required: bool) -> str:
    postal_code = str(value or "").strip()
    if not postal_code and not required:
        return ""
    if not POSTAL_CODE_PATTERN.match(postal_code):
        raise InvalidInput("Please enter a valid 6-digit postal code.")
    return postal_code


def clean_text(value, *, label: str, max_length: int, required: bool) -> str:
    text = " ".join(str(value or "").split())
    if required and not text:
        raise InvalidInput(f"{label} is required.")
    if len(text) > max_length:
        raise InvalidInput(f"{label} must be at most {max_length} characters.")
    return text


def clean_coordinate(value, *, label: str, limit: int) -> Decimal:
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError):
        raise InvalidInput(f"{label} must be a number.") from None
    if not number.is_finite():
        raise InvalidInput(f"{label} must be a number.")
    if not -limit <= number <= limit:
        raise InvalidInput(f"{label} must be between -{limit} and {limit}.")
    return number.quantize(COORDINATE_PLACES, rounding=ROUND_HALF_UP)
