"""Refunds and store credit in Django admin: read-only, searchable, manual review flagged, and the
one action asks the gateway without sending anything again."""

from decimal import Decimal

import pytest
from django.db import transaction
from django.test import Client

from orders.models import Order
from payments.credit import credit_grant
from payments.models import Refund
from payments.refunds import money_back
from payments.tests.test_refund_gateway import pay_with_juspay

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


def refund_of(order, amount="40.00") -> Refund:
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        return money_back(order=locked, amount=Decimal(amount), reason="Damaged pack", by=None).refund


def test_refunds_are_listed_searchable_and_manual_review_stands_out(
    staff_client, online_order, fake_juspay, django_capture_on_commit_callbacks
):
    pay_with_juspay(online_order, fake_juspay)
    fake_juspay.refund_outcome = "MANUAL_REVIEW"
    with django_capture_on_commit_callbacks(execute=True):
        review = refund_of(online_order)
    listing = staff_client.get("/staff/payments/refund/", {"needs_staff": "yes"})
    assert listing.status_code == 200
    page = listing.content.decode()
    assert review.unique_request_id in page and "Manual review" in page and "40.00" in page
    found = staff_client.get("/staff/payments/refund/", {"q": online_order.user.phone_no}).content.decode()
    assert review.unique_request_id in found
    detail = staff_client.get(f"/staff/payments/refund/{review.pk}/change/").content.decode()
    assert "Damaged pack" in detail and "MANUAL_REVIEW" in detail
    assert staff_client.get("/staff/payments/refund/add/").status_code == 403


def test_the_check_action_asks_the_gateway_and_sends_nothing(
    staff_client, online_order, fake_juspay, django_capture_on_commit_callbacks
):
    pay_with_juspay(online_order, fake_juspay)
    fake_juspay.refund_outcome = "MANUAL_REVIEW"
    with django_capture_on_commit_callbacks(execute=True):
        review = refund_of(online_order)
    fake_juspay.set_refund_status(review.unique_request_id, "SUCCESS")
    answer = staff_client.post(
        "/staff/payments/refund/", {"action": "check_with_gateway", "_selected_action": [review.pk]}, follow=True
    )
    assert answer.status_code == 200 and "Succeeded" in answer.content.decode()
    assert Refund.objects.get(pk=review.pk).state == "succeeded"
    assert len(fake_juspay.refunds_sent()) == 1


def test_store_credit_balances_and_ledger_are_shown(staff_client, customer, admin_user):
    credit_grant(user=customer, amount=Decimal("25.50"), reason="Goodwill for a late delivery", by=admin_user)
    accounts = staff_client.get("/staff/payments/storecreditaccount/", {"q": customer.phone_no}).content.decode()
    assert "25.50" in accounts
    ledger = staff_client.get("/staff/payments/storecreditentry/", {"kind": "grant"}).content.decode()
    assert "Goodwill for a late delivery" in ledger


def test_the_reconcile_command_settles_refunds_and_names_manual_review(
    online_order, fake_juspay, django_capture_on_commit_callbacks
):
    import io

    from django.core.management import call_command

    pay_with_juspay(online_order, fake_juspay)
    with django_capture_on_commit_callbacks(execute=True):
        done, review = refund_of(online_order, "10.00"), refund_of(online_order, "20.00")
    fake_juspay.set_refund_status(done.unique_request_id, "SUCCESS")
    fake_juspay.set_refund_status(review.unique_request_id, "MANUAL_REVIEW")
    out = io.StringIO()
    call_command("reconcile_payments", stdout=out, stderr=io.StringIO())
    text = out.getvalue()
    assert f"refund {done.unique_request_id} (order {online_order.public_id}, ₹10.00): pending → succeeded" in text
    assert f"refund {review.unique_request_id}" in text and "NEEDS STAFF: manual review" in text
    assert "Refunds: 2 settled, 0 could not be checked, 1 in manual review." in text
