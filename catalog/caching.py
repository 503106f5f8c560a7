"""A short-lived shared cache of the public catalog answers, dropped whenever the catalog changes.

Every visitor gets the same product lists, so each answer is rendered once and kept in the cache
(Redis in production, shared by every worker) for `settings.CATALOG_READ_CACHE_SECONDS`. An
entry records the catalog version it was built from; every write through `catalog.services`
(admin API, Django admin, CSV import, demo data) and `catalog.stock` (stock taken by orders,
returned by cancellations) sets a new version, and again once its transaction commits, so the
next read rebuilds at once. Browsers and CDNs may keep an answer for its `Cache-Control: max-age`. The cart never relies on these: it refreshes prices and stock through the
uncached batch endpoint, and placement re-checks under row locks.

An entry is the answer's bytes as they are sent (JSON, or its gzip), behind one line naming the
version and the content encoding: a hit is one MGET (the versions and the entry together) and a
slice of bytes, with nothing to unpickle.

The versions without an entry (the search's words and stock, `search._Lexicon`; the answers built
with the cache off) are learnt by each process and asked again at most every
`VERSIONS_KEPT_SECONDS` (1 s), and on every read of an entry, which brings them anyway. So a
catalog write made by another process reaches an uncached search within a second; a process's
own writes, and a cache cleared by it, count at once. With a cache inside the process (the
default for a first local run) there is no round trip to save, and every read asks it.

Under ASGI each request opens its own PostgreSQL connection, so a hit also saves that.
"""

import hashlib
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.core.signals import setting_changed
from django.dispatch import receiver
from django.utils.text import compress_string

from common import cache as shared_cache

from . import after_commit

VERSION_KEY = "catalog:version"
# Entries of bytes (until 2026-11-26 pickled Python values under "catalog:read:").
ENTRY_PREFIX = "catalog:answer:"
AFTER_COMMIT_KEY = "catalog.caching: drop the read cache"
VERSIONS_KEPT_SECONDS = 1.0
_clock = time.monotonic


# The search's words (names, brands, categories, synonyms: `search._Lexicon`) have a version of
# their own: stock taken by every order sets a new catalog version, and re-reading every word of
# the catalog after each order cost each web process 70 ms at 10,000 products.
WORDS_VERSION_KEY = "catalog:words-version"
WORDS_AFTER_COMMIT_KEY = "catalog.caching: the search's words changed"


def _token(value) -> bytes:
    """A version as the cache hands it over: Redis gives the bytes it holds (a version is an
    integer, kept as its digits); a cache in the process gives the integer."""
    if isinstance(value, bytes):
        return value
    if isinstance(value, int):
        return b"%d" % value
    return repr(value).encode()


@dataclass(frozen=True)
class _Learnt:
    versions: tuple[bytes, bytes]  # (the catalog's, the search's words')
    until: float  # `_clock()` after which they are asked again
    clears: int  # `shared_cache.clears()` when they were learnt


_learnt: _Learnt | None = None


def _forget() -> None:
    global _learnt
    _learnt = None


@receiver(setting_changed)
def _forget_on_new_caches(*, setting, **kwargs) -> None:
    if setting in ("CACHES", "CATALOG_READ_CACHE_SECONDS"):
        _forget()


def _learn(versions: tuple[bytes, bytes]) -> None:
    global _learnt
    if getattr(cache, "shared_between_processes", False):
        _learnt = _Learnt(versions, _clock() + VERSIONS_KEPT_SECONDS, shared_cache.clears())


def _new_version() -> None:
    cache.set(VERSION_KEY, secrets.randbits(62), None)
    _forget()


def _new_words_version() -> None:
    cache.set(WORDS_VERSION_KEY, secrets.randbits(62), None)
    _forget()


def _read(*keys: str) -> tuple[tuple[bytes, bytes], list]:
    """((the catalog's version, the words' version), the values of `keys`) in one round trip; a
    version the cache does not hold yet is started."""
    values = shared_cache.get_bytes_many(cache, [VERSION_KEY, WORDS_VERSION_KEY, *keys])
    for at, key in enumerate((VERSION_KEY, WORDS_VERSION_KEY)):
        if values[at] is None:
            cache.add(key, secrets.randbits(62), None)
            (values[at],) = shared_cache.get_bytes_many(cache, [key])
    versions = (_token(values[0]), _token(values[1]))
    _learn(versions)
    return versions, values[2:]


def current_versions() -> tuple[bytes, bytes]:
    """(the catalog's version, the version of the search's words): as this process learnt them
    less than `VERSIONS_KEPT_SECONDS` ago, else from the cache (one round trip)."""
    learnt = _learnt
    if learnt is not None and _clock() < learnt.until and learnt.clears == shared_cache.clears():
        return learnt.versions
    return _read()[0]


def current_version() -> bytes:
    """The catalog's current version (`current_versions`)."""
    return current_versions()[0]


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


GZIP = "gzip"


def _entry(version: bytes, encoding: str, body: bytes) -> bytes:
    """The version, a space, the content encoding ("" for none), a new line, the body."""
    return b"%s %s\n%s" % (version, encoding.encode(), body)


def _body(entry: bytes | None, version: bytes) -> tuple[bytes, str] | None:
    """(body, content encoding) of an entry built from `version`; None for none or another version."""
    if entry is None or not entry.startswith(version + b" "):
        return None
    encoding, _, body = entry[len(version) + 1 :].partition(b"\n")
    return body, encoding.decode()


def _entry_key(key: str) -> str:
    return ENTRY_PREFIX + hashlib.sha256(key.encode()).hexdigest()


def cached(key: str, build: Callable[[], bytes]) -> bytes:
    """The bytes kept for `key` if they were built from the current catalog version, else `build()`
    (then kept). One cache round trip on a hit: the versions and the entry are fetched together.
    The version is read before building, so an answer built from data a concurrent write is
    replacing is stored under the old version and never served after that write."""
    seconds = settings.CATALOG_READ_CACHE_SECONDS
    if seconds <= 0:
        return build()
    entry_key = _entry_key(key)
    (version, _), (entry,) = _read(entry_key)
    found = _body(entry, version)
    if found is not None:
        return found[0]
    body = build()
    shared_cache.set_bytes_many(cache, {entry_key: _entry(version, "", body)}, seconds)
    return body


def answer(key: str, build: Callable[[], bytes], *, gzip: bool) -> tuple[bytes, str]:
    """(the answer's bytes, their content encoding: `GZIP` or "") for `key`, as `cached` keeps
    them, and gzipped beside (only when that is smaller). `gzip`: the client accepts gzip, and
    gets the gzipped bytes as they were kept, compressed once."""
    seconds = settings.CATALOG_READ_CACHE_SECONDS
    if seconds <= 0:
        body = build()
        if gzip:
            zipped = compress_string(body)
            if len(zipped) < len(body):
                return zipped, GZIP
        return body, ""
    plain_key = _entry_key(key)
    gzip_key = f"{plain_key}:gzip"
    (version, _), (entry,) = _read(gzip_key if gzip else plain_key)
    found = _body(entry, version)
    if found is not None:
        return found
    body = build()
    zipped = compress_string(body)
    zipped_encoding = GZIP if len(zipped) < len(body) else ""
    if not zipped_encoding:
        zipped = body
    shared_cache.set_bytes_many(
        cache,
        {plain_key: _entry(version, "", body), gzip_key: _entry(version, zipped_encoding, zipped)},
        seconds,
    )
    return (zipped, zipped_encoding) if gzip else (body, "")
