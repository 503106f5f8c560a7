"""Cleaning of the image URLs and Telugu names the catalog's writers accept (names:
`common.text.clean_text`)."""

import unicodedata

from django.utils.translation import gettext

from common.errors import DomainError
from common.text import clean_text


def clean_url(url: str) -> str:
    url = str(url or "").strip()
    if len(url) > 500:
        raise DomainError(gettext("Image URL can have at most 500 characters."))
    return url


def clean_telugu(value, *, label: str, max_length: int) -> str:
    """A Telugu name, optional: squeezed and in Unicode NFC, so a name typed on any keyboard is
    stored (and searched) as one sequence of code points."""
    return unicodedata.normalize("NFC", clean_text(value, label=label, max_length=max_length, required=False))
