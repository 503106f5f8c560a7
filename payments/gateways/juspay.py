"""Juspay / HDFC SmartGateway: the session API, the order-status API, signed returns, Basic-auth webhooks.

Base URL, merchant id, API key, response key, payment-page client id and webhook credentials come
from the environment (`JUSPAY_*` in `shop/settings/commerce.py`). Every call has a timeout; a timeout, a
refused connection or an error body becomes `GatewayError`, which leaves the payment pending.
"""

import logging
from collections.abc import Mapping
from decimal import Decimal

import requests
from django.conf import settings

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
    notice_from_return,
    notice_from_webhook,
    parse_amount,
    redact,
    refund_answers,
)

logger = logging.getLogger(__name__)


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

    def _call(self, method: str, path: str, *, customer_id: str, json: dict | None = None) -> dict:
        url = f"{self.base_url}{path}"
        try:
            # Basic auth: the API key as user name, an empty password.
            response = requests.request(
                method,
                url,
                json=json,
                headers=self._headers(customer_id),
                auth=(self.api_key, ""),
                timeout=self.timeout,
            )
        except requests.Timeout as error:
            raise GatewayError(f"Juspay did not answer {method} {path} within {self.timeout} s") from error
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

    def fetch_status(self, *, gateway_order_id: str, customer_id: str = "") -> GatewayStatus:
        body = self._call("GET", f"/orders/{gateway_order_id}", customer_id=customer_id)
        if str(body.get("order_id") or "") != gateway_order_id:
            raise GatewayError(f"Juspay answered the status of {body.get('order_id')!r} for {gateway_order_id!r}")
        return GatewayStatus(
            status=str(body.get("status") or ""),
            amount=parse_amount(body.get("amount")),
            gateway_id=str(body.get("id") or ""),
            raw=redact(body),
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
