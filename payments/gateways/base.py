"""What every payment gateway offers the shop, and the pieces the gateways share.

A gateway creates a payment session for an order, answers the status of a payment when asked
server to server, and parses (and authenticates) the two ways it tells the shop something
happened: the shopper's browser coming back to the return URL, and a webhook. The shop trusts
only the status call; a return or a webhook merely prompts it (see `payments.services`).
"""

import base64
import binascii
import hashlib
import hmac
import json
from abc import ABC, abstractmethod
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any
from urllib.parse import quote_plus, unquote

from common.money import decimal_or_none, round_to_paise

SIGNATURE_ALGORITHM = "HMAC-SHA256"
REDACTED = "[redacted]"

# The gateway's statuses (Juspay's transaction status table), by what they mean for the order.
CHARGED = "CHARGED"
PENDING_STATUSES = frozenset(
    {
        "NEW",
        "STARTED",
        "PENDING_VBV",
        "AUTHORIZING",
        "AUTHORIZED",
        "COD_INITIATED",
        "CAPTURE_INITIATED",
        "VOID_INITIATED",
        "PENDING_AUTHENTICATION",
    }
)
FAILED_STATUSES = frozenset(
    {
        "AUTHENTICATION_FAILED",
        "AUTHORIZATION_FAILED",
        "JUSPAY_DECLINED",
        "AUTO_REFUNDED",
        "VOIDED",
        "CAPTURE_FAILED",
        "VOID_FAILED",
        "NOT_FOUND",
    }
)
# Money arrived but not as a plain charge of the whole amount: staff must look.
IRREGULAR_STATUSES = frozenset({"PARTIAL_CHARGED"})
STATUS_IDS = {
    "NEW": 10,
    "STARTED": 20,
    "CHARGED": 21,
    "JUSPAY_DECLINED": 22,
    "PENDING_VBV": 23,
    "AUTHENTICATION_FAILED": 26,
    "AUTHORIZATION_FAILED": 27,
    "AUTHORIZING": 28,
    "AUTO_REFUNDED": 36,
}


# Juspay's refund statuses (the `refunds[].status` of the order-status answer), by what they mean.
REFUND_SUCCEEDED_STATUSES = frozenset({"SUCCESS", "REFUNDED"})
REFUND_FAILED_STATUSES = frozenset({"FAILURE", "FAILED"})
REFUND_MANUAL_REVIEW_STATUSES = frozenset({"MANUAL_REVIEW"})
REFUND_PENDING_STATUSES = frozenset({"PENDING", "INITIATED"})
# Juspay's webhook events about refunds: the body carries the whole order-status answer, refunds too.
REFUND_EVENTS = frozenset({"ORDER_REFUNDED", "ORDER_REFUND_FAILED", "REFUND_MANUAL_REVIEW_NEEDED"})


class GatewayError(Exception):
    """The gateway could not be reached in time or answered with an error."""


class InvalidSignature(Exception):
    """A browser return whose signature is missing or does not match."""


class Unauthenticated(Exception):
    """A webhook without the configured credentials."""


class MalformedNotice(Exception):
    """A return or webhook that does not name a payment."""


@dataclass(frozen=True)
class Session:
    """The gateway's answer to "create a payment session": where to send the shopper."""

    status: str
    gateway_id: str
    payment_link: str
    raw: dict = field(default_factory=dict)


@dataclass(frozen=True)
class GatewayStatus:
    """What the gateway says, server to server, about one payment."""

    status: str
    amount: Decimal | None
    gateway_id: str = ""
    raw: dict = field(default_factory=dict)
    # The ids of chargebacks the shopper's bank raised against the charge (Juspay's `chargebacks`).
    chargebacks: tuple[str, ...] = ()


def chargeback_ids(body: Mapping[str, Any]) -> tuple[str, ...]:
    """The ids in an order-status answer's `chargebacks` list (an entry without one still counts)."""
    entries = body.get("chargebacks")
    if not isinstance(entries, list):
        return ()
    return tuple(
        str(entry.get("id") or entry.get("object_reference_id") or "chargeback")
        if isinstance(entry, Mapping)
        else str(entry)
        for entry in entries
    )


