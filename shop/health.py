"""GET /healthz: is every service the shop needs reachable?"""

import uuid

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse


def _check_database() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def _check_cache() -> None:
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


def healthz(request):
    results = {}
    for name, check in CHECKS.items():
        try:
            check()
            results[name] = "ok"
        except Exception as exc:  # noqa: BLE001 - a health check reports every failure, whatever it is
            results[name] = f"error: {exc.__class__.__name__}: {exc}"
    healthy = all(value == "ok" for value in results.values())
    return JsonResponse({"status": "ok" if healthy else "error", **results}, status=200 if healthy else 503)
