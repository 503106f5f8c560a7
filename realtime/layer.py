"""The channel layer as realtime uses it: bounded waits, and one warning a minute when it is down.

With Redis down, every socket and every broadcast fails the same way; a warning per message or
per connection attempt would bury the log, so the first failure is logged and the rest are
counted into the next warning, a minute later at the soonest.
"""

import asyncio
import logging
import threading
import time
import weakref

from redis.exceptions import RedisError

logger = logging.getLogger(__name__)

# What a channel layer raises when its server is unreachable or slow.
LAYER_ERRORS = (OSError, RedisError, asyncio.TimeoutError)
LAYER_TIMEOUT_SECONDS = 3.0
# A broadcast from a request's after-commit hook holds that request's thread: a shorter bound (a
# group_send takes milliseconds when Redis answers), then the breaker below (issue 46.2).
BROADCAST_TIMEOUT_SECONDS = 2.0
WARNING_INTERVAL_SECONDS = 60.0
# Each call borrows a Redis connection: redis-py refuses a 101st (its pool's default limit), and a
# broadcast from a worker thread or a command runs on a new event loop whose connections are all
# new. Ten at a time keeps a thousand sockets arriving at once within the pool and made 100
# product updates go out three times faster than fifty at a time (bench/realtime.py).
MAX_CONCURRENT_CALLS = 10
# Leaving groups when sockets close has its own, narrower lane: 500 sockets closing at once queued
# 500 calls ahead of every new shopper's handshake at the shared gate (issue 33).
MAX_CONCURRENT_CLEANUPS = 2
LANES = {"calls": MAX_CONCURRENT_CALLS, "cleanup": MAX_CONCURRENT_CLEANUPS}


class _Warner:
    def __init__(self):
        self._lock = threading.Lock()
        self._last = float("-inf")
        self._suppressed = 0

    def __call__(self, what: str, error: BaseException) -> None:
        with self._lock:
            now = time.monotonic()
            if now - self._last < WARNING_INTERVAL_SECONDS:
                self._suppressed += 1
                return
            suppressed, self._suppressed, self._last = self._suppressed, 0, now
        logger.warning(
            "Channel layer unavailable (%s: %s); %d similar failures since the last warning",
            what,
            error.__class__.__name__,
            suppressed,
        )

    def reset(self) -> None:
        with self._lock:
            self._last = float("-inf")
            self._suppressed = 0


warn_layer_down = _Warner()


class _BroadcastBreaker:
    """Broadcasts from a request's (or a task's) after-commit hooks give up on a silent layer once
    per process, not once per message (issue 46.2): an order sends three (its packs, its page, the
    staff board), each bounded at LAYER_TIMEOUT_SECONDS, and a frozen Redis made every order wait
    out all three (13 s). After a broadcast fails, this process skips broadcasts for
    LAYER_BREAKER_SECONDS (the changes have committed; a page refreshes on its next load or cursor);
    the first one after that tries again. The consumers' own calls are not skipped."""

    def __init__(self):
        from common.circuit import Breaker

        self._breaker = Breaker("LAYER_BREAKER_SECONDS")

    def skipping(self) -> bool:
        return self._breaker.is_open()

    def failed(self) -> None:
        self._breaker.trip()

    def close(self) -> None:
        self._breaker.close()


broadcast_breaker = _BroadcastBreaker()


async def broadcast_quietly(call, what: str) -> None:
    """Await a broadcast coroutine `call` within its bound, unless the breaker skips it; a layer that
    is down or slow costs the message (logged at most once a minute) and trips the breaker."""
    if broadcast_breaker.skipping():
        call.close()
        warn_layer_down(what, TimeoutError("skipped: the channel layer failed a moment ago"))
        return
    try:
        await call
    except LAYER_ERRORS as error:
        broadcast_breaker.failed()
        warn_layer_down(what, error)


_gates: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict[str, asyncio.Semaphore]]" = (
    weakref.WeakKeyDictionary()
)


def loop_semaphore(name: str, size: int) -> asyncio.Semaphore:
    """The event loop's own semaphore called `name` (a semaphore belongs to one loop; a broadcast
    from a worker thread or a management command runs on a loop of its own)."""
    loop = asyncio.get_running_loop()
    gates = _gates.setdefault(loop, {})
    gate = gates.get(name)
    if gate is None:
        gate = gates[name] = asyncio.Semaphore(size)
    return gate


async def bounded(call, *, lane: str = "calls", seconds: float | None = None):
    """Await a channel-layer call when its turn comes in its lane, giving up `seconds`
    (LAYER_TIMEOUT_SECONDS) after it starts."""
    try:
        async with loop_semaphore(lane, LANES[lane]):
            return await asyncio.wait_for(call, seconds or LAYER_TIMEOUT_SECONDS)
    finally:
        call.close()  # only matters when cancelled before its turn: the coroutine never ran


async def groups_add(layer, groups: list[str], channel: str) -> None:
    """Join `groups` in one round trip per Redis shard (channels-redis' group_add is two round trips
    a group: a 200-line cart was 400 on the handshake path, each waiting its turn at the gate).
    Other layers (in memory) take one call a group, which costs no network."""
    if not groups:
        return
    if not _is_redis_layer(layer):
        for group in groups:
            await layer.group_add(group, channel)
        return
    now = time.time()
    for index, keys in _keys_by_shard(layer, groups).items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for key in keys:
            pipe.zadd(key, {channel: now})
            pipe.expire(key, layer.group_expiry)
        await pipe.execute()


async def groups_discard(layer, groups: list[str], channel: str) -> None:
    """Leave `groups`, in one round trip per Redis shard."""
    if not groups:
        return
    if not _is_redis_layer(layer):
        for group in groups:
            await layer.group_discard(group, channel)
        return
    for index, keys in _keys_by_shard(layer, groups).items():
        pipe = layer.connection(index).pipeline(transaction=False)
        for key in keys:
            pipe.zrem(key, channel)
        await pipe.execute()


def _is_redis_layer(layer) -> bool:
    from channels_redis.core import RedisChannelLayer

    return isinstance(layer, RedisChannelLayer)


def _keys_by_shard(layer, groups: list[str]) -> dict[int, list[str]]:
    shards: dict[int, list[str]] = {}
    for group in groups:
        shards.setdefault(layer.consistent_hash(group), []).append(layer._group_key(group))
    return shards
