"""A GSTIN (GST identification number) as staff type it: the one owner of its format, its check
character and the state it is registered in (suppliers in inventory, customers' GSTINs in books).

A GSTIN is 15 characters: the state's two-digit code, the holder's PAN (five letters, four digits,
a letter), the entity number (1-9, A-Z), `Z`, and a check character. The check character is the
GSTN's base-36 Luhn-like sum: each of the first 14 characters' values (0-9, A=10 … Z=35) times 1
or 2 in turn, each product's base-36 digits added, and the check is what brings the sum to a
multiple of 36. A typing slip of one character, or two swapped, fails it.

A business buyer (an invoice's, or the one a shopper keeps on the profile) is a GSTIN and a legal
name, both or neither: `buyer_checked` is the one check of the pair, here below accounts (the
profile) and orders (the invoice) alike.

The state code (the first two digits) decides whether a supply between two GSTINs is within one
state (CGST + SGST) or between states (IGST). The table of codes lives here, below every app that
asks (orders' place of supply, inventory's purchases).
"""

import re

from django.utils.translation import gettext_lazy

from common.error_codes import CommonErrorCode
from common.errors import InvalidValue
from common.text import squeezed

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
PATTERN = re.compile(r"[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]")

# GST state codes (the first two digits of a GSTIN).
STATE_CODES = {
    "Jammu and Kashmir": "01",
    "Himachal Pradesh": "02",
    "Punjab": "03",
    "Chandigarh": "04",
    "Uttarakhand": "05",
    "Haryana": "06",
    "Delhi": "07",
    "Rajasthan": "08",
    "Uttar Pradesh": "09",
    "Bihar": "10",
    "Sikkim": "11",
    "Arunachal Pradesh": "12",
    "Nagaland": "13",
    "Manipur": "14",
    "Mizoram": "15",
    "Tripura": "16",
    "Meghalaya": "17",
    "Assam": "18",
    "West Bengal": "19",
    "Jharkhand": "20",
    "Odisha": "21",
    "Chhattisgarh": "22",
    "Madhya Pradesh": "23",
    "Gujarat": "24",
    "Dadra and Nagar Haveli and Daman and Diu": "26",
    "Maharashtra": "27",
    "Karnataka": "29",
    "Goa": "30",
    "Lakshadweep": "31",
    "Kerala": "32",
    "Tamil Nadu": "33",
    "Puducherry": "34",
    "Andaman and Nicobar Islands": "35",
    "Telangana": "36",
    "Andhra Pradesh": "37",
    "Ladakh": "38",
}
STATE_NAMES = {code: name for name, code in STATE_CODES.items()}

FORMAT_RULE = gettext_lazy(
    "A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character."
)
CHECK_RULE = gettext_lazy("This GSTIN's last character does not match: check it for a typing slip.")
STATE_RULE = gettext_lazy("This GSTIN's first two digits are no Indian state's code.")
BUYER_NAME_LIMIT = 200
BUYER_NAME_RULE = gettext_lazy("The buyer's legal name is needed, at most {limit} characters.")
BUYER_NEEDS_BOTH = gettext_lazy("A business buyer needs both the GSTIN and the legal name.")


def state_code(state: str) -> str:
    """'Andhra Pradesh' → '37'; '' for a name the table does not know."""
    wanted = (state or "").strip().casefold()
    return next((code for name, code in STATE_CODES.items() if name.casefold() == wanted), "")


def check_character(first14: str) -> str:
    """The check character that completes these 14 characters."""
    total = 0
    for index, char in enumerate(first14):
        product = ALPHABET.index(char) * (2 if index % 2 else 1)
        total += product // 36 + product % 36
    return ALPHABET[(36 - total % 36) % 36]


def to_gstin(value) -> str:
    """' 37aapfu0939f1zv ' → '37AAPFU0939F1ZV', or `InvalidValue` saying which rule it breaks
    (the format, a state code no state has, or the check character)."""
    gstin = re.sub(r"\s", "", str(value or "")).upper()
    if PATTERN.fullmatch(gstin) is None:
        raise InvalidValue(FORMAT_RULE, code="gstin_format")
    if gstin[:2] not in STATE_NAMES:
        raise InvalidValue(STATE_RULE, code="gstin_state")
    if check_character(gstin[:14]) != gstin[14]:
        raise InvalidValue(CHECK_RULE, code="gstin_check")
    return gstin


def gstin_state(gstin: str) -> str:
    """The state a (valid) GSTIN is registered in: '37…' → 'Andhra Pradesh'."""
    return STATE_NAMES[gstin[:2]]


def is_interstate_between(gstin: str, state: str) -> bool:
    """Whether a supply from the holder of `gstin` to a business in `state` crosses a state line
    (IGST) rather than staying within one state (CGST + SGST)."""
    return gstin[:2] != state_code(state)


def buyer_name_checked(name) -> str:
    """A business buyer's legal name as it is kept (spaces squeezed), or `InvalidValue` when it is
    missing or longer than an invoice keeps."""
    name = squeezed(name) if isinstance(name, str) else ""
    if not name or len(name) > BUYER_NAME_LIMIT:
        raise InvalidValue(str(BUYER_NAME_RULE).format(limit=BUYER_NAME_LIMIT), code=CommonErrorCode.INVALID_BUYER_NAME)
    return name


def buyer_checked(gstin, name) -> tuple[str, str] | None:
    """A business buyer's GSTIN (`to_gstin`) and legal name, both or neither: None when neither was
    given (a sale to, or a profile of, a shopper without a GSTIN), else the pair as it is kept."""
    gstin = str(gstin or "").strip()
    given_name = squeezed(name) if isinstance(name, str) else ""
    if not gstin and not given_name:
        return None
    if not gstin or not given_name:
        raise InvalidValue(str(BUYER_NEEDS_BOTH), code=CommonErrorCode.BUYER_NEEDS_BOTH)
    return to_gstin(gstin), buyer_name_checked(given_name)
