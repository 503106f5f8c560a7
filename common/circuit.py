"""Fail fast while PostgreSQL is unreachable: a circuit breaker per process (issue 33).

With the database gone each request held one of the web process's few threads for the connect
timeout (4 s), so 20 clients queued everything behind each other (503s after 12 s, /healthz after
23.7 s). After a request finds the database unreachable, every request for the next
DB_BREAKER_SECONDS answers 503 at once (JSON on /api/, the friendly page elsewhere) without
trying; the first request after that tries again (half-open), and one success closes it.
Busy answers (a lock or statement timeout) do not open it: the database is there.
"""

import threading
import time

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections


class Breaker:
    """Open for the seconds the setting `seconds_setting` names after `trip()`, then half-open."""

    def __init__(self, seconds_setting: str):
        self._seconds_setting = seconds_setting
        self._lock = threading.Lock()
        self._open_until = 0.0

    def is_open(self) -> bool:
        with self._lock:
            return time.monotonic() < self._open_until

    def retry_after(self) -> int:
        with self._lock:
            return max(1, int(self._open_until - time.monotonic() + 0.999))

    def trip(self) -> None:
        with self._lock:
            self._open_until = time.monotonic() + getattr(settings, self._seconds_setting)

    def close(self) -> None:
        with self._lock:
            self._open_until = 0.0


class DatabaseBreaker(Breaker):
    def __init__(self):
        super().__init__("DB_BREAKER_SECONDS")


database_breaker = DatabaseBreaker()


def sqlstate(exc: BaseException) -> str | None:
    """The SQLSTATE the database server answered with, read off the driver's error Django wrapped
    (psycopg 3's `sqlstate`, psycopg2's `pgcode`); None when the server never answered."""
    cause = exc.__cause__
    return getattr(cause, "sqlstate", None) or getattr(cause, "pgcode", None)


def is_database_unreachable(exc: BaseException) -> bool:
    """An error that says the PostgreSQL server cannot be reached: psycopg's, with no SQLSTATE (the
    server never answered). Busy answers carry one, and SQLite's "database is locked" is not a
    server gone."""
    if not isinstance(exc, (OperationalError, InterfaceError)):
        return False
    cause = exc.__cause__
    return type(cause).__module__.startswith("psycopg") and sqlstate(exc) is None


def failed_on_a_replica_only() -> bool:
    """The request's database error happened on another connection (the read replica) while the
    primary's had none (issue 46: a replica that died mid-query tripped the primary's breaker too,
    and every request of the process answered 503). The replica's own outage is found by the router
    (shop/db_routers.py) on the next connection attempt."""
    if connections[DEFAULT_DB_ALIAS].errors_occurred:
        return False
    return any(connections[alias].errors_occurred for alias in connections.settings if alias != DEFAULT_DB_ALIAS)