@dataclass(frozen=True)
class Notice:
    """A return or webhook: which payment it is about, and what it claims (never trusted)."""

    gateway_order_id: str
    claimed_status: str
    event_id: str = ""
    raw: dict = field(default_factory=dict)
    event_name: str = ""

    @property
    def is_about_refunds(self) -> bool:
        return self.event_name in REFUND_EVENTS


@dataclass(frozen=True)
class RefundAnswer:
    """What the gateway says about one refund of a payment, found by our `unique_request_id`."""

    unique_request_id: str
    status: str
    amount: Decimal | None
    gateway_refund_id: str = ""
    reference: str = ""
    raw: dict = field(default_factory=dict)


class Gateway(ABC):
    name: str
    # How many status calls reconciliation may have in flight at once: the gateway has no status
    # call for several orders, so a batch is that many calls side by side.
    status_calls_at_once: int = 1

    def available(self) -> bool:
        """False when the gateway must take no payments now (the sandbox in production)."""
        return True

    @abstractmethod
    def create_session(
        self, *, gateway_order_id: str, amount: Decimal, customer_id: str, return_url: str, description: str
    ) -> Session: ...

    @abstractmethod
    def fetch_status(
        self, *, gateway_order_id: str, customer_id: str = "", shopper_waits: bool = False
    ) -> GatewayStatus: ...

    @abstractmethod
    def parse_return(self, params: Mapping[str, str]) -> Notice: ...

    @abstractmethod
    def parse_webhook(self, *, authorization: str, body: bytes) -> Notice: ...

    @abstractmethod
    def refund(
        self, *, gateway_order_id: str, amount: Decimal, unique_request_id: str, customer_id: str = ""
    ) -> RefundAnswer:
        """Ask for `amount` of the charged payment back. Sending the same `unique_request_id` again
        never refunds twice: the gateway answers the refund it already has."""

    @abstractmethod
    def refund_status(self, *, gateway_order_id: str, customer_id: str = "") -> list[RefundAnswer]:
        """Every refund of that payment, in one call."""

    def refund_statuses(self, payments: list[tuple[str, str]]) -> dict[str, "list[RefundAnswer] | GatewayError"]:
        """`refund_status` for many (gateway order id, customer id) pairs, `status_calls_at_once`
        at a time; a payment the gateway did not answer for maps to its GatewayError."""
        from concurrent.futures import ThreadPoolExecutor

        def one(pair: tuple[str, str]):
            try:
                return self.refund_status(gateway_order_id=pair[0], customer_id=pair[1])
            except GatewayError as error:
                return error

        if self.status_calls_at_once <= 1 or len(payments) <= 1:
            return {pair[0]: one(pair) for pair in payments}
        with ThreadPoolExecutor(max_workers=self.status_calls_at_once) as pool:
            return dict(zip((pair[0] for pair in payments), pool.map(one, payments), strict=True))


def amount_text(amount: Decimal) -> str:
    """`Decimal("120.5")` → `"120.50"`: the gateway takes amounts as strings with two decimals."""
    return f"{Decimal(amount):.2f}"


def parse_amount(value: Any) -> Decimal | None:
    """A gateway's amount in rupees, to paise; None when it is not a number."""
    amount = decimal_or_none(value)
    return None if amount is None else round_to_paise(amount)


def signature_for(params: Mapping[str, str], key: str) -> str:
    """Juspay's return-URL signature: every parameter but the signature itself, percent-encoded
    and sorted by encoded key, joined as a query string, percent-encoded again, HMAC-SHA256 with
    the response key, base64."""
    pairs = sorted(
        (quote_plus(str(name)), quote_plus(str(value)))
        for name, value in params.items()
        if name not in ("signature", "signature_algorithm")
    )
    message = quote_plus("&".join(f"{name}={value}" for name, value in pairs))
    digest = hmac.new(key.encode(), message.encode(), hashlib.sha256).digest()
    return base64.b64encode(digest).decode()


