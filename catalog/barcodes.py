"""What a pack's barcode may be, and the shop's own codes for goods weighed and packed in the shop.

A code is digits only, one of:

- **EAN-13** (13 digits) and **EAN-8** (8 digits), as printed on branded packs in India (GS1 India's
  prefix 890), and **UPC-A** (12 digits) on imported ones; the last digit is the GS1 check digit
  (weights 3 and 1 from the right), verified here, so a mistyped code is refused rather than
  stored against the wrong pack.
- **The shop's own** code: an EAN-13 whose first two digits are **21**. GS1 keeps the prefixes
  20 to 29 for restricted circulation inside one company ("in-store" numbers); no manufacturer's
  pack carries one, so the shop's codes can never collide with a branded one. The shop prints
  them for loose goods it weighs and packs itself (toor dal in 500 g bags): `21`, the pack's id in
  ten digits, the check digit (`2100000000173` for pack 17), so a pack has one obvious code and a
  scanner reads it like any EAN-13. A code with another 2x prefix is refused: those belong to
  scales that print the price into the code, which the shop does not use.

A UPC-A code is an EAN-13 with a leading 0: scanners send either form, so a 13-digit code starting
with 0 is kept and looked up as its 12-digit UPC-A (`normalise`), and the catalog holds each code once.
"""

import re

from django.db import models
from django.utils.translation import gettext_lazy

from common.errors import InvalidValue

SHOP_PREFIX = "21"
SHOP_PACK_DIGITS = 10
MAX_LENGTH = 14  # the longest a till may send (a GTIN-14 from a case); refused with the rule below

NOT_DIGITS = gettext_lazy("A barcode is 8, 12 or 13 digits (EAN-8, UPC-A, EAN-13).")
BAD_CHECK_DIGIT = gettext_lazy("The last digit of barcode {code} is not its check digit: check the number.")
OTHER_IN_STORE = gettext_lazy(
    "Codes starting with 20 or 22 to 29 are for other shops' scales: the shop's own start with 21."
)


class Kind(models.TextChoices):
    EAN13 = "ean13", "EAN-13"
    EAN8 = "ean8", "EAN-8"
    UPCA = "upca", "UPC-A"
    SHOP = "shop", gettext_lazy("Shop's own (EAN-13, 21…)")


def check_digit(body: str) -> str:
    """The GS1 check digit of `body` (the code without its last digit): weights 3, 1, 3... from the right."""
    total = sum(int(digit) * (3 if index % 2 == 0 else 1) for index, digit in enumerate(reversed(body)))
    return str((10 - total % 10) % 10)


def normalise(code: str) -> str:
    """The code as the catalog keeps it: spaces and dashes dropped; a 13-digit code with a leading 0
    as its 12-digit UPC-A. Not checked (see `parse`)."""
    code = re.sub(r"[\s-]", "", str(code or ""))
    if len(code) == 13 and code.startswith("0") and code.isdigit():
        code = code[1:]
    return code


def shaped(code: str) -> bool:
    """8, 12 or 13 digits, as a barcode is (what a schema can say; the check digit it cannot)."""
    return re.fullmatch(r"[0-9]{8}|[0-9]{12,13}", str(code or "")) is not None


def parse(code: str) -> tuple[str, Kind]:
    """The normalised code and its kind, or InvalidValue (400) saying what is wrong with it."""
    code = normalise(code)
    if not code.isascii() or not code.isdigit() or len(code) not in (8, 12, 13):
        raise InvalidValue(str(NOT_DIGITS))
    if check_digit(code[:-1]) != code[-1]:
        raise InvalidValue(str(BAD_CHECK_DIGIT).format(code=code))
    if len(code) == 8:
        return code, Kind.EAN8
    if len(code) == 12:
        return code, Kind.UPCA
    if code.startswith(SHOP_PREFIX):
        return code, Kind.SHOP
    if code.startswith("2"):
        raise InvalidValue(str(OTHER_IN_STORE))
    return code, Kind.EAN13


def shop_code(pack_id: int) -> str:
    """The shop's own code for pack `pack_id`: 21, the id in ten digits, the check digit."""
    body = f"{SHOP_PREFIX}{pack_id:0{SHOP_PACK_DIGITS}d}"
    if len(body) != 12:
        raise InvalidValue(str(NOT_DIGITS))
    return body + check_digit(body)
