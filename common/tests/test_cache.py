import threading

import pytest
from django.core.cache import caches

from common import cache as shared_cache
from common.cache import SharedPoolRedisCache, get_bytes_many, set_bytes_many


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


@pytest.mark.redis
def test_one_redis_client_serves_every_call():
    client = caches["default"]._cache
    assert client.get_client() is client.get_client(write=True) is client.get_client()


@pytest.mark.redis
def test_bytes_are_stored_and_read_as_they_are():
    cache = caches["default"]
    set_bytes_many(cache, {"bytes-probe": b"\x80 not a pickle"}, 5)
    assert get_bytes_many(cache, ["bytes-probe", "missing-probe"]) == [b"\x80 not a pickle", None]
    assert cache._cache.get_client().get(cache.make_key("bytes-probe")) == b"\x80 not a pickle"
    cache.set("int-probe", 42, 5)  # Django keeps integers as their digits
    assert get_bytes_many(cache, ["int-probe"]) == [b"42"]


def test_bytes_fall_back_to_the_process_while_redis_is_unreachable():
    unreachable = SharedPoolRedisCache("redis://127.0.0.1:1/0", {"OPTIONS": {"socket_connect_timeout": 1}})
    try:
        set_bytes_many(unreachable, {"bytes-probe": b"kept here"}, 5)
        assert get_bytes_many(unreachable, ["bytes-probe", "missing-probe"]) == [b"kept here", None]
    finally:
        shared_cache._outage.ended()
        shared_cache._outage.stand_in.clear()


@pytest.mark.redis
def test_each_thread_reads_bytes_through_a_connection_of_its_own():
    cache = caches["default"]
    cache.set("own-probe", 7, 5)
    assert get_bytes_many(cache, ["own-probe"]) == [b"7"]
    mine = shared_cache._own_connection(cache)
    assert get_bytes_many(cache, ["own-probe"]) == [b"7"]
    assert shared_cache._own_connection(cache) is mine
    theirs = []
    thread = threading.Thread(target=lambda: theirs.append(shared_cache._own_connection(cache)))
    thread.start()
    thread.join()
    assert theirs[0] is not mine
    mine.disconnect()  # Redis restarted, say: the next read connects again
    assert get_bytes_many(cache, ["own-probe"]) == [b"7"]
