"""Cleaning of the image URLs the catalog's writers accept (names: `common.text.clean_text`)."""

from django.utils.translation import gettext

from common.errors import DomainError


def clean_url(url: str) -> str:
    url = str(url or "").strip()
    if len(url) > 500:
        raise DomainError(gettext("Image URL can have at most 500 characters."))
    return url
