"""Cleaning of the names and URLs the catalog's writers accept."""

from common.errors import DomainError


def clean_name(name: str, *, what: str = "Name", max_length: int = 200) -> str:
    name = " ".join(str(name or "").split())
    if not name:
        raise DomainError(f"{what} is required.")
    if len(name) > max_length:
        raise DomainError(f"{what} can have at most {max_length} characters.")
    return name


def clean_url(url: str) -> str:
    url = str(url or "").strip()
    if len(url) > 500:
        raise DomainError("Image URL can have at most 500 characters.")
    return url
