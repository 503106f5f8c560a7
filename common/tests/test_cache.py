import threading

import pytest
from django.core.cache import caches


@pytest.mark.redis
def test_every_thread_shares_one_redis_client_and_its_pool():
    clients = []

    def use_cache():
        cache = caches["default"]
        cache.set("shared-pool-probe", "ok", 5)
        clients.append(cache._cache)

    threads = [threading.Thread(target=use_cache) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()

    assert len(clients) == 4
    assert len({id(client) for client in clients}) == 1
    assert caches["default"].get("shared-pool-probe") == "ok"
