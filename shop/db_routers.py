"""A read replica for the catalog (`DATABASE_REPLICA_URL`): who reads where.

- Catalog reads (lists, search, suggestions, product pages: the `catalog` app's models and
  `catalog.answers`' statements) go to the replica when one is configured and answering.
- Everything else goes to the primary: writes, checkout and payments (their reads happen inside
  the primary's transactions, or lock rows, which always stay on the primary), and every read of a
  shopper in the `REPLICA_PIN_SECONDS` after their own write (a cookie the write's answer sets), so
  nobody sees their own change undone by the replica's lag.
- A replica that stops answering: the first read that finds it down (a connection attempt of at
  most `DB_CONNECT_TIMEOUT` seconds, or Django's per-request health check of a kept connection)
  sends the process to the primary for `DB_BREAKER_SECONDS`, then it is tried again; the outage is
  logged once when it starts and once when it ends.
"""

import contextvars
import logging
import threading
import time

from django.conf import settings
from django.db import DEFAULT_DB_ALIAS, InterfaceError, OperationalError, connections

from common.middleware import BothModes

logger = logging.getLogger(__name__)

REPLICA = "replica"
REPLICA_APPS = frozenset({"catalog"})
PIN_COOKIE = "primary_until"
_UNSAFE = {"POST", "PUT", "PATCH", "DELETE"}

_pinned: contextvars.ContextVar[bool] = contextvars.ContextVar("read_from_primary", default=False)


class _ReplicaOutage:
    """This process's view of the replica: answering, or skipped until `retry_at`."""

    def __init__(self):
        self.lock = threading.Lock()
        self.retry_at = 0.0
        self.down = False

    def skipping(self) -> bool:
        return self.down and time.monotonic() < self.retry_at

    def began(self, error: BaseException) -> None:
        with self.lock:
            self.retry_at = time.monotonic() + settings.DB_BREAKER_SECONDS
            if not self.down:
                self.down = True
                logger.error(
                    "The read replica is unreachable (%s); catalog reads go to the primary", error.__class__.__name__
                )

    def ended(self) -> None:
        with self.lock:
            if self.down:
                self.down = False
                logger.warning("The read replica answers again; catalog reads go back to it")


outage = _ReplicaOutage()


def replica_configured() -> bool:
    return REPLICA in connections.settings


def _replica_answers() -> bool:
    if outage.skipping():
        return False
    try:
        connections[REPLICA].ensure_connection()  # with Django's health check of a kept connection
    except (OperationalError, InterfaceError) as error:
        outage.began(error)
        return False
    if outage.down:
        outage.ended()
    return True


def reads_from_replica() -> bool:
    """May a catalog read go to the replica now (configured, not pinned, not mid-transaction, up)?"""
    if not replica_configured() or _pinned.get():
        return False
    if connections[DEFAULT_DB_ALIAS].in_atomic_block:
        return False  # a read inside the primary's transaction (placement) must see that transaction
    return _replica_answers()


class ReplicaRouter:
    def db_for_read(self, model, **hints):
        if model._meta.app_label in REPLICA_APPS and reads_from_replica():
            return REPLICA
        return DEFAULT_DB_ALIAS

    def db_for_write(self, model, **hints):
        return DEFAULT_DB_ALIAS

    def allow_relation(self, obj1, obj2, **hints):
        return True

    def allow_migrate(self, db, app_label, model_name=None, **hints):
        return db == DEFAULT_DB_ALIAS


class PrimaryAfterWriteMiddleware(BothModes):
    """A caller who just wrote reads from the primary for REPLICA_PIN_SECONDS (a cookie carries it
    from one request to the next; forging it only makes the caller's own reads go to the primary)."""

    def before(self, request):
        if not replica_configured():
            return None
        try:
            until = float(request.COOKIES.get(PIN_COOKIE, "0"))
        except ValueError:
            until = 0.0
        return _pinned.set(until > time.time() or request.method in _UNSAFE)

    def after(self, request, response, token):
        if token is None:
            return response
        _pinned.reset(token)
        if response is not None and request.method in _UNSAFE and response.status_code < 400:
            seconds = settings.REPLICA_PIN_SECONDS
            response.set_cookie(
                PIN_COOKIE, f"{time.time() + seconds:.0f}", max_age=seconds, httponly=True, samesite="Lax"
            )
        return response
