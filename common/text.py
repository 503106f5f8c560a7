"""Cleaning what people type into names, addresses and CSV cells."""

from django.utils.translation import gettext

from common.errors import InvalidValue


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
