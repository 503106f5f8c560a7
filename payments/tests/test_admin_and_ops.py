"""Staff see payments read-only in Django admin; ops reconcile on demand."""

import io
import re
from datetime import timedelta

import pytest
from django.core.management import CommandError, call_command
from django.test import Client
from django.utils import timezone

from payments.management.commands.reconcile_payments import parse_since
from payments.models import Payment
from payments.services import payment_initiate

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


def test_payments_are_listed_read_only_with_their_history(staff_client, online_order, client):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    client.get(client.post(payment.payment_link, {"action": "pay"})["Location"])

    listing = staff_client.get("/staff/payments/payment/", {"q": online_order.public_id})
    assert listing.status_code == 200 and payment.gateway_order_id in listing.text
    page = staff_client.get(f"/staff/payments/payment/{payment.pk}/change/")
    assert page.status_code == 200
    assert "Browser return" in page.text and "Session created" in page.text
    assert 'name="_save"' not in page.text  # nothing to change
    assert staff_client.get("/staff/payments/payment/add/").status_code == 403
    assert staff_client.post(f"/staff/payments/payment/{payment.pk}/delete/").status_code == 403


def test_flagged_payments_stand_out_and_filter(staff_client, online_order):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    Payment.objects.filter(pk=payment.pk).update(status="charged", flag=Payment.Flag.CHARGED_AFTER_CANCEL)
    flagged = staff_client.get("/staff/payments/payment/", {"needs_staff": "yes"})
    assert "Charged after the order was cancelled" in flagged.text
    assert payment.gateway_order_id not in staff_client.get("/staff/payments/payment/", {"needs_staff": "no"}).text


def test_reconcile_command_prints_what_changed(online_order, fake_juspay):
    paid, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    # One live payment per order: a second session only after the gateway says the first failed.
    fake_juspay.set_status(paid.gateway_order_id, "AUTHENTICATION_FAILED")
    stuck, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    fake_juspay.set_status(paid.gateway_order_id, "CHARGED")
    fake_juspay.set_status(stuck.gateway_order_id, "CHARGED")
    fake_juspay.fail_next(200, {"status": "error", "error_code": "INTERNAL", "error_message": "try later"})
    out, err = io.StringIO(), io.StringIO()

    call_command("reconcile_payments", "--since", "1h", stdout=out, stderr=err)

    text = out.getvalue()
    # The first status call (the older payment) met the error; the second paid the order.
    assert f"{paid.gateway_order_id}: gateway did not answer" in text
    assert re.search(rf"{stuck.gateway_order_id} \(order {online_order.public_id}\): new → charged \[CHARGED\]", text)
    assert "1 changed, 1 could not be checked." in text
    assert "checking [##############################] 2/2" in err.getvalue()


def test_reconcile_leaves_payments_older_than_since(online_order, fake_juspay):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    Payment.objects.filter(pk=payment.pk).update(created_at=timezone.now() - timedelta(days=3))
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    out = io.StringIO()
    call_command("reconcile_payments", stdout=out, stderr=io.StringIO())
    assert "0 changed, 0 could not be checked." in out.getvalue()
    call_command("reconcile_payments", "--since", "4d", stdout=out, stderr=io.StringIO())
    assert "1 changed" in out.getvalue()


def test_the_beat_task_waits_a_few_minutes_before_asking(online_order, fake_juspay):
    from payments.tasks import reconcile_payments

    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    fake_juspay.set_status(payment.gateway_order_id, "CHARGED")
    assert reconcile_payments() == 0  # the shopper is probably still on the payment page
    Payment.objects.filter(pk=payment.pk).update(created_at=timezone.now() - timedelta(minutes=6))
    assert reconcile_payments() == 1
    assert Payment.objects.get(pk=payment.pk).status == "charged"


def test_since_accepts_durations_and_dates():
    now = timezone.now()
    assert abs((now - parse_since("90m")) - timedelta(minutes=90)) < timedelta(seconds=5)
    assert abs((now - parse_since("2d")) - timedelta(days=2)) < timedelta(seconds=5)
    assert parse_since("2026-11-20").date().isoformat() == "2026-11-20"
    with pytest.raises(CommandError):
        parse_since("yesterday")


def test_checks_refuse_the_sandbox_in_production_and_an_incomplete_juspay(settings):
    from payments.checks import payment_settings_check

    assert payment_settings_check(None) == []  # local: the sandbox
    settings.PAYMENT_SANDBOX = False
    assert [problem.id for problem in payment_settings_check(None)] == ["payments.E002"]
    settings.PAYMENT_SANDBOX = True
    assert payment_settings_check(None) == []
    settings.PAYMENT_GATEWAY = "juspay"
    settings.JUSPAY_API_KEY = ""
    assert [problem.id for problem in payment_settings_check(None)] == ["payments.E003", "payments.W001"]
    settings.PAYMENT_GATEWAY = "paypal"
    assert [problem.id for problem in payment_settings_check(None)] == ["payments.E001"]


def test_in_production_the_sandbox_takes_no_payments(settings, as_user, online_order, client):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    settings.PAYMENT_SANDBOX = False
    answer = as_user(online_order.user).post(
        "/api/payments/initiateJuspayPaymentAtDelivery", {"order_id": online_order.public_id}, format="json"
    )
    assert answer.status_code == 502
    assert client.get(payment.payment_link).status_code == 404
    assert client.post(payment.payment_link, {"action": "pay"}).status_code == 404


def test_the_order_admin_filters_and_names_orders_whose_payment_needs_staff(staff_client, online_order, cash_order):
    payment, _ = payment_initiate(user=online_order.user, public_id=online_order.public_id)
    Payment.objects.filter(pk=payment.pk).update(status="charged", flag=Payment.Flag.AMOUNT_MISMATCH)

    listing = staff_client.get("/staff/orders/order/", {"payment_needs_staff": "yes"})
    assert online_order.invoice_number in listing.text and cash_order.invoice_number not in listing.text
    page = staff_client.get(f"/staff/orders/order/{online_order.pk}/change/")
    assert f"{payment.gateway_order_id}: Charged amount differs from the order (₹291.00)" in page.text
