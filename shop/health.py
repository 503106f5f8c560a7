"""GET /healthz: is every service the shop needs reachable? Answers within HEALTH_TIMEOUT_SECONDS.

The checks run side by side, each in a thread of its own, so one service that hangs (a database
whose packets vanish, a Redis that never answers) cannot hold up the answer: a check that has not
finished by the deadline is reported as timed out, and its thread finishes on its own later.
"""

import uuid
from concurrent.futures import ThreadPoolExecutor, wait

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse

HEALTH_TIMEOUT_SECONDS = 4.0


def _check_database() -> None:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    finally:
        connection.close()  # the check's own thread: give the connection back


def _check_cache() -> None:
    ping = getattr(cache, "ping", None)
    if ping is not None:
        ping()  # Redis itself, not the process-local stand-in used while it is down
        return
    key = f"healthz:{uuid.uuid4().hex}"
    cache.set(key, "ok", 5)
    if cache.get(key) != "ok":
        raise RuntimeError("cache did not return what was written")
    cache.delete(key)


async def _round_trip(layer) -> None:
    channel = await layer.new_channel()
    await layer.send(channel, {"type": "healthz"})
    message = await layer.receive(channel)
    if message.get("type") != "healthz":
        raise RuntimeError("channel layer returned a different message")


def _check_channel_layer() -> None:
    layer = get_channel_layer()
    if layer is None:
        raise RuntimeError("no channel layer configured")
    async_to_sync(_round_trip)(layer)


CHECKS = {"database": _check_database, "cache": _check_cache, "channel_layer": _check_channel_layer}


def _outcome(future) -> str:
    if not future.done():
        return f"error: no answer within {HEALTH_TIMEOUT_SECONDS:g} s"
    exc = future.exception()
    return "ok" if exc is None else f"error: {exc.__class__.__name__}: {exc}"


def healthz(request):
    executor = ThreadPoolExecutor(max_workers=len(CHECKS), thread_name_prefix="healthz")
    futures = {name: executor.submit(check) for name, check in CHECKS.items()}
    wait(futures.values(), timeout=HEALTH_TIMEOUT_SECONDS)
    executor.shutdown(wait=False)
    results = {name: _outcome(future) for name, future in futures.items()}
    healthy = all(value == "ok" for value in results.values())
    return JsonResponse({"status": "ok" if healthy else "error", **results}, status=200 if healthy else 503)
