"""The rules that protect money: paid only on the gateway's own CHARGED for exactly the amount."""

import json
from decimal import Decimal

import pytest

from orders.models import Order
from payments.models import Payment, PaymentEvent, SandboxCharge
from payments.services import payment_initiate, payments_reconcile
from payments.tests.conftest import RESPONSE_KEY, basic, gateway_deadline_passes, post_webhook, return_params

pytestmark = pytest.mark.django_db


def start(order) -> Payment:
    payment, status = payment_initiate(user=order.user, public_id=order.public_id)
    assert status == "NEW"
    return payment


def come_back(client, params):
    return client.get("/payments/return", params)


def transitions(payment) -> list[tuple[str, str]]:
    return [(e.from_status, e.to_status) for e in PaymentEvent.objects.filter(payment=payment) if e.is_transition]


def fresh(order) -> Order:
    return Order.objects.get(pk=order.pk)


# --- the sandbox, end to end -------------------------------------------------------------------


def test_sandbox_pay_marks_the_order_paid_and_lands_on_success(client, online_order):
    payment = start(online_order)
    assert payment.payment_link == f"/payments/sandbox/{payment.gateway_order_id}"
    page = client.get(payment.payment_link)
    assert page.status_code == 200
    for text in ("SMLR Mart", online_order.public_id, online_order.invoice_number, "₹291.00", "Pay", "Fail"):
        assert text in page.content.decode()

    back = client.post(payment.payment_link, {"action": "pay"})
    assert back.status_code == 302 and back["Location"].startswith("/payments/return?")
    landed = client.get(back["Location"])

    assert landed["Location"] == f"/payment/success?orderId={online_order.public_id}"
    order = fresh(online_order)
    assert order.is_paid and order.paid_at and order.payment_reference == payment.gateway_order_id
    assert transitions(payment) == [("new", "charged")]


def test_sandbox_fail_leaves_the_order_unpaid_and_payable_again(client, cash_order):
    """The Pay button of a cash order; a failed checkout payment cancels its Online order instead
    (checkout/tests/test_payment_return.py)."""
    payment = start(cash_order)
    back = client.post(payment.payment_link, {"action": "fail"})
    assert client.get(back["Location"])["Location"] == "/payment/failure"
    assert not fresh(cash_order).is_paid
    assert Payment.objects.get(pk=payment.pk).status == "failed"

    again = start(cash_order)
    assert again.gateway_order_id != payment.gateway_order_id
    client.get(client.post(again.payment_link, {"action": "pay"})["Location"])
    assert fresh(cash_order).is_paid


# --- forged returns ------------------------------------------------------------------------------


@pytest.mark.parametrize("signature", ["missing", "forged", "other key"])
def test_forged_or_missing_return_signature_does_not_pay(client, online_order, signature):
    payment = start(online_order)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="CHARGED")
    params = return_params(
        payment.gateway_order_id, "CHARGED", key="not-the-sandbox-key" if signature == "other key" else None
    )
    if signature == "missing":
        del params["signature"]
    if signature == "forged":
        params["signature"] = params["signature"][::-1]

    assert come_back(client, params)["Location"] == "/payment/failure"
    assert not fresh(online_order).is_paid
    assert Payment.objects.get(pk=payment.pk).status == "new"


def test_charged_claimed_by_the_return_but_pending_at_the_gateway_is_not_paid_yet(client, online_order):
    payment = start(online_order)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="PENDING_VBV")

    landed = come_back(client, return_params(payment.gateway_order_id, "CHARGED"))

    assert landed["Location"] == f"/order/{online_order.public_id}"
    assert not fresh(online_order).is_paid
    assert Payment.objects.get(pk=payment.pk).status == "pending"


def test_a_return_for_a_failed_payment_goes_to_failure(client, online_order):
    payment = start(online_order)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="AUTHORIZATION_FAILED")
    landed = come_back(client, return_params(payment.gateway_order_id, "CHARGED"))["Location"]
    assert landed == f"/payment/failure?cancelled={online_order.public_id}"
    assert not fresh(online_order).is_paid


def test_a_return_naming_no_known_payment_goes_to_failure(client, db):
    assert come_back(client, return_params("Pnot0a0payment0at0all", "CHARGED"))["Location"] == "/payment/failure"


# --- Juspay: amounts, webhooks, timeouts ----------------------------------------------------------


def test_amount_mismatch_is_not_paid_and_is_flagged(client, online_order, fake_juspay):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED", amount="1.00")

    landed = come_back(client, return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY))

    assert landed["Location"] == "/payment/failure"
    assert not fresh(online_order).is_paid
    payment.refresh_from_db()
    assert (payment.status, payment.flag) == ("charged", Payment.Flag.AMOUNT_MISMATCH)