def signed(params: Mapping[str, str], key: str) -> dict[str, str]:
    """`params` plus their signature, as the gateway puts them on the return URL (the signature
    is percent-encoded once more, so the URL carries it encoded twice)."""
    return {
        **params,
        "signature": quote_plus(signature_for(params, key)),
        "signature_algorithm": SIGNATURE_ALGORITHM,
    }


def signature_valid(params: Mapping[str, str], key: str) -> bool:
    given = params.get("signature") or ""
    if not key or not given or params.get("signature_algorithm") != SIGNATURE_ALGORITHM:
        return False
    return hmac.compare_digest(unquote(given).encode(), signature_for(params, key).encode())


def notice_from_return(params: Mapping[str, str], key: str) -> Notice:
    """The verified return, or InvalidSignature / MalformedNotice."""
    flat = {name: str(params.get(name, "")) for name in params}
    if not signature_valid(flat, key):
        raise InvalidSignature("The payment return's signature is missing or wrong.")
    gateway_order_id = flat.get("order_id", "").strip()
    if not gateway_order_id:
        raise MalformedNotice("The payment return names no order.")
    raw = {name: value for name, value in flat.items() if name != "signature"}
    return Notice(gateway_order_id=gateway_order_id, claimed_status=flat.get("status", ""), raw=raw)


def basic_credentials_match(authorization: str, username: str, password: str) -> bool:
    """True when the `Authorization: Basic ...` header carries exactly these credentials."""
    if not username or not password:
        return False  # nothing configured: no caller is trusted
    scheme, _, encoded = (authorization or "").partition(" ")
    if scheme.lower() != "basic":
        return False
    try:
        decoded = base64.b64decode(encoded.strip(), validate=True).decode()
    except (binascii.Error, UnicodeDecodeError):
        return False
    given_user, _, given_password = decoded.partition(":")
    user_ok = hmac.compare_digest(given_user.encode(), username.encode())
    password_ok = hmac.compare_digest(given_password.encode(), password.encode())
    return user_ok and password_ok


def refund_answers(order: dict) -> list[RefundAnswer]:
    """The `refunds` list of Juspay's order-status (or refund) answer."""
    refunds = order.get("refunds") if isinstance(order, dict) else None
    answers = []
    for item in refunds if isinstance(refunds, list) else []:
        if not isinstance(item, dict) or not item.get("unique_request_id"):
            continue
        answers.append(
            RefundAnswer(
                unique_request_id=str(item["unique_request_id"])[:64],
                status=str(item.get("status") or "").upper(),
                amount=parse_amount(item.get("amount")),
                gateway_refund_id=str(item.get("id") or "")[:64],
                reference=str(item.get("ref") or item.get("arn") or "")[:64],
                raw=redact(item),
            )
        )
    return answers


def notice_from_webhook(body: bytes) -> Notice:
    """Juspay's webhook body: `{"id", "event_name", "content": {"order": {...}}}`."""
    try:
        event = json.loads(body or b"{}")
    except (ValueError, UnicodeDecodeError) as error:
        raise MalformedNotice("The webhook body is not JSON.") from error
    content = event.get("content") if isinstance(event, dict) else None
    order = content.get("order") if isinstance(content, dict) else None
    if not isinstance(order, dict) or not str(order.get("order_id") or "").strip():
        raise MalformedNotice("The webhook names no order.")
    return Notice(
        gateway_order_id=str(order["order_id"]).strip(),
        claimed_status=str(order.get("status") or ""),
        event_id=str(event.get("id") or "")[:100],
        raw=redact(event),
        event_name=str(event.get("event_name") or "")[:60],
    )


_SECRET_KEY_PARTS = (
    "token",
    "secret",
    "password",
    "signature",
    "api_key",
    "apikey",
    "authorization",
    "cvv",
    "card_number",
    "card_fingerprint",
    "card_reference",
    "card_isin",
    "vpa",
)


def redact(value: Any) -> Any:
    """A copy of a gateway response with every secret-looking field replaced, for the history."""
    if isinstance(value, dict):
        return {
            key: REDACTED if any(part in str(key).lower() for part in _SECRET_KEY_PARTS) else redact(item)
            for key, item in value.items()
        }
    if isinstance(value, list):
        return [redact(item) for item in value]
    return value
