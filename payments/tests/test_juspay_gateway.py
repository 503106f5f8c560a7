"""The Juspay / HDFC SmartGateway adapter against a local fake of its API."""

import base64
import json
from decimal import Decimal
from urllib.parse import quote_plus

import pytest

from payments.gateways import active_gateway
from payments.gateways.base import (
    REDACTED,
    GatewayError,
    InvalidSignature,
    Unauthenticated,
    signature_for,
    signature_valid,
    signed,
)
from payments.gateways.juspay import JuspayGateway
from payments.tests.conftest import RESPONSE_KEY, WEBHOOK_PASSWORD, WEBHOOK_USER, basic, gateway_deadline_passes
from payments.tests.fake_juspay import API_KEY, CLIENT_ID, MERCHANT_ID, error_body


def session(gateway, order_id="P1234567890abcdefghij", amount="291.00"):
    return gateway.create_session(
        gateway_order_id=order_id,
        amount=Decimal(amount),
        customer_id="9876500001",
        return_url="https://shop.example/payments/return",
        description="SMLR Mart order SMLR-2026-000001",
    )


def test_the_settings_choose_the_gateway(fake_juspay, settings):
    assert isinstance(active_gateway(), JuspayGateway)
    settings.PAYMENT_GATEWAY = "sandbox"
    assert active_gateway().name == "sandbox"


def test_session_sends_what_the_session_api_documents(fake_juspay):
    created = session(JuspayGateway())

    (call,) = fake_juspay.calls("/session")
    body = json.loads(call["body"])
    assert body["order_id"] == "P1234567890abcdefghij" and len(body["order_id"]) <= 21
    assert body["amount"] == "291.00"
    assert body["customer_id"] == "9876500001"
    assert body["payment_page_client_id"] == CLIENT_ID
    assert body["action"] == "paymentPage"
    assert body["return_url"] == "https://shop.example/payments/return"
    assert call["headers"]["Authorization"] == "Basic " + base64.b64encode(f"{API_KEY}:".encode()).decode()
    assert call["headers"]["x-merchantid"] == MERCHANT_ID
    assert created.status == "NEW"
    assert created.payment_link == f"{fake_juspay.url}/pay/P1234567890abcdefghij"
    assert created.gateway_id == "ordeh_p1234567890abcdefghij"
    # The SDK's client token is a secret: the history keeps it redacted.
    assert created.raw["sdk_payload"]["payload"]["clientAuthToken"] == REDACTED


def test_status_call_uses_basic_auth_merchant_id_and_version(fake_juspay, settings):
    gateway = JuspayGateway()
    session(gateway)
    fake_juspay.set_status("P1234567890abcdefghij", "CHARGED")

    answer = gateway.fetch_status(gateway_order_id="P1234567890abcdefghij", customer_id="9876500001")

    (call,) = fake_juspay.calls("/orders/")
    assert call["method"] == "GET"
    assert call["headers"]["version"] == settings.JUSPAY_API_VERSION
    assert call["headers"]["x-merchantid"] == MERCHANT_ID
    assert call["headers"]["Authorization"].startswith("Basic ")
    assert (answer.status, answer.amount) == ("CHARGED", Decimal("291.00"))
    assert answer.raw["card"]["card_fingerprint"] == REDACTED


def test_a_gateway_that_does_not_answer_in_time_is_an_error(fake_juspay, settings):
    gateway_deadline_passes(fake_juspay, settings)  # the adapter waits 0.3 s
    with pytest.raises(GatewayError, match="did not answer"):
        session(JuspayGateway())


def test_an_unreachable_gateway_is_an_error(fake_juspay, settings):
    fake_juspay.close()
    with pytest.raises(GatewayError, match="could not be reached"):
        JuspayGateway().fetch_status(gateway_order_id="P1")


