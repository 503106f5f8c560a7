"""Logs to run the shop by: a request id on every line, one JSON line per request, nothing private.

- Every request gets an id: the `X-Request-ID` a trusted proxy sent (nginx's `$request_id`) when it
  looks like one, else a new one; it is answered in `X-Request-ID`, put on every log line written
  while the request runs, and carried into the Celery tasks it queues (a message header, set again
  when the task runs), so a gateway call or an SMS send made later logs the same id.
- `RequestLogMiddleware` writes one line per request to the `shop.requests` logger: method, route,
  status, milliseconds, user id and request id (no query string: it may hold a phone number).
- `LOG_FORMAT=json` makes every line one JSON object (`JsonFormatter`); the default stays plain
  text for a newcomer's terminal.
- both formatters mask what must not reach a log: bearer and
  JSON web tokens, passwords, OTP codes, keys and secrets written as `name=value` or `"name": "value"`,
  and phone numbers (all but the first two and last two digits).
"""

import contextvars
import json
import logging
import re
import time
import uuid
from datetime import UTC, datetime

from django.utils.functional import SimpleLazyObject, empty

from common.middleware import BothModes

request_id: contextvars.ContextVar[str] = contextvars.ContextVar("request_id", default="-")

HEADER = "X-Request-ID"
_ACCEPTED_ID = re.compile(r"[A-Za-z0-9._-]{8,64}")
REQUEST_FIELDS = ("method", "route", "status", "duration_ms", "user_id")

_REDACTIONS = (
    (re.compile(r"(?i)\bBearer\s+[A-Za-z0-9._~+/=-]+"), "Bearer [redacted]"),
    (re.compile(r"\beyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*"), "[redacted token]"),
    (
        re.compile(
            r"(?i)([\"']?\b(?:password|passwd|otp|token|secret|api[_-]?key|authorization)[\"']?\s*[:=]\s*)"
            r"(\"[^\"]*\"|'[^']*'|[^\s,;&}]+)"
        ),
        r"\1[redacted]",
    ),
    (re.compile(r"(?<!\d)(?:\+?91[\s-]?)?([6-9]\d)(\d{6})(\d{2})(?!\d)"), r"\1******\3"),
)


def redact(text: str) -> str:
    for pattern, replacement in _REDACTIONS:
        text = pattern.sub(replacement, text)
    return text


class RequestIdFilter(logging.Filter):
    """Give every record the id of the request (or task) it was written in."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class TextFormatter(logging.Formatter):
    """Plain lines, as before, with secrets and personal data masked."""

    def format(self, record: logging.LogRecord) -> str:
        return redact(super().format(record))


class JsonFormatter(logging.Formatter):
    """One JSON object a line, secrets and personal data masked."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": redact(record.getMessage()),
            "request_id": getattr(record, "request_id", request_id.get()),
        }
        for field in REQUEST_FIELDS:
            if hasattr(record, field):
                line[field] = getattr(record, field)
        if record.exc_info:
            line["exception"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)


def _incoming_id(request) -> str:
    sent = request.headers.get(HEADER, "")
    return sent if _ACCEPTED_ID.fullmatch(sent) else uuid.uuid4().hex


requests_logger = logging.getLogger("shop.requests")


def _user_id(request) -> int | None:
    """The signed-in user's id, when the request looked them up (a lazy user is not looked up here:
    the line must not cost a session query)."""
    user = request.__dict__.get("user")
    if user is None or (isinstance(user, SimpleLazyObject) and user._wrapped is empty):
        return None
    return user.pk if user.is_authenticated else None


class RequestLogMiddleware(BothModes):
    def before(self, request):
        return request_id.set(_incoming_id(request)), time.perf_counter()

    def after(self, request, response, state):
        token, started = state
        status = response.status_code if response is not None else 500
        if response is not None:
            response[HEADER] = request_id.get()
        match = getattr(request, "resolver_match", None)
        fields = {
            "method": request.method,
            "route": (match.route or match.view_name) if match is not None else "(unmatched)",
            "status": status,
            "duration_ms": round((time.perf_counter() - started) * 1000, 1),
            "user_id": _user_id(request),
        }
        requests_logger.info(
            "%s %s %s %.1f ms", fields["method"], fields["route"], status, fields["duration_ms"], extra=fields
        )
        request_id.reset(token)
        return response


def task_published(headers: dict) -> None:
    """Celery's before_task_publish: the queued task carries the request's id."""
    headers.setdefault("request_id", request_id.get())


def task_started(task) -> None:
    """Celery's task_prerun: the task's lines carry the id of the request that queued it."""
    sent = getattr(task.request, "request_id", None) or (task.request.headers or {}).get("request_id")
    request_id.set(sent if isinstance(sent, str) and sent != "-" else f"task-{uuid.uuid4().hex[:12]}")


def task_ended() -> None:
    request_id.set("-")
