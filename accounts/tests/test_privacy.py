"""DPDP Act 2023 (issue 28): the sign-up notice and consent, withdrawing the optional consent,
downloading my data, deleting my account, `manage.py purge_personal_data`."""

import json
from datetime import timedelta
from decimal import Decimal
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.test import TestCase
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from accounts import privacy
from accounts.models import Consent, User
from accounts.tests.conftest import NEW_PHONE, REGISTER_URL
from conftest import client_for
from notifications.models import SmsMessage
from orders.models import Order, OrderItem
from shop import privacy as assembled
from support.models import Ticket, TicketLine

pytestmark = pytest.mark.django_db

NOTICE_URL = "/api/users/privacy-notice"
PRIVACY_URL = "/api/users/me/privacy"
DATA_URL = "/api/users/me/data"
DELETE_URL = "/api/users/me/delete"
LOGIN_URL = "/api/users/auth"


def register(client, token, **fields):
    body = {"name": "Asha", "phoneNo": NEW_PHONE, "password": "fresh-pass-9", "verificationToken": token, **fields}
    return client.post(REGISTER_URL, body, format="json")


def bearer(token: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


_invoices = iter(range(1, 10_000))


def order_of(user, *, status="delivered", total="120.00", lines=1) -> Order:
    number = next(_invoices)
    order = Order.objects.create(
        invoice_number=f"DPDP-{number}",
        user=user,
        shipping_street="12 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        place_of_supply="Andhra Pradesh",
        payment_method="Cash Or UPI",
        items_price=Decimal(total),
        shipping_price=Decimal("0.00"),
        total_price=Decimal(total),
        status=status,
        delivered_at=timezone.now() if status == "delivered" else None,
        cancelled_at=timezone.now() if status == "cancelled" else None,
    )
    for index in range(lines):
        OrderItem.objects.create(
            order=order,
            product_id=index + 1,
            brand_id=0,
            name=f"Rice {index}",
            brand="Lakshmi",
            quantity="1",
            units="kg",
            mrp=Decimal("60.00"),
            price=Decimal(total) / lines,
            qty=1,
            line_total=Decimal(total) / lines,
        )
    return order


def ticket_of(user, order: Order, number: str) -> Ticket:
    ticket = Ticket.objects.create(
        number=number,
        user=user,
        order=order,
        contact_name="Asha",
        contact_phone=user.phone_no,
        contact_email="asha@example.com",
        text="Two eggs broken",
    )
    TicketLine.objects.create(ticket=ticket, order_item=order.items.first(), problem="damaged", quantity=1)
    return ticket


# --- The notice and consent at sign-up ---------------------------------------------------------------


def test_the_notice_is_itemised_versioned_and_names_the_grievance_officer(api_client, settings):
    settings.GRIEVANCE_OFFICER_NAME = "K. Srinivas"
    answer = api_client.get(NOTICE_URL).json()
    assert answer["version"] == privacy.NOTICE_VERSION
    assert [item["key"] for item in answer["items"]] == ["collected", "purpose", "offers", "rights", "contact"]
    assert "K. Srinivas" in answer["items"][-1]["text"]
    assert answer["offerSmsLabel"] == "Send me offers by SMS"


def test_the_notice_is_in_telugu_for_a_telugu_page(api_client):
    answer = api_client.get(NOTICE_URL, HTTP_ACCEPT_LANGUAGE="te").json()
    assert answer["items"][0]["title"] == "మేము సేకరించేవి"
    assert answer["offerSmsLabel"] == "ఆఫర్లను SMS ద్వారా పంపండి"


def test_registration_records_consent_with_version_time_and_language(api_client, verification_token):
    before = timezone.now()
    response = register(
        api_client,
        verification_token(),
        offerSms=True,
        noticeVersion=privacy.NOTICE_VERSION,
    )
    assert response.status_code == 201, response.json()
    user = User.objects.get(phone_no=NEW_PHONE)
    consents = list(user.consents.values_list("purpose", "notice_version", "language", "withdrawn_at"))
    assert consents == [
        ("essential", privacy.NOTICE_VERSION, "en", None),
        ("offer_sms", privacy.NOTICE_VERSION, "en", None),
    ]
    assert all(before <= consent.granted_at <= timezone.now() for consent in user.consents.all())
    assert list(privacy.users_accepting_offer_sms()) == [user]


def test_a_telugu_registration_records_the_consent_language(api_client, verification_token):
    token = verification_token()
    response = api_client.post(
        REGISTER_URL,
        {"name": "Asha", "phoneNo": NEW_PHONE, "password": "fresh-pass-9", "verificationToken": token},
        format="json",
        HTTP_ACCEPT_LANGUAGE="te",
    )
    assert response.status_code == 201
    assert list(Consent.objects.values_list("purpose", "language")) == [("essential", "te")]


def test_an_old_client_registers_with_the_essential_consent_only(api_client, verification_token):
    response = register(api_client, verification_token())
    assert response.status_code == 201
    assert list(Consent.objects.values_list("purpose", flat=True)) == ["essential"]
    assert not privacy.users_accepting_offer_sms().exists()


def test_a_notice_other_than_the_current_one_is_refused(api_client, verification_token):
    token = verification_token()
    response = register(api_client, token, noticeVersion="2020-01-01")
    assert response.status_code == 409
    assert response.json() == {"message": str(privacy.NOTICE_CHANGED)}
    assert not User.objects.exists()
    assert register(api_client, token, noticeVersion=privacy.NOTICE_VERSION).status_code == 201  # token unspent


# --- Withdraw and grant ------------------------------------------------------------------------------


def test_offer_sms_withdrawn_and_granted_again_keeps_the_history(customer):
    client = client_for(customer)
    assert client.get(PRIVACY_URL).json() == {"offerSms": False, "consents": []}
    assert client.put(PRIVACY_URL, {"offerSms": True}, format="json").json()["offerSms"] is True
    assert privacy.offer_sms_allowed(user=customer)
    answer = client.put(PRIVACY_URL, {"offerSms": False}, format="json").json()
    assert answer["offerSms"] is False
    assert answer["consents"][0]["withdrawnAt"] is not None
    assert not privacy.offer_sms_allowed(user=customer)
    assert customer not in privacy.users_accepting_offer_sms()
    client.put(PRIVACY_URL, {"offerSms": True}, format="json")
    client.put(PRIVACY_URL, {"offerSms": True}, format="json")  # twice: still one open consent
    rows = list(Consent.objects.filter(user=customer).values_list("withdrawn_at", flat=True))
    assert len(rows) == 2 and rows[0] is not None and rows[1] is None


@pytest.mark.parametrize("body", [{}, {"offerSms": 0}, {"offerSms": "yes"}, {"offerSms": None}])
def test_offer_sms_needs_true_or_false(customer, body):
    response = client_for(customer).put(PRIVACY_URL, body, format="json")
    assert response.status_code == 400
    assert "message" in response.json()
    assert not Consent.objects.exists()


# --- Download my data --------------------------------------------------------------------------------


def test_download_my_data_holds_profile_address_orders_tickets_and_consents(customer, other_customer):
    customer.street, customer.city, customer.postal_code = "4 Temple Street", "Amalapuram", "533201"
    customer.save()
    order = order_of(customer, lines=2)
    ticket_of(customer, order, "T-2026-1")
    order_of(other_customer)
    privacy.offer_sms_set(user=customer, allowed=True)
    response = client_for(customer).get(DATA_URL)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"].startswith('attachment; filename="my-data-')
    assert "no-store" in response["Cache-Control"]
    data = json.loads(response.content)
    assert data["profile"]["phoneNo"] == customer.phone_no
    assert data["addresses"] == [
        {"street": "4 Temple Street", "city": "Amalapuram", "postalCode": "533201", "location": None}
    ]
    assert [o["_id"] for o in data["orders"]] == [order.public_id]
    assert [line["name"] for line in data["orders"][0]["orderItems"]] == ["Rice 0", "Rice 1"]
    assert data["orders"][0]["totalPrice"] == 120
    assert data["tickets"][0]["number"] == "T-2026-1"
    assert data["tickets"][0]["lines"] == [{"item": "Rice 0", "problem": "damaged", "quantity": 1}]
    assert [c["purpose"] for c in data["consents"]] == ["offer_sms"]


def test_download_my_data_takes_the_same_queries_whatever_its_size(customer):
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client_for(customer).get(DATA_URL).status_code == 200
        return len(captured)

    order = order_of(customer)
    ticket_of(customer, order, "T-2026-1")
    few = queries()
    for number in range(2, 7):
        ticket_of(customer, order_of(customer, lines=3), f"T-2026-{number}")
    Consent.objects.create(user=customer, purpose="offer_sms", notice_version="x", language="en")
    assert queries() == few


def test_download_my_data_is_for_the_signed_in_user_only(api_client):
    assert api_client.get(DATA_URL).status_code == 401
    assert api_client.get(PRIVACY_URL).status_code == 401
    assert api_client.post(DELETE_URL, {"password": "x"}, format="json").status_code == 401


# --- Delete my account -------------------------------------------------------------------------------


def delete_account(client, password="secret-pass-1"):
    # The erasure task is queued after the request commits: run those hooks as a real commit would.
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(DELETE_URL, {"password": password}, format="json")


def test_deleting_needs_the_right_password(customer):
    client = client_for(customer)
    response = delete_account(client, "wrong-password")
    assert response.status_code == 400
    assert response.json() == {"message": "Your current password is not right."}
    assert delete_account(client, "").status_code == 400
    customer.refresh_from_db()
    assert customer.is_active and customer.deletion_requested_at is None


def test_deleting_stops_sign_in_and_every_token_at_once(customer):
    from unittest import mock

    client = client_for(customer)
    other_token = client_for(customer)
    with mock.patch("shop.tasks.erase_personal_data.delay") as queued:
        response = delete_account(client)
    assert response.status_code == 200
    assert response.json() == {"message": str(assembled.ACCOUNT_DELETED)}
    queued.assert_called_once_with(customer.pk)
    assert client.get("/api/users/profile").status_code == 401
    assert other_token.get("/api/users/profile").status_code == 401
    login = APIClient().post(LOGIN_URL, {"phoneNo": customer.phone_no, "password": "secret-pass-1"}, format="json")
    assert login.status_code == 401
    customer.refresh_from_db()
    assert customer.name == "Asha Customer"  # not erased yet: the task does it
    assert not customer.is_active and customer.deletion_requested_at is not None


def test_deleting_is_refused_while_an_order_is_on_its_way(customer):
    order_of(customer, status="dispatched")
    response = delete_account(client_for(customer))
    assert response.status_code == 409
    assert response.json() == {"message": str(assembled.OPEN_ORDERS)}
    customer.refresh_from_db()
    assert customer.is_active


def test_an_admin_cannot_delete_their_own_account_here(admin_user):
    assert delete_account(client_for(admin_user)).status_code == 400


def test_the_task_pseudonymises_and_keeps_the_tax_records(customer):
    customer.street, customer.city, customer.postal_code = "4 Temple Street", "Amalapuram", "533201"
    customer.latitude, customer.longitude = Decimal("16.57"), Decimal("82.00")
    customer.save()
    phone = customer.phone_no
    small = order_of(customer)
    large = order_of(customer, total="60000.00")
    ticket = ticket_of(customer, small, "T-2026-9")
    SmsMessage.objects.create(phone_no=phone, text="Your order is delivered")
    assert delete_account(client_for(customer)).status_code == 200  # eager Celery: erased at once
    customer.refresh_from_db()
    assert customer.name == "Deleted user"
    assert customer.phone_no == privacy.erased_phone(customer.pk) and not customer.phone_no.isdigit()
    assert (customer.street, customer.city, customer.postal_code, customer.latitude) == ("", "", "", None)
    assert not customer.has_usable_password() and customer.erased_at is not None
    small.refresh_from_db()
    large.refresh_from_db()
    assert (small.shipping_street, small.shipping_city, small.shipping_postal_code) == ("", "", "")
    # What GST law keeps: invoice number, date, amounts, tax lines, place of supply (and the address
    # of a B2C invoice from Rs 50,000, CGST Rules r.46).
    assert (small.invoice_number, small.total_price, small.place_of_supply) == (
        small.invoice_number,
        Decimal("120.00"),
        "Andhra Pradesh",
    )
    assert small.items.count() == 1 and small.user_id == customer.pk
    assert large.shipping_street == "12 Main Road"
    ticket.refresh_from_db()
    assert (ticket.contact_name, ticket.contact_phone, ticket.contact_email) == ("", "", "")
    assert not SmsMessage.objects.filter(phone_no=phone).exists()


def test_the_phone_registers_again_as_a_new_account(customer, api_client, verification_token):
    old_order = order_of(customer)
    old_client = client_for(customer)
    assert delete_account(old_client).status_code == 200
    response = register(api_client, verification_token(customer.phone_no), phoneNo=customer.phone_no)
    assert response.status_code == 201, response.json()
    new_user = User.objects.get(phone_no=customer.phone_no)
    assert new_user.pk != customer.pk
    old_order.refresh_from_db()
    assert old_order.user_id == customer.pk
    assert old_client.get("/api/users/profile").status_code == 401
    assert bearer(response.json()["token"]).get("/api/orders/mine").json() == []


def test_the_phone_registers_again_before_the_task_ran(customer, api_client, verification_token, settings):
    from unittest import mock

    with mock.patch("shop.tasks.erase_personal_data.delay"):
        assert delete_account(client_for(customer)).status_code == 200
    response = register(api_client, verification_token(customer.phone_no), phoneNo=customer.phone_no)
    assert response.status_code == 201, response.json()
    customer.refresh_from_db()
    assert customer.erased_at is not None and customer.name == "Deleted user"


def test_a_deleted_account_gets_no_new_password(customer, api_client, verification_token):
    from unittest import mock

    with mock.patch("shop.tasks.erase_personal_data.delay"):
        delete_account(client_for(customer))
    token = verification_token(customer.phone_no, "reset")
    response = api_client.post(
        "/api/users/forgot-password",
        {"phoneNo": customer.phone_no, "password": "brand-new-pass-7", "verificationToken": token},
        format="json",
    )
    assert response.status_code in (403, 404)
    customer.refresh_from_db()
    assert customer.check_password("secret-pass-1")


# --- purge_personal_data -----------------------------------------------------------------------------


def _requested(user, ago: timedelta) -> None:
    User.objects.filter(pk=user.pk).update(deletion_requested_at=timezone.now() - ago, is_active=False)


def test_purge_erases_the_due_requests_and_counts(make_user, settings):
    due, recent, kept = make_user(), make_user(), make_user()
    _requested(due, timedelta(hours=2))
    _requested(recent, timedelta(minutes=5))
    out = StringIO()
    call_command("purge_personal_data", stdout=out)
    assert out.getvalue().strip() == "Erased 1 deleted accounts; 1 deletion requests still waiting."
    assert list(User.objects.filter(erased_at__isnull=False)) == [due]
    out = StringIO()
    call_command("purge_personal_data", "--now", stdout=out)
    assert out.getvalue().strip() == "Erased 1 deleted accounts; 0 deletion requests still waiting."
    kept.refresh_from_db()
    assert kept.erased_at is None and kept.name.startswith("Customer")
    assert "purge-personal-data" in settings.CELERY_BEAT_SCHEDULE


def test_the_hourly_task_runs_the_same_purge(make_user):
    from shop.tasks import purge_personal_data

    user = make_user()
    _requested(user, timedelta(hours=3))
    assert purge_personal_data.apply().get() == {"erased": 1, "waiting": 0}
