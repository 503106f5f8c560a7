"""The Redis cache backend: one client per process, and a process-local stand-in while Redis is down.

Django builds a cache object per thread, and under ASGI each request's sync code may run in a
thread of its own, so the stock RedisCache opened a new Redis connection for nearly every request.
Here every thread of a process shares one client and its connection pool.

The shop uses the cache only for things it can do without for a while: the catalog's read cache,
request throttles, guessing limits and the OTP resend lock (whose real record is in the
database). So when Redis cannot be reached, each call falls back to a cache inside the process
(limits then count per process, cached answers are not shared) instead of failing the request.
The outage is logged once when it starts and once when it ends, and Redis is tried again every
`RETRY_SECONDS`, so a dead Redis costs one connect timeout per process every few seconds, not
one per call. `ping()` always asks Redis itself (for /healthz).

Django's client also built a new `redis.Redis` for every call, and redis-py fills about 170
response callbacks into each: a fifth of a cached catalog answer's CPU. One `redis.Redis` per
connection pool serves every thread here (it is thread-safe; the pool hands each command a
connection).

`get_bytes_many` and `set_bytes_many` keep bytes as they are (no pickling either way), for values
that are bytes already: the catalog's cached answers (`catalog.caching`); the read, one MGET on
every catalog request, goes through a connection of the thread's own, past redis-py's pool. A process that clears the
cache counts it (`clears()`), so what it learnt from the cache can be forgotten with it.
"""

import logging
import threading
import time

from django.core.cache.backends.base import BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from django.utils.functional import cached_property
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from common.metrics import cache_time

logger = logging.getLogger(__name__)

RETRY_SECONDS = 5.0
UNREACHABLE = (RedisConnectionError, RedisTimeoutError, OSError)

_clients: dict[str, object] = {}
_clients_lock = threading.Lock()


class _Outage:
    """This process's view of Redis: reachable, or down until the next retry."""

    def __init__(self):
        self.lock = threading.Lock()
        self.retry_at = 0.0
        self.down = False
        self.stand_in = LocMemCache("redis-stand-in", {"OPTIONS": {"MAX_ENTRIES": 10_000}})

    def skipping(self) -> bool:
        return self.down and time.monotonic() < self.retry_at

    def began(self, exc: BaseException) -> None:
        with self.lock:
            self.retry_at = time.monotonic() + RETRY_SECONDS
            if not self.down:
                self.down = True
                logger.error(
                    "Redis is unreachable (%s: %s); the cache works inside this process until it is back",
                    exc.__class__.__name__,
                    exc,
                )

    def ended(self) -> None:
        with self.lock:
            if self.down:
                self.down = False
                logger.warning("Redis is reachable again; the shared cache is back")


_outage = _Outage()


def _falls_back(name: str, *, redis_method=None, instead=None):
    """RedisCache's method `name` (or `redis_method`), answered by the stand-in while Redis is
    unreachable: by its method of the same name, or by `instead(stand_in, ...)`."""
    redis_method = redis_method or getattr(RedisCache, name)

    def stand_in(*args, **kwargs):
        if instead is not None:
            return instead(_outage.stand_in, *args, **kwargs)
        return getattr(_outage.stand_in, name)(*args, **kwargs)

    def call(self, *args, **kwargs):
        if _outage.skipping():
            return stand_in(*args, **kwargs)
        started = time.perf_counter()
        try:
            result = redis_method(self, *args, **kwargs)
        except UNREACHABLE as exc:
            _outage.began(exc)
            return stand_in(*args, **kwargs)
        finally:
            cache_time(time.perf_counter() - started)
        if _outage.down:
            _outage.ended()
        return result

    call.__name__ = name
    call.__doc__ = redis_method.__doc__
    return call


