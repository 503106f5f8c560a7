"""One page of a list: the same page arithmetic for every paged list of the shop."""

from dataclasses import dataclass
from math import ceil
from typing import Generic, TypeVar

from django.db.models import QuerySet

T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    items: list[T]
    page: int  # 1-based, as asked
    pages: int  # 0 when the list is empty
    total: int


def paginate(queryset: QuerySet, *, page: int, page_size: int) -> Page:
    """Rows of page `page` (1-based) of an ordered queryset: one COUNT, then one slice.

    A page past the end is empty rather than an error, so a list that shrank while someone paged
    through it answers an empty page instead of a 404.
    """
    total = queryset.count()
    pages = ceil(total / page_size)
    start = (page - 1) * page_size
    items = list(queryset[start : start + page_size]) if start < total else []
    return Page(items=items, page=page, pages=pages, total=total)
