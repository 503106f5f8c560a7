"""Orders to pay, the sandbox and a fake Juspay to pay them with, and helpers that act as the gateway."""

import base64
import json

import pytest

from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401 - shared fixtures
from payments.gateways.base import signed
from payments.gateways.sandbox import sandbox_key
from payments.tests.fake_juspay import API_KEY, CLIENT_ID, MERCHANT_ID, FakeJuspay

RESPONSE_KEY = "juspay-response-key"
WEBHOOK_USER, WEBHOOK_PASSWORD = "smlr-webhook", "webhook-secret-1"


@pytest.fixture
def online_order(shopper, place_order, packs):  # noqa: F811 - the imported fixtures
    """An unpaid Online order of 2 × oil (291.00)."""
    return place_order(shopper, (packs.oil_1l, 2), method="Online")


@pytest.fixture
def cash_order(shopper, place_order, packs):  # noqa: F811 - the imported fixtures
    return place_order(shopper, (packs.rice_1kg, 1), method="Cash Or UPI")


@pytest.fixture
def fake_juspay(settings):
    """The shop configured for Juspay, pointed at a local fake of its API."""
    server = FakeJuspay()
    settings.PAYMENT_GATEWAY = "juspay"
    settings.JUSPAY_BASE_URL = server.url
    settings.JUSPAY_API_KEY = API_KEY
    settings.JUSPAY_MERCHANT_ID = MERCHANT_ID
    settings.JUSPAY_PAYMENT_PAGE_CLIENT_ID = CLIENT_ID
    settings.JUSPAY_RESPONSE_KEY = RESPONSE_KEY
    settings.JUSPAY_WEBHOOK_USERNAME = WEBHOOK_USER
    settings.JUSPAY_WEBHOOK_PASSWORD = WEBHOOK_PASSWORD
    # A deadline the fake meets on any machine, however loaded (its answers took over 0.5 s on a busy
    # 2-core runner, issue 46): a test of the adapter's deadline sets a short one itself, beside a
    # fake `delay` well past it (`gateway_deadline_passes`).
    settings.JUSPAY_TIMEOUT_SECONDS = 10
    yield server
    server.close()


GATEWAY_DEADLINE_SECONDS = 0.3


def gateway_deadline_passes(fake_juspay, settings) -> None:
    """The fake answers only after the adapter's deadline has long passed (1.0 s against 0.3 s)."""
    settings.JUSPAY_TIMEOUT_SECONDS = GATEWAY_DEADLINE_SECONDS
    fake_juspay.delay = 1.0


@pytest.fixture
def webhook_credentials(settings):
    settings.JUSPAY_WEBHOOK_USERNAME = WEBHOOK_USER
    settings.JUSPAY_WEBHOOK_PASSWORD = WEBHOOK_PASSWORD


def return_params(gateway_order_id: str, status: str, *, key: str | None = None) -> dict:
    """The query string a gateway puts on the return URL, signed with `key` (default: the sandbox's)."""
    return signed({"order_id": gateway_order_id, "status": status, "status_id": "21"}, key or sandbox_key())


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


def post_webhook(client, gateway_order_id: str, status: str = "CHARGED", *, event_id="evt_1", auth=None, amount=291.0):
    body = {
        "id": event_id,
        "event_name": "ORDER_SUCCEEDED" if status == "CHARGED" else "ORDER_FAILED",
        "date_created": "2026-11-23T10:00:00Z",
        "content": {"order": {"order_id": gateway_order_id, "status": status, "amount": amount}},
    }
    return client.post(
        "/api/payments/webhook",
        data=json.dumps(body),
        content_type="application/json",
        HTTP_AUTHORIZATION=auth if auth is not None else basic(WEBHOOK_USER, WEBHOOK_PASSWORD),
    )