@pytest.mark.parametrize(
    ("status", "body", "shown"),
    [
        (401, error_body("UNAUTHENTICATED", "Invalid API key"), "Invalid API key"),
        (404, error_body("RESOURCE_NOT_FOUND", "Order P1 not found"), "RESOURCE_NOT_FOUND"),
        (500, b"<html>Internal error</html>", "500"),
        (200, error_body("INVALID_INPUT", "Bad amount"), "Bad amount"),
    ],
)
def test_error_bodies_are_errors_with_their_message(fake_juspay, status, body, shown):
    fake_juspay.fail_next(status, body)
    with pytest.raises(GatewayError, match=shown):
        JuspayGateway().fetch_status(gateway_order_id="P1")


def test_wrong_api_key_is_refused_by_the_gateway(fake_juspay, settings):
    settings.JUSPAY_API_KEY = "not-the-key"
    with pytest.raises(GatewayError, match="UNAUTHENTICATED"):
        session(JuspayGateway())


def test_return_signature_follows_the_documented_scheme(fake_juspay):
    """Independent recomputation: encode and sort the pairs, join, encode, HMAC-SHA256, base64."""
    import hashlib
    import hmac

    params = {"status_id": "21", "order_id": "P1234567890abcdefghij", "status": "CHARGED"}
    joined = "&".join(f"{quote_plus(k)}={quote_plus(v)}" for k, v in sorted(params.items()))
    expected = base64.b64encode(
        hmac.new(RESPONSE_KEY.encode(), quote_plus(joined).encode(), hashlib.sha256).digest()
    ).decode()
    assert signature_for(params, RESPONSE_KEY) == expected

    # On the URL it is percent-encoded once more than the framework decodes.
    on_url = signed(params, RESPONSE_KEY)
    assert on_url["signature"] == quote_plus(expected)
    assert signature_valid(on_url, RESPONSE_KEY)
    notice = JuspayGateway().parse_return(on_url)
    assert (notice.gateway_order_id, notice.claimed_status) == ("P1234567890abcdefghij", "CHARGED")


@pytest.mark.parametrize(
    "tamper",
    [
        lambda p: {**p, "status": "CHARGED"},  # signed as failed, claims charged
        lambda p: {k: v for k, v in p.items() if k != "signature"},
        lambda p: {**p, "signature_algorithm": "MD5"},
        lambda p: {**p, "signature": "AAAA"},
        lambda p: {**p, "extra": "1"},
    ],
)
def test_a_forged_or_missing_signature_is_refused(fake_juspay, tamper):
    params = signed({"order_id": "P1", "status": "AUTHENTICATION_FAILED", "status_id": "26"}, RESPONSE_KEY)
    with pytest.raises(InvalidSignature):
        JuspayGateway().parse_return(tamper(params))


def test_signed_with_another_key_is_refused(fake_juspay):
    params = signed({"order_id": "P1", "status": "CHARGED"}, "someone-elses-key")
    with pytest.raises(InvalidSignature):
        JuspayGateway().parse_return(params)


def test_webhook_needs_the_configured_basic_credentials(fake_juspay, settings):
    body = json.dumps({"id": "evt_1", "content": {"order": {"order_id": "P1", "status": "CHARGED"}}}).encode()
    gateway = JuspayGateway()
    notice = gateway.parse_webhook(authorization=basic(WEBHOOK_USER, WEBHOOK_PASSWORD), body=body)
    assert (notice.gateway_order_id, notice.event_id, notice.claimed_status) == ("P1", "evt_1", "CHARGED")
    for wrong in ("", basic(WEBHOOK_USER, "nope"), basic("other", WEBHOOK_PASSWORD), "Bearer x", "Basic !!!"):
        with pytest.raises(Unauthenticated):
            gateway.parse_webhook(authorization=wrong, body=body)
    settings.JUSPAY_WEBHOOK_PASSWORD = ""
    with pytest.raises(Unauthenticated):
        gateway.parse_webhook(authorization=basic(WEBHOOK_USER, ""), body=body)
