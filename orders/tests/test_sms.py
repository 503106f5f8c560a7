"""The customer hears by SMS when the order is placed, dispatched and delivered; a failed SMS
never fails the order."""

from unittest import mock

import pytest

from orders.models import Order
from orders.pipeline import order_advance
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db


def test_placing_an_order_texts_the_customer(as_user, shopper, packs, sms_outbox, django_capture_on_commit_callbacks):
    body = payload([line(packs.rice_5kg, 3), line(packs.oil_1l, 1)], shopper)

    with django_capture_on_commit_callbacks(execute=True):
        placed = as_user(shopper).post("/api/orders", body, format="json").json()
    order_id, invoice_number = placed["_id"], placed["invoiceNumber"]

    # The shopper reads the invoice number (as on the bill and staff screens); the link needs the id.
    assert sms_outbox(shopper.phone_no) == [
        f"Your SMLR Mart order {invoice_number} for ₹1,342.50 is placed. We will deliver it within 24 hours. "
        f"Track it at http://127.0.0.1:8000/order/{order_id}"
    ]


def test_a_refused_order_sends_nothing(as_user, shopper, packs, sms_outbox, django_capture_on_commit_callbacks):
    body = payload([line(packs.rice_1kg, 5)], shopper)
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        assert as_user(shopper).post("/api/orders", body, format="json").status_code == 409
    assert callbacks == [] and sms_outbox() == []


def test_dispatch_and_delivery_are_texted_but_packing_is_not(
    shopper, admin_user, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    order = place_order(shopper)

    with django_capture_on_commit_callbacks(execute=True):
        order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)
    after_packing = sms_outbox()
    with django_capture_on_commit_callbacks(execute=True):
        order_advance(order=order, to_status=Order.Status.DISPATCHED, by=admin_user)
        order_advance(order=order, to_status=Order.Status.DELIVERED, by=admin_user)

    assert after_packing == []
    assert sms_outbox(shopper.phone_no) == [
        f"Your SMLR Mart order {order.invoice_number} is dispatched and on its way to you.",
        f"Your SMLR Mart order {order.invoice_number} is delivered. Thank you for shopping with SMLR Mart!",
    ]


def test_an_sms_that_cannot_be_queued_does_not_fail_the_order(
    as_user, shopper, packs, django_capture_on_commit_callbacks, caplog
):
    body = payload([line(packs.oil_1l, 2)], shopper)

    with mock.patch("notifications.services.send_sms.delay", side_effect=RuntimeError("broker down")) as delay:
        with django_capture_on_commit_callbacks(execute=True):
            response = as_user(shopper).post("/api/orders", body, format="json")

    assert response.status_code == 201
    assert delay.call_count == 1
    assert Order.objects.filter(public_id=response.json()["_id"]).exists()
    packs.oil_1l.refresh_from_db()
    assert packs.oil_1l.count_in_stock == 38
    assert "could not queue the placed SMS" in caplog.text


def test_a_provider_failure_does_not_fail_the_order(
    as_user, shopper, packs, settings, django_capture_on_commit_callbacks
):
    settings.SMS_BACKEND = "msg91"  # with no key configured, the backend refuses every message
    settings.SMS_MSG91_AUTH_KEY = ""
    body = payload([line(packs.oil_1l, 1)], shopper)

    with django_capture_on_commit_callbacks(execute=True):
        response = as_user(shopper).post("/api/orders", body, format="json")

    assert response.status_code == 201


def test_an_sms_failure_does_not_undo_a_pipeline_step(
    shopper, admin_user, place_order, django_capture_on_commit_callbacks
):
    order = place_order(shopper)
    order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)

    with mock.patch("notifications.services.send_sms.delay", side_effect=RuntimeError("broker down")):
        with django_capture_on_commit_callbacks(execute=True):
            order_advance(order=order, to_status=Order.Status.DISPATCHED, by=admin_user)

    assert Order.objects.get(pk=order.pk).status == "dispatched"


def test_a_telugu_customer_is_texted_in_telugu(
    admin_user, shopper, place_order, sms_outbox, django_capture_on_commit_callbacks
):
    shopper.language = "te"
    shopper.save(update_fields=["language"])
    with django_capture_on_commit_callbacks(execute=True):
        order = place_order(shopper)
        order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)
        order_advance(order=order, to_status=Order.Status.DISPATCHED, by=admin_user)

    placed, dispatched = sms_outbox(shopper.phone_no)
    assert placed.startswith(f"మీ SMLR Mart ఆర్డర్ {order.invoice_number} (₹145.50) నమోదైంది.")
    assert dispatched == f"మీ SMLR Mart ఆర్డర్ {order.invoice_number} పంపబడింది, మీ వద్దకు వస్తోంది."
