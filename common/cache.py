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
"""

import logging
import threading
import time

from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
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


def _falls_back(name: str):
    redis_method = getattr(RedisCache, name)

    def call(self, *args, **kwargs):
        if _outage.skipping():
            return getattr(_outage.stand_in, name)(*args, **kwargs)
        started = time.perf_counter()
        try:
            result = redis_method(self, *args, **kwargs)
        except UNREACHABLE as exc:
            _outage.began(exc)
            return getattr(_outage.stand_in, name)(*args, **kwargs)
        finally:
            cache_time(time.perf_counter() - started)
        if _outage.down:
            _outage.ended()
        return result

    call.__name__ = name
    call.__doc__ = redis_method.__doc__
    return call


class SharedPoolRedisCache(RedisCache):
    @cached_property
    def _cache(self):
        key = repr((self._servers, sorted(self._options.items())))
        with _clients_lock:
            if key not in _clients:
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]

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
    clear = _falls_back("clear")
