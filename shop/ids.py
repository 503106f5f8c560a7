"""Reading a row id out of a URL segment."""

# Beyond 18 digits a number no longer fits a 64-bit primary key, and PostgreSQL would refuse the
# query instead of finding nothing.
MAX_ID_DIGITS = 18


def as_row_id(ref) -> int | None:
    """The id that `ref` spells in ASCII digits, or None (`"12"` → 12; `"¹"`, `"abc"`, `"0"` → None).

    `str.isdigit()` alone also accepts superscripts and other scripts' digits that `int()` rejects.
    """
    text = str(ref).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS):
        return None
    number = int(text)
    return number if number > 0 else None