def test_juspay_charged_return_pays_after_the_status_call(client, online_order, fake_juspay):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")

    landed = come_back(client, return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY))

    assert landed["Location"] == f"/payment/success?orderId={online_order.public_id}"
    assert fresh(online_order).is_paid
    assert len(fake_juspay.calls(f"/orders/{payment.gateway_order_id}")) == 1


def test_duplicate_webhook_gives_one_transition(client, online_order, fake_juspay):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")

    first = post_webhook(client, payment.gateway_order_id, event_id="evt_42")
    second = post_webhook(client, payment.gateway_order_id, event_id="evt_42")
    other_copy = post_webhook(client, payment.gateway_order_id, event_id="evt_43")

    assert [r.status_code for r in (first, second, other_copy)] == [200, 200, 200]
    assert transitions(payment) == [("new", "charged")]
    assert PaymentEvent.objects.filter(payment=payment, event_id="evt_42").count() == 1
    order = fresh(online_order)
    assert order.is_paid and order.payment_reference == payment.gateway_order_id


def test_a_repeated_notice_answers_the_state_its_first_delivery_committed(client, online_order, fake_juspay):
    from payments.gateways import active_gateway
    from payments.services import payment_confirm

    payment = start(online_order)
    loaded_before = Payment.objects.get(pk=payment.pk)  # as a racing duplicate holds it
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    assert post_webhook(client, payment.gateway_order_id, event_id="evt_7").status_code == 200

    body = {"id": "evt_7", "content": {"order": {"order_id": payment.gateway_order_id, "status": "CHARGED"}}}
    notice = active_gateway().parse_webhook(
        authorization=basic("smlr-webhook", "webhook-secret-1"), body=json.dumps(body).encode()
    )
    repeated = payment_confirm(payment=loaded_before, source=PaymentEvent.Source.WEBHOOK, notice=notice)

    assert not repeated.changed and repeated.payment.status == "charged"
    assert transitions(payment) == [("new", "charged")]


def test_webhook_claims_are_checked_with_the_status_api(client, online_order, fake_juspay):
    payment = start(online_order)  # the gateway still says NEW
    assert post_webhook(client, payment.gateway_order_id, "CHARGED").status_code == 200
    assert not fresh(online_order).is_paid
    assert Payment.objects.get(pk=payment.pk).status == "pending"


@pytest.mark.parametrize("auth", ["", basic("smlr-webhook", "wrong"), basic("someone", "webhook-secret-1"), "Bearer x"])
def test_webhook_with_wrong_credentials_is_401(client, online_order, fake_juspay, auth):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    answer = post_webhook(client, payment.gateway_order_id, auth=auth)
    assert answer.status_code == 401
    assert answer.json() == {"message": "Webhook credentials are missing or wrong."}
    assert not fresh(online_order).is_paid


def test_malformed_or_unknown_webhooks_are_4xx(client, online_order, fake_juspay):
    auth = basic("smlr-webhook", "webhook-secret-1")
    bad = client.post(
        "/api/payments/webhook", data="{not json", content_type="application/json", HTTP_AUTHORIZATION=auth
    )
    assert bad.status_code == 400 and "message" in bad.json()
    for odd in ("[]", '"text"', '{"content": "x"}', '{"content": {"order": []}}', '{"content": {"order": {}}}', ""):
        answer = client.post(
            "/api/payments/webhook", data=odd, content_type="application/json", HTTP_AUTHORIZATION=auth
        )
        assert answer.status_code == 400, odd
        assert answer.json() == {"message": "The webhook names no order."} or "JSON" in answer.json()["message"]
    assert post_webhook(client, "Pnobody").status_code == 404


@pytest.mark.faults
def test_gateway_timeout_leaves_it_pending_and_reconciliation_later_pays(client, online_order, fake_juspay, settings):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    gateway_deadline_passes(fake_juspay, settings)  # longer than the adapter waits

    landed = come_back(client, return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY))
    webhook = post_webhook(client, payment.gateway_order_id)

    assert landed["Location"] == f"/order/{online_order.public_id}"
    assert webhook.status_code == 503  # the gateway will send it again
    assert not fresh(online_order).is_paid
    assert Payment.objects.get(pk=payment.pk).status == "new"

    fake_juspay.delay = 0
    results = payments_reconcile(settled_for=__import__("datetime").timedelta(0))

    assert [(r.payment.pk, r.from_status, r.payment.status) for r in results] == [(payment.pk, "new", "charged")]
    assert fresh(online_order).is_paid


