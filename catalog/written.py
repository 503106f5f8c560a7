"""A pack changed: the one call every writer of packs and stock ends with."""

from collections.abc import Iterable

from . import caching
from .events import announce_packs_changed


def packs_written(*, product_ids: Iterable[int], financial_ids: Iterable[int]) -> None:
    """Packs of these products changed (or went): drop the cached catalog and announce it after commit
    (no name, brand or category changed: the search keeps its words)."""
    caching.invalidate(words=False)
    announce_packs_changed(product_ids=product_ids, financial_ids=financial_ids)
