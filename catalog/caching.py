"""A short-lived shared cache of the public catalog answers, dropped whenever the catalog changes.

Every visitor gets the same product lists, so each answer is rendered once and kept in the cache
(Redis in production, shared by every worker) for `settings.CATALOG_READ_CACHE_SECONDS`. An
entry records the catalog version it was built from; every write through `catalog.services`
(admin API, Django admin, CSV import, demo data) and `catalog.stock` (stock taken by orders,
returned by cancellations) sets a new version, and again once its transaction commits, so the
next read rebuilds at once. Browsers and CDNs may keep an answer for its `Cache-Control: max-age`. The cart never relies on these: it refreshes prices and stock through the
uncached batch endpoint, and placement re-checks under row locks.

Under ASGI each request opens its own PostgreSQL connection, so a hit also saves that.
"""

import hashlib
import uuid
from collections.abc import Callable

from django.conf import settings
from django.core.cache import cache

from . import after_commit

VERSION_KEY = "catalog:version"
ENTRY_PREFIX = "catalog:read:"
AFTER_COMMIT_KEY = "catalog.caching: drop the read cache"


# The search's words (names, brands, categories, synonyms: `search._Lexicon`) have a version of
# their own: stock taken by every order sets a new catalog version, and re-reading every word of
# the catalog after each order cost each web process 70 ms at 10,000 products.
WORDS_VERSION_KEY = "catalog:words-version"
WORDS_AFTER_COMMIT_KEY = "catalog.caching: the search's words changed"


def _new_version() -> None:
    cache.set(VERSION_KEY, uuid.uuid4().hex, None)


def _new_words_version() -> None:
    cache.set(WORDS_VERSION_KEY, uuid.uuid4().hex, None)


def _versions() -> tuple[str, str]:
    found = cache.get_many([VERSION_KEY, WORDS_VERSION_KEY])
    for key in (VERSION_KEY, WORDS_VERSION_KEY):
        if found.get(key) is None:
            cache.add(key, uuid.uuid4().hex, None)
            found[key] = cache.get(key)
    return found[VERSION_KEY], found[WORDS_VERSION_KEY]


def current_version() -> str:
    """The catalog's current version (one cache round trip), started if the cache has none."""
    current = cache.get(VERSION_KEY)
    if current is None:
        cache.add(VERSION_KEY, uuid.uuid4().hex, None)
        current = cache.get(VERSION_KEY)
    return current


def current_versions() -> tuple[str, str]:
    """(the catalog's version, the version of the search's words) in one cache round trip."""
    return _versions()


def invalidate(*, words: bool = True) -> None:
    """Drop every cached catalog answer, now and again when the current transaction commits.

    Now, so that reads later in the same transaction see the change; again after the commit,
    because an answer built by a concurrent request before the commit holds the old data.
    The after-commit drop is registered once per transaction, however many rows it writes.
    `words=False`: the write changes no name, brand, category or synonym (stock, prices,
    reviews), so the search's words stay as they are.
    """
    _new_version()
    if after_commit.pending(AFTER_COMMIT_KEY) is None:
        after_commit.on_commit_once(AFTER_COMMIT_KEY, _new_version)
    if words:
        _new_words_version()
        if after_commit.pending(WORDS_AFTER_COMMIT_KEY) is None:
            after_commit.on_commit_once(WORDS_AFTER_COMMIT_KEY, _new_words_version)


def cached(key: str, build: Callable[[], bytes]) -> bytes:
    """The cached value for `key` if it was built from the current catalog version, else `build()`.

    One cache round trip on a hit: the version and the entry are fetched together. The version is
    read before building, so an answer built from data a concurrent write is replacing is stored
    under the old version and never served after that write.
    """
    seconds = settings.CATALOG_READ_CACHE_SECONDS
    if seconds <= 0:
        return build()
    entry_key = ENTRY_PREFIX + hashlib.sha256(key.encode()).hexdigest()
    found = cache.get_many([VERSION_KEY, entry_key])
    version, entry = found.get(VERSION_KEY) or current_version(), found.get(entry_key)
    if entry is not None and entry[0] == version:
        return entry[1]
    value = build()
    cache.set(entry_key, (version, value), seconds)
    return value
