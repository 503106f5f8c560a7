"""Cleaning what people type into names, addresses and CSV cells."""

from common.errors import InvalidValue


def squeezed(value) -> str:
    """The text with every run of spaces, tabs and newlines made one space, and trimmed ("" for None)."""
    return " ".join(str(value or "").split())


def clean_text(value, *, label: str, max_length: int, required: bool = True) -> str:
    """`squeezed(value)`, refused with a message naming `label` when empty (if required) or too long."""
    text = squeezed(value)
    if required and not text:
        raise InvalidValue(f"{label} is required.")
    if len(text) > max_length:
        raise InvalidValue(f"{label} must be at most {max_length} characters.")
    return text
