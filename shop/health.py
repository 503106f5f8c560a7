"""GET /healthz and /readyz: is every service the shop needs reachable? Answer within HEALTH_TIMEOUT_SECONDS.

/healthz checks the database, the cache and the channel layer (what serving a page needs; the load
balancer's check); /readyz adds the Celery broker (what placing an order needs for its texts).

The checks run side by side, each in a daemon thread of its own, so one service that hangs (a
database whose packets vanish, a Redis that never answers) cannot hold up the answer: a check that
has not finished by the deadline is reported as timed out, and its thread finishes on its own later.
Daemon threads, because a check stuck for good must not keep the process from ending on SIGTERM
(an executor's threads are joined at exit).

The channel layer is checked through a layer of the check's own, built from the same settings and
closed afterwards. The consumers' layer object belongs to the ws process's event loop: channels-redis
refuses a receive() from a second loop ("Two event loops are trying to receive() on one channel
layer at once!"), so a round trip through it answered 503 whenever a shopper was connected, and a
receive abandoned at the deadline left it refusing for good (issue 33).

The answer names each service and says "ok", "error" or "timeout"; what went wrong (addresses,
ports, driver messages) goes to the log, not to an anonymous caller.
"""

import asyncio
import logging
import threading
import time
import uuid

from channels.layers import DEFAULT_CHANNEL_LAYER, channel_layers
from django.conf import settings
from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse

from shop.celery import app

logger = logging.getLogger(__name__)

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
    try:
        channel = await layer.new_channel()
        await layer.send(channel, {"type": "healthz"})
        message = await layer.receive(channel)
        if message.get("type") != "healthz":
            raise RuntimeError("channel layer returned a different message")
    finally:
        close = getattr(layer, "close_pools", None)
        if close is not None:
            await close()


def _check_channel_layer() -> None:
    if DEFAULT_CHANNEL_LAYER not in channel_layers.configs:
        raise RuntimeError("no channel layer configured")
    layer = channel_layers.make_backend(DEFAULT_CHANNEL_LAYER)  # never the consumers' own object
    asyncio.run(asyncio.wait_for(_round_trip(layer), HEALTH_TIMEOUT_SECONDS))


def _check_broker() -> None:
    """The Celery broker takes a connection (with eager tasks there is none to check)."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return
    with app.connection_for_write() as connection_:
        connection_.ensure_connection(max_retries=0, timeout=HEALTH_TIMEOUT_SECONDS)


CHECKS = {"database": _check_database, "cache": _check_cache, "channel_layer": _check_channel_layer}
READY_CHECKS = {**CHECKS, "broker": _check_broker}


class _Check(threading.Thread):
    def __init__(self, name: str, check):
        super().__init__(name=f"healthz-{name}", daemon=True)
        self.check, self.error, self.finished = check, None, False

    def run(self) -> None:
        try:
            self.check()
        except BaseException as error:  # noqa: BLE001  (reported in the answer and the log)
            self.error = error
        self.finished = True


def _outcome(name: str, check: _Check) -> str:
    if not check.finished:
        logger.warning("Health check %s: no answer within %g s", name, HEALTH_TIMEOUT_SECONDS)
        return "timeout"
    if check.error is not None:
        logger.warning("Health check %s failed: %s: %s", name, check.error.__class__.__name__, check.error)
        return "error"
    return "ok"


def _answer(checks_to_run: dict):
    checks = {name: _Check(name, check) for name, check in checks_to_run.items()}
    for check in checks.values():
        check.start()
    deadline = time.monotonic() + HEALTH_TIMEOUT_SECONDS
    for check in checks.values():
        check.join(max(0.0, deadline - time.monotonic()))
    results = {name: _outcome(name, check) for name, check in checks.items()}
    healthy = all(value == "ok" for value in results.values())
    return JsonResponse({"status": "ok" if healthy else "error", **results}, status=200 if healthy else 503)


def healthz(request):
    """The database, the cache and the channel layer answer (the load balancer's check)."""
    return _answer(CHECKS)


def readyz(request):
    """As /healthz, and the Celery broker takes a connection: ready for every kind of request."""
    return _answer(READY_CHECKS)
