"""Prometheus metrics of the processes: requests, database and cache time, tasks, websockets.

Counted with prometheus-client. Each process counts its own; with `PROMETHEUS_MULTIPROC_DIR` set
(the Procfile's processes on one machine share one directory, emptied when they start) a scrape
of any web process adds up every process's figures, workers and the ws and Celery processes
included. Without it (the single-process default) the process's own figures are the shop's.

`shop.metrics` serves them at `/metrics`, with the business gauges an owner watches, to callers
with the token or from the internal network only.
"""

import contextvars
import time

from django.db import connection
from prometheus_client import Counter, Gauge, Histogram

from common.middleware import BothModes

# Seconds: a cached catalog answer is ~2 ms, a placement ~50-200 ms, a gateway call up to seconds.
_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)

REQUEST_SECONDS = Histogram(
    "shop_http_request_duration_seconds", "Time to answer a request, by route", ["route", "method"], buckets=_BUCKETS
)
RESPONSES = Counter("shop_http_responses_total", "Answers given, by route and status", ["route", "method", "status"])
DATABASE_SECONDS = Histogram(
    "shop_http_request_database_seconds", "Time a request spent in SQL, by route", ["route"], buckets=_BUCKETS
)
CACHE_SECONDS = Histogram(
    "shop_http_request_cache_seconds", "Time a request spent in the shared cache, by route", ["route"], buckets=_BUCKETS
)
TASKS = Counter("shop_celery_tasks_total", "Celery tasks finished, by task and outcome", ["task", "outcome"])
SMS_FAILURES = Counter("shop_sms_failures_total", "Texts the SMS provider did not take (after retries)", ["kind"])
WEBSOCKETS = Gauge(
    "shop_websocket_connections", "Websocket connections open now", ["consumer"], multiprocess_mode="livesum"
)

UNMATCHED = "(unmatched)"
_METHODS = {"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"}

# What the current request has spent so far in the database and the cache (None outside one).
_spent: contextvars.ContextVar[dict | None] = contextvars.ContextVar("metrics_spent", default=None)


def cache_time(seconds: float) -> None:
    """Called by the shared cache backend around each call."""
    spent = _spent.get()
    if spent is not None:
        spent["cache"] += seconds


def _route(request) -> str:
    match = getattr(request, "resolver_match", None)
    if match is None:
        return UNMATCHED
    # The route pattern, not the path: ids and slugs would make a series per order.
    return match.route or match.view_name or UNMATCHED


class MetricsMiddleware(BothModes):
    """Time every request, its SQL (under WSGI, the web process) and its cache calls, and count its answer."""

    def before(self, request):
        spent = {"database": 0.0, "cache": 0.0}

        def timed(execute, sql, params, many, context):
            started = time.perf_counter()
            try:
                return execute(sql, params, many, context)
            finally:
                spent["database"] += time.perf_counter() - started

        # Under ASGI the queries run on other threads' connections: SQL time is the WSGI process's figure.
        wrapper = None if self.is_async else connection.execute_wrapper(timed)
        if wrapper is not None:
            wrapper.__enter__()
        return spent, _spent.set(spent), wrapper, time.perf_counter()

    def after(self, request, response, state):
        spent, token, wrapper, started = state
        if wrapper is not None:
            wrapper.__exit__(None, None, None)
        _spent.reset(token)
        status = response.status_code if response is not None else 500
        route = _route(request)
        method = request.method if request.method in _METHODS else "other"
        REQUEST_SECONDS.labels(route, method).observe(time.perf_counter() - started)
        RESPONSES.labels(route, method, str(status)).inc()
        if wrapper is not None:
            DATABASE_SECONDS.labels(route).observe(spent["database"])
        CACHE_SECONDS.labels(route).observe(spent["cache"])
        return response


def task_finished(task_name: str, outcome: str) -> None:
    TASKS.labels(task_name, outcome).inc()


class WebsocketGauge:
    """ASGI wrapper: counts the websockets open now (accepted and not yet closed), by path prefix."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "websocket":
            return await self.app(scope, receive, send)
        consumer = "/".join(scope["path"].strip("/").split("/")[:2])  # ws/cart, not ws/orders/<id>
        accepted = False

        async def counting_send(message):
            nonlocal accepted
            if message["type"] == "websocket.accept" and not accepted:
                accepted = True
                WEBSOCKETS.labels(consumer).inc()
            await send(message)

        try:
            return await self.app(scope, receive, counting_send)
        finally:
            if accepted:
                WEBSOCKETS.labels(consumer).dec()
