"""A Redis cache backend that keeps one client, and so one connection pool, per process.

Django builds a cache object per thread, and under ASGI each request's sync code may run in a
thread of its own, so the stock RedisCache opened a new Redis connection for nearly every request.
"""

import threading

from django.core.cache.backends.redis import RedisCache
from django.utils.functional import cached_property

_clients: dict[str, object] = {}
_clients_lock = threading.Lock()


class SharedPoolRedisCache(RedisCache):
    @cached_property
    def _cache(self):
        key = repr((self._servers, sorted(self._options.items())))
        with _clients_lock:
            if key not in _clients:
                _clients[key] = self._class(self._servers, **self._options)
            return _clients[key]
