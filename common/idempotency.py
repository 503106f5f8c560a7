"""Retries never double anything: POSTs that create something honour an `Idempotency-Key` header.

A phone on a flaky network that sends `POST /api/orders` again after a timeout must not buy twice.
The islands send a key for each checkout attempt and keep it across retries; the server keeps,
per caller, operation and key, the request's fingerprint and the first successful answer:

- a retry with the same key and the same body gets that answer again (status and body, with
  `Idempotent-Replayed: true`), without running the operation;
- the same key with another body is refused (422): a key names one request;
- a request whose twin is still running waits for it (up to `WAIT_SECONDS`) and gets its answer,
  or a 409 asking to retry shortly; only one runs at a time (a lease on the key's row);
- the lease is tied to the run's liveness (issue 46): it is short (`LEASE`) and a heartbeat
  thread renews it every `RENEW_EVERY` while the run goes on, and it names its holder (host and
  process id), so a twin on the same host takes over at once from a holder whose process is gone
  (a web worker killed mid-request) and one elsewhere within `LEASE`, not a minute later;
- an answer that is not a success (4xx, 5xx, an exception) is not kept and frees the key: the
  retry runs again, with the same body or a corrected one (the cart after a 409);
- keys expire after `KEY_LIFETIME` (a beat task deletes them; an expired key is a new key).

With `atomic=True` the operation and the recording of its answer commit in one transaction: a
process killed in between leaves neither, so a retry after the lease runs it again and never
finds an order without its answer (or an answer without its order). Operations that must keep
what they wrote when they fail (a payment start records the gateway's refusal) use
`atomic=False`: a process killed between their commit and the recording is the one window left,
and their own per-order rules (one live payment session per order) cover it.
"""

import hashlib
import json
import logging
import os
import re
import socket
import threading
import time
from contextlib import nullcontext
from datetime import timedelta
from functools import wraps

from django.db import IntegrityError, connection, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter
from rest_framework.response import Response
from rest_framework.utils.encoders import JSONEncoder

from common.error_codes import CommonErrorCode
from common.errors import Conflict, DomainError, InvalidValue
from common.models import IdempotentRequest

HEADER = "Idempotency-Key"
REPLAYED_HEADER = "Idempotent-Replayed"
KEY_LIFETIME = timedelta(hours=24)
# A running request's hold on its key, renewed by its heartbeat every RENEW_EVERY seconds: a holder
# that stops renewing (killed, frozen) loses it within LEASE, however long the operation may take.
LEASE = timedelta(seconds=15)
RENEW_EVERY = 5.0
WAIT_SECONDS = 10.0
POLL_SECONDS = 0.1
# 1 to 255 visible ASCII characters, spaces only inside (the header's schema says the same).
KEY_PATTERN = r"^[!-~](?:[ -~]{0,253}[!-~])?$"

OPENAPI_PARAMETER = OpenApiParameter(
    HEADER,
    str,
    OpenApiParameter.HEADER,
    required=False,
    pattern=KEY_PATTERN,
    description=(
        "One per attempt, kept across retries of the same request (1-255 visible ASCII characters): a "
        "retry with the same key and body answers the first success; another body with the key is 422"
    ),
)

KEY_INVALID = gettext_lazy("The Idempotency-Key header must be 1 to 255 visible characters.")
KEY_REUSED = gettext_lazy("This Idempotency-Key was already used for a different request.")
STILL_RUNNING = gettext_lazy("The same request is still being processed; try again in a moment.")


logger = logging.getLogger(__name__)


class KeyReused(DomainError):
    status = 422


class _Superseded(Exception):
    """Another holder recorded the key's answer first: roll this run back and replay theirs."""


def _owner(request) -> str:
    user = getattr(request, "user", None)
    return f"user:{user.pk}" if user is not None and user.is_authenticated else "anonymous"


