"""The Beckn context every request carries, checked before anything is taken; and the answers' context.

The shop sells groceries (`ONDC:RET10`) on retail specification 1.2.0 (the issue-and-grievance
calls, IGM 1.0.0, share the context). A request whose context is wrong, stale (its timestamp plus
its ttl has passed) or signed by another subscriber than the `bap_id` it names is refused with a
NACK and never answered.
"""

from datetime import datetime, timedelta
from urllib.parse import urlsplit

from django.conf import settings
from django.utils import timezone
from django.utils.dateparse import parse_datetime, parse_duration

from ondc import errors

DOMAIN = "ONDC:RET10"
CORE_VERSION = "1.2.0"
COUNTRY = "IND"
ACTIONS = (
    "search",
    "select",
    "init",
    "confirm",
    "status",
    "track",
    "cancel",
    "update",
    "rating",
    "support",
    "issue",
    "issue_status",
)
CLOCK_SKEW = timedelta(seconds=30)
LONGEST_TTL = timedelta(days=1)


class InvalidMessage(Exception):
    """The request's shape or context is wrong: NACK with a Beckn error."""

    def __init__(self, message: str, *, kind: tuple[str, str] = errors.INVALID_REQUEST):
        super().__init__(message)
        self.message = message
        self.kind = kind


def _text(context: dict, field: str, *, longest: int = 100) -> str:
    value = context.get(field)
    if not isinstance(value, str) or not value.strip() or len(value) > longest:
        raise InvalidMessage(f"context.{field} must be a text of 1 to {longest} characters")
    return value


def _timestamp(value) -> datetime:
    moment = parse_datetime(value) if isinstance(value, str) else None
    if moment is None or timezone.is_naive(moment):
        raise InvalidMessage("context.timestamp must be an RFC 3339 time with its zone")
    return moment


def _ttl(value) -> timedelta:
    ttl = parse_duration(value) if isinstance(value, str) and value.startswith("P") else None
    if ttl is None or not timedelta(0) < ttl <= LONGEST_TTL:
        raise InvalidMessage("context.ttl must be an ISO 8601 duration of at most a day (PT30S)")
    return ttl


def request_context(payload, *, action: str, signer: str, now: datetime | None = None) -> dict:
    """The request's context, checked; InvalidMessage otherwise."""
    if not isinstance(payload, dict) or not isinstance(payload.get("context"), dict):
        raise InvalidMessage("the body must be a JSON object with a context", kind=errors.BAD_BODY)
    if not isinstance(payload.get("message"), dict):
        raise InvalidMessage("the body must have a message object", kind=errors.BAD_BODY)
    context = payload["context"]
    if context.get("domain") != DOMAIN:
        raise InvalidMessage(f"this seller serves the domain {DOMAIN} only")
    if context.get("action") != action:
        raise InvalidMessage(f"context.action must be {action} on /{action}")
    if context.get("country", COUNTRY) != COUNTRY:
        raise InvalidMessage(f"context.country must be {COUNTRY}")
    bap_id = _text(context, "bap_id", longest=200)
    if bap_id != signer:
        raise InvalidMessage(
            "context.bap_id is not the subscriber that signed the request", kind=errors.INVALID_SIGNATURE
        )
    bap_uri = _text(context, "bap_uri", longest=500)
    parts = urlsplit(bap_uri)
    if parts.scheme not in {"https", "http"} or not parts.netloc:
        raise InvalidMessage("context.bap_uri must be an http(s) URL")
    _text(context, "transaction_id")
    _text(context, "message_id")
    if action != "search" and context.get("bpp_id") not in (None, settings.ONDC_SUBSCRIBER_ID):
        raise InvalidMessage("context.bpp_id is another seller")
    now = timezone.now() if now is None else now
    sent_at, ttl = _timestamp(context.get("timestamp")), _ttl(context.get("ttl"))
    if sent_at > now + CLOCK_SKEW:
        raise InvalidMessage("context.timestamp is in the future")
    if sent_at + ttl < now - CLOCK_SKEW:
        raise InvalidMessage("the request's ttl has passed", kind=errors.STALE_REQUEST)
    return context


def answer_context(request: dict, *, action: str) -> dict:
    """The answer's context: the request's ids (same transaction, same message id), our own names."""
    return {
        **request,
        "action": action,
        "bpp_id": settings.ONDC_SUBSCRIBER_ID,
        "bpp_uri": settings.ONDC_SUBSCRIBER_URL,
        "timestamp": timezone.now().isoformat(timespec="milliseconds").replace("+00:00", "Z"),
    }
