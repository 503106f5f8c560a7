"""A buyer's GSTIN checked before an invoice names it: its format, state code and check character.

The one owner of these rules is `common.gstin` (issue 42, written with the inventory's suppliers);
until that module is on this branch's base, the same rules are here, in the same words, and this
file goes once it lands (books' notes say so). Callers use `to_gstin` from here either way.
"""

try:
    from common.gstin import to_gstin  # noqa: F401  (the owner, once merged)
except ImportError:  # before issue 42's branch is merged
    import re

    from django.utils.translation import gettext_lazy

    from common.errors import InvalidValue
    from orders.tax import STATE_CODES

    ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
    PATTERN = re.compile(r"[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]")
    FORMAT_RULE = gettext_lazy(
        "A GSTIN is 15 characters: the state code, the PAN, the entity number, Z and a check character."
    )
    CHECK_RULE = gettext_lazy("This GSTIN's last character does not match: check it for a typing slip.")
    STATE_RULE = gettext_lazy("This GSTIN's first two digits are no Indian state's code.")

    def _check_character(first14: str) -> str:
        total = 0
        for index, char in enumerate(first14):
            product = ALPHABET.index(char) * (2 if index % 2 else 1)
            total += product // 36 + product % 36
        return ALPHABET[(36 - total % 36) % 36]

    def to_gstin(value) -> str:
        """' 37aapfu0939f1zv ' → '37AAPFU0939F1ZV', or `InvalidValue` naming the rule it breaks."""
        gstin = re.sub(r"\s", "", str(value or "")).upper()
        if PATTERN.fullmatch(gstin) is None:
            raise InvalidValue(str(FORMAT_RULE), code="gstin_format")
        if gstin[:2] not in STATE_CODES.values():
            raise InvalidValue(str(STATE_RULE), code="gstin_state")
        if _check_character(gstin[:14]) != gstin[14]:
            raise InvalidValue(str(CHECK_RULE), code="gstin_check")
        return gstin
