"""Juspay / HDFC SmartGateway: the session API, the order-status API, signed returns, Basic-auth webhooks.

Base URL, merchant id, API key, response key, payment-page client id and webhook credentials come
from the environment (`JUSPAY_*` in `shop/settings/commerce.py`). Every call has a timeout; a timeout, a
refused connection or an error body becomes `GatewayError`, which leaves the payment pending.

The calls a shopper's request waits on (a payment session, a status check on the return or a
webhook) go through a lane of their own (issue 46.7): a silent gateway held every web thread while
8 payment starts waited on it, and a catalog read waited 7.1 s behind them. In each process at most
`JUSPAY_SHOPPER_CALLS_AT_ONCE` such calls are in flight (another waits up to 0.1 s for its turn,
then answers "unavailable"), each gives up after `JUSPAY_SHOPPER_TIMEOUT_SECONDS`, and after one
did not answer or could not connect, the process does not ask for `JUSPAY_BREAKER_SECONDS`: so the
web threads the lane does not hold go on serving the catalog. Refund calls (the worker's) keep
`JUSPAY_TIMEOUT_SECONDS`.
"""

import logging
import threading
from collections.abc import Mapping
from decimal import Decimal

import requests
from django.conf import settings

from common.circuit import Breaker
from payments.gateways.base import (
    Gateway,
    GatewayError,
    GatewayStatus,
    Notice,
    RefundAnswer,
    Session,
    Unauthenticated,
    amount_text,
    basic_credentials_match,
    chargeback_ids,
    notice_from_return,
    notice_from_webhook,
    parse_amount,
    redact,
    refund_answers,
)

logger = logging.getLogger(__name__)

GATE_WAIT_SECONDS = 0.1
CONNECT_TIMEOUT_SECONDS = 3.0
gateway_breaker = Breaker("JUSPAY_BREAKER_SECONDS")
_gate_lock = threading.Lock()
_gates: dict[int, threading.BoundedSemaphore] = {}


def shopper_gate() -> threading.BoundedSemaphore:
    """This process's lane for the calls a shopper waits on (sized by the setting when first used)."""
    size = settings.JUSPAY_SHOPPER_CALLS_AT_ONCE
    with _gate_lock:
        gate = _gates.get(size)
        if gate is None:
            gate = _gates[size] = threading.BoundedSemaphore(size)
        return gate


class _Unreachable(GatewayError):
    """No answer in time, or no connection: what trips the breaker (an error body does not)."""


