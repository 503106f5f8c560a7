"""How a process learns the catalog's versions (`catalog.caching`): on a cache shared between
processes, asked at most once every `VERSIONS_KEPT_SECONDS` where no cached entry brings them, so
an uncached search costs no cache round trip; a change made by another process is seen within
that second, the process's own changes and a cleared cache at once.

On SQLite the suite's cache lives in the process (nothing to save there, so it is asked every
time); these tests make it count as shared. On PostgreSQL with REDIS_URL they run on Redis.
"""

import json
from datetime import datetime, timedelta
from datetime import time as dt_time
from types import SimpleNamespace

import pytest
from django.core.cache import cache, caches
from django.utils import timezone

from catalog import caching, search, services
from catalog.models import Financial
from common import cache as shared_cache

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

KEPT = caching.VERSIONS_KEPT_SECONDS


@pytest.fixture
def clock(monkeypatch):
    """The time `catalog.caching` reads, moved by hand; the cache counts as shared between processes."""
    monkeypatch.setattr(caches["default"], "shared_between_processes", True, raising=False)
    now = [1000.0]
    monkeypatch.setattr(caching, "_clock", lambda: now[0])
    caching._forget()
    yield now
    caching._forget()


@pytest.fixture
def round_trips(monkeypatch):
    """How many times `catalog.caching` asked the cache for the versions."""
    asked = []
    ask = shared_cache.get_bytes_many
    monkeypatch.setattr(shared_cache, "get_bytes_many", lambda *args: asked.append(args[1]) or ask(*args))
    return asked


def _another_process_writes() -> None:
    """What another web process's catalog write leaves in the shared cache: new versions (that
    process's `caching.invalidate`, which this one does not run)."""
    cache.set(caching.VERSION_KEY, 111, None)
    cache.set(caching.WORDS_VERSION_KEY, 222, None)


def test_versions_are_asked_at_most_once_a_second(clock, round_trips):
    first = caching.current_versions()
    asked = len(round_trips)
    for _ in range(20):
        assert caching.current_versions() == first
    clock[0] += KEPT - 0.01
    caching.current_versions()
    assert len(round_trips) == asked
    clock[0] += 0.02
    assert caching.current_versions() == first
    assert round_trips[asked:] == [[caching.VERSION_KEY, caching.WORDS_VERSION_KEY]]


def test_another_process_write_is_seen_within_the_second(clock):
    before = caching.current_versions()
    _another_process_writes()
    clock[0] += KEPT / 2
    assert caching.current_versions() == before
    clock[0] += KEPT / 2 + 0.01
    assert caching.current_versions() == (b"111", b"222")


def test_this_process_own_write_is_seen_at_once(clock):
    oil = make_product("Sunflower Oil")
    before = caching.current_versions()
    services.product_update(product=oil, name="Groundnut Oil")
    after = caching.current_versions()
    assert after[0] != before[0] and after[1] != before[1]


def test_a_cached_answer_brings_the_versions_along(clock, api_client, round_trips):
    make_product("Sunflower Oil")
    caching.current_versions()
    asked = len(round_trips)
    _another_process_writes()
    api_client.get("/api/products/top")  # the entry and both versions in one round trip
    assert caching.current_versions() == (b"111", b"222")
    assert len(round_trips) == asked + 1


@pytest.mark.redis
def test_a_cache_this_process_clears_is_asked_again(clock):
    assert caches["default"].shared_between_processes
    before = caching.current_versions()
    cache.clear()
    assert caching.current_versions() != before


def _suggested(api_client) -> list[str]:
    return [product["name"] for product in api_client.get("/api/products/suggestions?q=oil").json()["products"]]


def test_an_uncached_search_ranks_by_stock_another_process_took_within_the_second(clock, api_client, settings):
    """The end of it: stock sold by another web process (an order there) reaches the ranking of
    this process's uncached suggestions (in stock first) within `VERSIONS_KEPT_SECONDS`."""
    settings.CATALOG_READ_CACHE_SECONDS = 0
    oils = make_category("OILS")
    make_product("Gingelly Oil", category=oils)
    make_product("Groundnut Oil", category=oils)
    assert _suggested(api_client) == ["Gingelly Oil", "Groundnut Oil"]

    Financial.objects.filter(detail__product__name="Gingelly Oil").update(count_in_stock=0)
    _another_process_writes()
    clock[0] += KEPT - 0.01
    assert _suggested(api_client) == ["Gingelly Oil", "Groundnut Oil"], "learnt less than a second ago"
    clock[0] += 0.02
    assert _suggested(api_client) == ["Groundnut Oil", "Gingelly Oil"]


def test_an_uncached_suggestion_asks_the_cache_nothing(clock, api_client, settings, round_trips):
    settings.CATALOG_READ_CACHE_SECONDS = 0
    make_product("Sunflower Oil")
    api_client.get("/api/products/suggestions?q=oil")
    asked = len(round_trips)
    for _ in range(5):
        body = json.loads(api_client.get("/api/products/suggestions?q=sunflowr").content)  # the typo path too
        assert [product["name"] for product in body["products"]] == ["Sunflower Oil"]
    assert len(round_trips) == asked


def test_the_stock_and_sales_are_read_again_when_the_day_ends(monkeypatch, django_assert_num_queries):
    make_product("Sugar")
    table = search._lexicon.table()
    ends = datetime.fromtimestamp(table.day_ends, timezone.get_current_timezone())
    assert (ends.date(), ends.time()) == (table.day + timedelta(days=1), dt_time(0, 0))
    with django_assert_num_queries(0):
        search._lexicon.table()
    monkeypatch.setattr(search, "time", SimpleNamespace(time=lambda: table.day_ends))
    with django_assert_num_queries(2):  # the products out of stock, the best sellers
        search._lexicon.table()