class _OneRedisPerPool(RedisCacheClient):
    """Django's client, with one `redis.Redis` per connection pool instead of one per call."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._redis: dict[int, object] = {}

    def get_client(self, key=None, *, write=False):
        index = self._get_connection_pool_index(write)
        client = self._redis.get(index)
        if client is None:
            with _clients_lock:
                if index not in self._redis:
                    self._redis[index] = self._client(connection_pool=self._get_connection_pool(write))
                client = self._redis[index]
        return client


_own = threading.local()


def _own_connection(cache: RedisCache):
    """This thread's own connection to `cache`'s Redis, for the catalog's reads (one MGET a
    request): redis-py's pool, retries and observability wrap each command in some fifty calls
    of Python (0.2 ms of CPU), the MGET itself is a few. Made from the pool's own settings."""
    connections = getattr(_own, "connections", None)
    if connections is None:
        connections = _own.connections = {}
    pool = cache._cache._get_connection_pool(False)
    connection = connections.get(id(pool))
    if connection is None:
        connection = connections[id(pool)] = pool.connection_class(**pool.connection_kwargs)
    return connection


def _redis_get_bytes_many(cache: RedisCache, keys: list[str]) -> list:
    connection = _own_connection(cache)
    try:
        connection.send_command("MGET", *[cache.make_key(key) for key in keys])
        return connection.read_response()
    except BaseException:
        connection.disconnect()  # nothing half read is left for the next command
        raise


def _redis_set_bytes_many(cache: RedisCache, data: dict[str, bytes], timeout: int) -> None:
    pipeline = cache._cache.get_client(write=True).pipeline(transaction=False)
    for key, value in data.items():
        pipeline.set(cache.make_key(key), value, ex=timeout)
    pipeline.execute()


def _in(cache: BaseCache, keys: list[str]) -> list:
    found = cache.get_many(keys)
    return [found.get(key) for key in keys]


_clears = 0


def clears() -> int:
    """How many times this process has cleared the shared cache."""
    return _clears


class SharedPoolRedisCache(RedisCache):
    # Shared by every process: what a process learns from it may be out of date a moment later
    # (`catalog.caching` checks the catalog's versions at most once a second).
    shared_between_processes = True

    @cached_property
    def _cache(self):
        key = repr((self._servers, sorted(self._options.items())))
        with _clients_lock:
            if key not in _clients:
                _clients[key] = _OneRedisPerPool(self._servers, **self._options)
            return _clients[key]

    def clear(self):
        global _clears
        _clears += 1
        return self._clear()

    def ping(self) -> None:
        """Raise unless Redis itself answers (the stand-in never counts)."""
        self._cache.get_client(write=True).ping()

    add = _falls_back("add")
    get = _falls_back("get")
    set = _falls_back("set")
    touch = _falls_back("touch")
    delete = _falls_back("delete")
    get_many = _falls_back("get_many")
    has_key = _falls_back("has_key")
    incr = _falls_back("incr")
    set_many = _falls_back("set_many")
    delete_many = _falls_back("delete_many")
    _clear = _falls_back("clear")
    _get_bytes_many = _falls_back("get_bytes_many", redis_method=_redis_get_bytes_many, instead=_in)
    _set_bytes_many = _falls_back("set_bytes_many", redis_method=_redis_set_bytes_many, instead=BaseCache.set_many)


def get_bytes_many(cache, keys: list[str]) -> list:
    """The values stored under `keys`, in their order (None where there is none): one MGET on
    Redis, the bytes `set_bytes_many` stored handed over as they are (integers as their digits)."""
    get = getattr(cache, "_get_bytes_many", None)
    if get is not None:
        return get(keys)
    return _in(cache, keys)


def set_bytes_many(cache, data: dict[str, bytes], timeout: int) -> None:
    """Store bytes values as they are (on Redis, one round trip for all of them)."""
    set_many = getattr(cache, "_set_bytes_many", None)
    if set_many is not None:
        set_many(data, timeout)
    else:
        cache.set_many(data, timeout)