def test_pending_then_failed_then_charged_in_the_same_gateway_order(online_order, fake_juspay):
    """The hosted page lets the shopper retry inside one gateway order; only CHARGED is final."""
    from datetime import timedelta

    payment = start(online_order)
    for status, expected in (("PENDING_VBV", "pending"), ("AUTHENTICATION_FAILED", "failed"), ("CHARGED", "charged")):
        fake_juspay.set_status(payment.gateway_order_id, status)
        payments_reconcile(settled_for=timedelta(0))
        assert Payment.objects.get(pk=payment.pk).status == expected
    assert transitions(payment) == [("new", "pending"), ("pending", "failed"), ("failed", "charged")]
    assert fresh(online_order).is_paid


def test_a_second_charge_for_a_paid_order_is_flagged_refunded_and_not_applied(
    client, cash_order, django_capture_on_commit_callbacks
):
    # The first attempt of the Pay button fails, a second session pays the order, then the shopper
    # retries the first gateway order on its page and it is charged too (two tabs, a gateway retry).
    online_order = cash_order
    first = start(online_order)
    client.get(client.post(first.payment_link, {"action": "fail"})["Location"])
    second = start(online_order)
    assert second != first
    client.get(client.post(second.payment_link, {"action": "pay"})["Location"])
    with django_capture_on_commit_callbacks(execute=True):
        client.get(client.post(first.payment_link, {"action": "pay"})["Location"])

    first.refresh_from_db()
    assert (first.status, first.flag) == ("charged", Payment.Flag.ALREADY_PAID)
    assert fresh(online_order).payment_reference == second.gateway_order_id
    (refund,) = first.refunds.all()
    paid = fresh(online_order).total_price
    assert (refund.amount, refund.state) == (paid, "succeeded")
    assert (first.captured_paise, first.refunded_paise) == (int(paid * 100), int(paid * 100))
    assert not second.refunds.exists()


def test_history_keeps_raw_answers_with_secrets_redacted(client, online_order, fake_juspay):
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    come_back(client, return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY))

    session_event, return_event = PaymentEvent.objects.filter(payment=payment).order_by("id")
    assert session_event.raw["sdk_payload"]["payload"]["clientAuthToken"] == "[redacted]"
    assert return_event.raw["status"]["amount"] == 291.0
    assert return_event.raw["status"]["card"]["card_fingerprint"] == "[redacted]"
    assert "signature" not in return_event.raw["notice"]
    assert "tkn_secret_value" not in str(list(PaymentEvent.objects.values_list("raw", flat=True)))


def test_session_failure_refuses_with_the_spec_message(online_order, fake_juspay):
    from payments.services import GatewayUnavailable

    fake_juspay.fail_next(500, {"status": "error", "error_message": "down"})
    with pytest.raises(GatewayUnavailable, match="Failed to initiate payment. Please try again."):
        start(online_order)
    assert Payment.objects.get(order=online_order).status == "failed"
    assert not fresh(online_order).is_paid
    assert Decimal(online_order.total_price) == Decimal("291.00")


def test_the_gateway_needs_no_csrf_cookie_for_its_webhook_or_a_posted_return(online_order, fake_juspay):
    from django.test import Client

    gateway_client = Client(enforce_csrf_checks=True)
    payment = start(online_order)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    assert post_webhook(gateway_client, payment.gateway_order_id).status_code == 200
    posted = gateway_client.post(
        "/payments/return", return_params(payment.gateway_order_id, "CHARGED", key=RESPONSE_KEY)
    )
    assert posted["Location"] == f"/payment/success?orderId={online_order.public_id}"


@pytest.mark.parametrize(
    ("gateway_status", "status", "flag"),
    [
        ("PARTIAL_CHARGED", "charged", Payment.Flag.IRREGULAR),
        ("AUTO_REFUNDED", "failed", ""),
        ("JUSPAY_DECLINED", "failed", ""),
        ("AUTHORIZING", "pending", ""),
        ("SOMETHING_NEW", "pending", ""),
    ],
)
def test_every_gateway_status_maps_to_a_safe_state(client, online_order, gateway_status, status, flag):
    payment = start(online_order)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status=gateway_status)
    come_back(client, return_params(payment.gateway_order_id, "CHARGED"))
    payment.refresh_from_db()
    assert (payment.status, payment.flag, payment.gateway_status) == (status, flag, gateway_status)
    assert not fresh(online_order).is_paid