def fingerprint(method: str, path: str, data) -> str:
    """What makes two requests the same request: method, path and the parsed body (keys sorted)."""
    body = json.dumps(data, sort_keys=True, separators=(",", ":"), cls=JSONEncoder, ensure_ascii=False)
    return hashlib.sha256(f"{method} {path}\n{body}".encode()).hexdigest()


def _clean_key(raw: str) -> str:
    if re.fullmatch(KEY_PATTERN, raw) is None:
        raise InvalidValue(str(KEY_INVALID), code=CommonErrorCode.IDEMPOTENCY_KEY_INVALID)
    return raw


def _replay(row: IdempotentRequest, this: str) -> Response:
    if row.fingerprint != this:
        raise KeyReused(str(KEY_REUSED), code=CommonErrorCode.IDEMPOTENCY_KEY_REUSED)
    return Response(row.body, status=row.status_code, headers={REPLAYED_HEADER: "true"})


def _row(scope: str, owner: str, key: str, this: str) -> IdempotentRequest:
    """The key's row, made now when it is new (an expired one is made anew)."""
    now = timezone.now()
    IdempotentRequest.objects.filter(scope=scope, owner=owner, key=key, created_at__lt=now - KEY_LIFETIME).delete()
    try:
        with transaction.atomic():
            return IdempotentRequest.objects.create(scope=scope, owner=owner, key=key, fingerprint=this, created_at=now)
    except IntegrityError:
        return IdempotentRequest.objects.get(scope=scope, owner=owner, key=key)


def _this_holder() -> str:
    """This process, as a lease names it: read at each take, as a forked worker has its own pid."""
    return f"{socket.gethostname()}:{os.getpid()}"[:80]


def _holder_gone(holder: str) -> bool:
    """True only when the holder is a process of this host that no longer runs. A holder on another
    host (or an old row naming none) is judged by its lease alone; a pid reused meanwhile looks alive
    and is too."""
    host, _, pid = holder.rpartition(":")
    if host != socket.gethostname() or not pid.isdigit() or int(pid) == os.getpid():
        return False
    try:
        os.kill(int(pid), 0)
    except ProcessLookupError:
        return True
    except OSError:  # alive, another user's
        return False
    return False


def _take_lease(row: IdempotentRequest) -> str | None:
    """This process's holder name when it took the key's lease: a free or expired lease, or one whose
    holder's process is gone; None while a live holder keeps it."""
    now, holder = timezone.now(), _this_holder()
    free = IdempotentRequest.objects.filter(pk=row.pk, status_code__isnull=True)
    if free.exclude(lease_until__gt=now).update(lease_until=now + LEASE, holder=holder) == 1:
        return holder
    held = free.values_list("holder", "lease_until").first()
    if held is None or not _holder_gone(held[0]):
        return None
    # Only if it is still the dead holder's lease: two twins finding it dead, one takes it.
    taken = free.filter(holder=held[0], lease_until=held[1]).update(lease_until=now + LEASE, holder=holder)
    if taken == 1:
        logger.warning("idempotency key %s taken over from %s, whose process is gone", row.pk, held[0])
    return holder if taken == 1 else None


class _Heartbeat:
    """Renews a running request's lease every RENEW_EVERY seconds until stopped. It touches the
    database only once the run outlives the first interval (on its own connection, closed after)."""

    def __init__(self, row: IdempotentRequest, holder: str) -> None:
        self.row_pk, self.holder = row.pk, holder
        self.stopped = threading.Event()
        self.thread = threading.Thread(target=self._run, name="idempotency-lease", daemon=True)
        self.thread.start()

    def renew(self) -> bool:
        """Extend the lease while this holder still has it and the answer is not recorded."""
        return (
            IdempotentRequest.objects.filter(pk=self.row_pk, status_code__isnull=True, holder=self.holder).update(
                lease_until=timezone.now() + LEASE
            )
            == 1
        )

    def _run(self) -> None:
        used_database = False
        try:
            while not self.stopped.wait(RENEW_EVERY):
                used_database = True
                try:
                    if not self.renew():
                        return  # answered, released or taken over: nothing left to hold
                except Exception:  # a database hiccup: try again at the next beat, within the lease
                    logger.warning("idempotency lease %s not renewed", self.row_pk, exc_info=True)
        finally:
            if used_database:
                connection.close()

    def stop(self) -> None:
        self.stopped.set()
        self.thread.join(timeout=RENEW_EVERY)


