"""Retries never double anything: POSTs that create something honour an `Idempotency-Key` header.

A phone on a flaky network that sends `POST /api/orders` again after a timeout must not buy twice.
The islands send a key for each checkout attempt and keep it across retries; the server keeps,
per caller, operation and key, the request's fingerprint and the first successful answer:

- a retry with the same key and the same body gets that answer again (status and body, with
  `Idempotent-Replayed: true`), without running the operation;
- the same key with another body is refused (422): a key names one request;
- a request whose twin is still running waits for it (up to `WAIT_SECONDS`) and gets its answer,
  or a 409 asking to retry shortly; only one runs at a time (a lease on the key's row);
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
import re
import time
from contextlib import nullcontext
from datetime import timedelta
from functools import wraps

from django.db import IntegrityError, transaction
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
LEASE = timedelta(seconds=60)  # longer than any operation it guards may take (gateway timeouts included)
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


def _take_lease(row: IdempotentRequest) -> bool:
    now = timezone.now()
    taken = (
        IdempotentRequest.objects.filter(pk=row.pk, status_code__isnull=True)
        .exclude(lease_until__gt=now)
        .update(lease_until=now + LEASE)
    )
    return taken == 1


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
                if _take_lease(row):
                    return _run_leased(post, row, atomic, view, request, *args, **kwargs)
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