class JuspayGateway(Gateway):
    name = "juspay"

    def __init__(self) -> None:
        self.base_url = settings.JUSPAY_BASE_URL.rstrip("/")
        self.api_key = settings.JUSPAY_API_KEY
        self.merchant_id = settings.JUSPAY_MERCHANT_ID
        self.client_id = settings.JUSPAY_PAYMENT_PAGE_CLIENT_ID
        self.response_key = settings.JUSPAY_RESPONSE_KEY
        self.timeout = settings.JUSPAY_TIMEOUT_SECONDS
        self.status_calls_at_once = settings.JUSPAY_STATUS_CALLS_AT_ONCE

    def _headers(self, customer_id: str) -> dict[str, str]:
        headers = {"x-merchantid": self.merchant_id, "version": settings.JUSPAY_API_VERSION}
        if customer_id:
            headers["x-routing-id"] = customer_id
        return headers

    def _call(
        self, method: str, path: str, *, customer_id: str, json: dict | None = None, shopper_waits: bool = False
    ) -> dict:
        if not shopper_waits:
            return self._send(method, path, customer_id=customer_id, json=json, timeout=self.timeout)
        if gateway_breaker.is_open():
            raise GatewayError(f"Juspay failed a moment ago; {method} {path} not tried for a few seconds")
        gate = shopper_gate()
        if not gate.acquire(timeout=GATE_WAIT_SECONDS):
            raise GatewayError(f"Juspay calls are all busy in this process; {method} {path} not tried")
        try:
            timeout = min(self.timeout, settings.JUSPAY_SHOPPER_TIMEOUT_SECONDS)
            return self._send(method, path, customer_id=customer_id, json=json, timeout=timeout)
        except _Unreachable:
            gateway_breaker.trip()
            raise
        finally:
            gate.release()

    def _send(self, method: str, path: str, *, customer_id: str, json: dict | None, timeout) -> dict:
        url = f"{self.base_url}{path}"
        try:
            # Basic auth: the API key as user name, an empty password.
            response = requests.request(
                method,
                url,
                json=json,
                headers=self._headers(customer_id),
                auth=(self.api_key, ""),
                timeout=(min(CONNECT_TIMEOUT_SECONDS, float(timeout)), float(timeout)),
            )
        except requests.Timeout as error:
            raise _Unreachable(f"Juspay did not answer {method} {path} within {timeout} s") from error
        except requests.ConnectionError as error:
            raise _Unreachable(f"Juspay could not be reached for {method} {path}: {error}") from error
        except requests.RequestException as error:
            raise GatewayError(f"Juspay could not be reached for {method} {path}: {error}") from error
        try:
            body = response.json()
        except ValueError:
            body = None
        if not response.ok or not isinstance(body, dict) or body.get("status") == "error":
            detail = body if isinstance(body, dict) else {"body": response.text[:500]}
            message = detail.get("error_message") or detail.get("user_message") or response.reason
            code = detail.get("error_code") or response.status_code
            raise GatewayError(f"Juspay answered {method} {path} with {response.status_code} {code}: {message}")
        return body

    def create_session(
        self, *, gateway_order_id: str, amount: Decimal, customer_id: str, return_url: str, description: str
    ) -> Session:
        body = self._call(
            "POST",
            "/session",
            customer_id=customer_id,
            shopper_waits=True,
            json={
                "order_id": gateway_order_id,
                "amount": amount_text(amount),
                "customer_id": customer_id,
                "customer_phone": customer_id,
                "payment_page_client_id": self.client_id,
                "action": "paymentPage",
                "return_url": return_url,
                "description": description,
                "currency": "INR",
            },
        )
        links = body.get("payment_links") or {}
        return Session(
            status=str(body.get("status") or ""),
            gateway_id=str(body.get("id") or ""),
            payment_link=str(links.get("web") or ""),
            raw=redact(body),
        )

    def fetch_status(
        self, *, gateway_order_id: str, customer_id: str = "", shopper_waits: bool = False
    ) -> GatewayStatus:
        body = self._call("GET", f"/orders/{gateway_order_id}", customer_id=customer_id, shopper_waits=shopper_waits)
        if str(body.get("order_id") or "") != gateway_order_id:
            raise GatewayError(f"Juspay answered the status of {body.get('order_id')!r} for {gateway_order_id!r}")
        return GatewayStatus(
            status=str(body.get("status") or ""),
            amount=parse_amount(body.get("amount")),
            gateway_id=str(body.get("id") or ""),
            raw=redact(body),
            chargebacks=chargeback_ids(body),
        )

    def parse_return(self, params: Mapping[str, str]) -> Notice:
        return notice_from_return(params, self.response_key)

    def parse_webhook(self, *, authorization: str, body: bytes) -> Notice:
        if not basic_credentials_match(
            authorization, settings.JUSPAY_WEBHOOK_USERNAME, settings.JUSPAY_WEBHOOK_PASSWORD
        ):
            raise Unauthenticated("Webhook credentials are missing or wrong.")
        return notice_from_webhook(body)

    # --- refunds ----------------------------------------------------------------------------
    # Juspay has no refund-status call of its own nor a status call for several orders: the
    # order-status answer lists every refund of the order, so one call settles all of them, and
    # reconciliation runs JUSPAY_STATUS_CALLS_AT_ONCE such calls side by side.

    def refund(
        self, *, gateway_order_id: str, amount: Decimal, unique_request_id: str, customer_id: str = ""
    ) -> RefundAnswer:
        body = self._call(
            "POST",
            f"/orders/{gateway_order_id}/refunds",
            customer_id=customer_id,
            json={"unique_request_id": unique_request_id, "amount": amount_text(amount)},
        )
        for answer in refund_answers(body):
            if answer.unique_request_id == unique_request_id:
                return answer
        raise GatewayError(f"Juspay's refund answer for {gateway_order_id} does not list {unique_request_id}")

    def refund_status(self, *, gateway_order_id: str, customer_id: str = "") -> list[RefundAnswer]:
        body = self._call("GET", f"/orders/{gateway_order_id}", customer_id=customer_id)
        if str(body.get("order_id") or "") != gateway_order_id:
            raise GatewayError(f"Juspay answered the status of {body.get('order_id')!r} for {gateway_order_id!r}")
        return refund_answers(body)