def _record(row: IdempotentRequest, response: Response) -> None:
    """Keep the answer, unless a twin that took the key over after this run's lease recorded first."""
    body = json.loads(json.dumps(response.data, cls=JSONEncoder))
    recorded = IdempotentRequest.objects.filter(pk=row.pk, status_code__isnull=True).update(
        status_code=response.status_code, body=body, lease_until=None
    )
    if recorded != 1:
        raise _Superseded


def _recorded_answer(row: IdempotentRequest) -> Response:
    recorded = IdempotentRequest.objects.filter(pk=row.pk, status_code__isnull=False).first()
    if recorded is None:
        raise Conflict(str(STILL_RUNNING), code=CommonErrorCode.IDEMPOTENCY_KEY_IN_USE)
    return _replay(recorded, recorded.fingerprint)


def _release(row: IdempotentRequest) -> None:
    """A run that did not succeed frees its key: a retry, with this body or a corrected one, runs anew."""
    IdempotentRequest.objects.filter(pk=row.pk, status_code__isnull=True).delete()


def idempotent(scope: str, *, atomic: bool):
    """Decorate an APIView's `post` so that an `Idempotency-Key` makes retries safe (see above).

    Without the header the view runs as before: the key is the client's promise, not required.
    """

    def decorate(post):
        @wraps(post)
        def run(view, request, *args, **kwargs):
            raw_key = request.headers.get(HEADER)
            if raw_key is None:
                return post(view, request, *args, **kwargs)
            key, owner = _clean_key(raw_key), _owner(request)
            this = fingerprint(request.method, request.path, request.data)
            deadline = time.monotonic() + WAIT_SECONDS
            while True:
                row = _row(scope, owner, key, this)
                if row.status_code is not None:
                    return _replay(row, this)
                if row.fingerprint != this:
                    raise KeyReused(str(KEY_REUSED), code=CommonErrorCode.IDEMPOTENCY_KEY_REUSED)
                if holder := _take_lease(row):
                    # A lease taken inside an outer transaction (a test's) is seen by no other
                    # connection until it commits, so there is nothing for a heartbeat to renew.
                    heartbeat = None if connection.in_atomic_block else _Heartbeat(row, holder)
                    try:
                        return _run_leased(post, row, atomic, view, request, *args, **kwargs)
                    finally:
                        if heartbeat is not None:
                            heartbeat.stop()
                if time.monotonic() >= deadline:
                    raise Conflict(str(STILL_RUNNING), code=CommonErrorCode.IDEMPOTENCY_KEY_IN_USE)
                time.sleep(POLL_SECONDS)

        return run

    return decorate


def _succeeded(response: Response) -> bool:
    return 200 <= response.status_code < 300


def _run_leased(post, row, atomic, view, request, *args, **kwargs) -> Response:
    try:
        with transaction.atomic() if atomic else nullcontext():
            response = post(view, request, *args, **kwargs)
            if _succeeded(response):
                _record(row, response)  # atomic: in the operation's own transaction
    except _Superseded:
        return _recorded_answer(row)  # atomic: this run's writes were rolled back
    except BaseException:
        _release(row)
        raise
    if not _succeeded(response):
        _release(row)
    return response


def purge_expired() -> int:
    """Delete the keys older than `KEY_LIFETIME`; returns how many (the beat task's work)."""
    deleted, _ = IdempotentRequest.objects.filter(created_at__lt=timezone.now() - KEY_LIFETIME).delete()
    return deleted
