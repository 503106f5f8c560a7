"""Django admin (/staff/) for users, SMS messages and OTPs, and createsuperuser by phone number."""

import pytest
from django.core.management import call_command
from django.test import Client

from accounts.models import PhoneOtp, User
from accounts.otp import otp_send
from notifications.models import SmsMessage

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(admin_user):
    client = Client()
    client.force_login(admin_user)
    return client


def test_user_list_searches_and_filters(staff_client, customer, other_customer):
    response = staff_client.get("/staff/accounts/user/", {"q": "Ravi"})
    assert response.status_code == 200
    assert other_customer.phone_no in response.text and customer.phone_no not in response.text
    response = staff_client.get("/staff/accounts/user/", {"q": customer.phone_no})
    assert customer.phone_no in response.text
    response = staff_client.get("/staff/accounts/user/", {"is_staff__exact": "1"})
    assert "Lakshmi Admin" in response.text and customer.phone_no not in response.text
    assert staff_client.get("/staff/accounts/user/", {"is_active__exact": "0"}).status_code == 200


def test_user_change_page_shows_no_password_hash_field(staff_client, customer):
    response = staff_client.get(f"/staff/accounts/user/{customer.pk}/change/")
    assert response.status_code == 200
    assert 'name="password"' not in response.text
    assert "../password/" in response.text or f"/staff/accounts/user/{customer.pk}/password/" in response.text
    assert customer.password not in response.text


def test_user_edit_keeps_the_password(staff_client, customer):
    response = staff_client.post(
        f"/staff/accounts/user/{customer.pk}/change/",
        {
            "phone_no": customer.phone_no,
            "name": "Edited",
            "street": "",
            "city": "",
            "postal_code": "",
            "latitude": "",
            "longitude": "",
            "is_active": "on",
        },
    )
    assert response.status_code == 302, response.context["adminform"].form.errors if response.context else ""
    customer.refresh_from_db()
    assert customer.name == "Edited"
    assert customer.check_password("secret-pass-1")


def test_password_changes_through_the_change_password_form(staff_client, customer):
    response = staff_client.post(
        f"/staff/accounts/user/{customer.pk}/password/",
        {"password1": "changed-by-staff-1", "password2": "changed-by-staff-1", "usable_password": "true"},
    )
    assert response.status_code == 302
    customer.refresh_from_db()
    assert customer.check_password("changed-by-staff-1")


def test_add_user_by_phone(staff_client):
    response = staff_client.post(
        "/staff/accounts/user/add/",
        {
            "phone_no": "9123456789",
            "name": "New",
            "usable_password": "true",
            "password1": "staff-made-pass-1",
            "password2": "staff-made-pass-1",
        },
    )
    assert response.status_code == 302
    assert User.objects.get(phone_no="9123456789").check_password("staff-made-pass-1")


def test_add_user_refuses_a_bad_phone(staff_client):
    response = staff_client.post(
        "/staff/accounts/user/add/",
        {
            "phone_no": "12345",
            "name": "New",
            "usable_password": "true",
            "password1": "staff-made-pass-1",
            "password2": "staff-made-pass-1",
        },
    )
    assert response.status_code == 200
    assert "Please enter a valid 10-digit phone number." in response.text


def test_a_customer_cannot_open_django_admin(customer):
    client = Client()
    client.force_login(customer)
    assert client.get("/staff/").status_code == 302


def test_sms_outbox_is_listed(staff_client):
    SmsMessage.objects.create(phone_no="9123456789", text="Hello there")
    response = staff_client.get("/staff/notifications/smsmessage/")
    assert response.status_code == 200
    assert "Hello there" in response.text


def test_otps_are_listed_without_their_hash(settings, staff_client):
    settings.SMS_BACKEND = "console"
    otp_send(phone_no="9123456789", purpose="register")
    otp = PhoneOtp.objects.get()
    listing = staff_client.get("/staff/accounts/phoneotp/")
    detail = staff_client.get(f"/staff/accounts/phoneotp/{otp.pk}/change/")
    assert listing.status_code == detail.status_code == 200
    assert "9123456789" in listing.text
    assert otp.code_hash not in listing.text and otp.code_hash not in detail.text


def test_createsuperuser_by_phone_non_interactively(db, monkeypatch):
    monkeypatch.setenv("DJANGO_SUPERUSER_PASSWORD", "admin-pass-123")
    call_command("createsuperuser", "--noinput", "--phone_no", "9000000009", verbosity=0)
    admin = User.objects.get(phone_no="9000000009")
    assert admin.is_staff and admin.is_superuser
    assert admin.check_password("admin-pass-123")
    assert admin.name == "Admin"


def test_createsuperuser_asks_for_the_phone_number(db, monkeypatch):
    answers = iter(["9000000008"])
    monkeypatch.setattr("builtins.input", lambda prompt="": next(answers))
    monkeypatch.setattr("getpass.getpass", lambda prompt="": "admin-pass-123")
    call_command("createsuperuser", interactive=True, stdin=None, verbosity=0)
    assert User.objects.get(phone_no="9000000008").is_staff


def _change_payload(user: User, **changes) -> dict:
    data = {
        "phone_no": user.phone_no,
        "name": user.name,
        "street": "",
        "city": "",
        "postal_code": "",
        "latitude": "",
        "longitude": "",
        "is_active": "on",
        "role": "owner" if user.is_staff else "",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value != ""}


def test_staff_admin_refuses_removing_your_own_admin_flag(staff_client, admin_user):
    response = staff_client.post(f"/staff/accounts/user/{admin_user.pk}/change/", _change_payload(admin_user, role=""))
    assert response.status_code == 200
    assert "You cannot remove your own admin rights." in response.text
    admin_user.refresh_from_db()
    assert admin_user.is_staff


def test_staff_admin_may_demote_another_admin(staff_client, admin_user, make_user):
    second = make_user(name="Second Admin", is_staff=True)
    response = staff_client.post(f"/staff/accounts/user/{second.pk}/change/", _change_payload(second, role=""))
    assert response.status_code == 302
    second.refresh_from_db()
    assert not second.is_staff


def test_staff_admin_sets_a_role_by_the_group(staff_client, customer):
    from accounts.roles import Role, role_of

    page = staff_client.get(f"/staff/accounts/user/{customer.pk}/change/")
    assert 'name="role"' in page.text and 'name="is_staff"' not in page.text
    response = staff_client.post(f"/staff/accounts/user/{customer.pk}/change/", _change_payload(customer, role="rider"))
    assert response.status_code == 302
    customer.refresh_from_db()
    assert role_of(customer) == Role.RIDER and not customer.is_staff
    staff_client.post(f"/staff/accounts/user/{customer.pk}/change/", _change_payload(customer, role="owner"))
    customer.refresh_from_db()
    assert customer.is_staff and list(customer.groups.values_list("name", flat=True)) == ["owner"]


def test_only_the_owner_edits_users_in_staff_admin(client, make_user, admin_user):
    from accounts.services import user_role_set

    cashier = user_role_set(actor=admin_user, user=make_user(name="Cashier"), role="cashier")
    client.force_login(cashier)
    assert client.get("/staff/").status_code == 200
    assert client.get(f"/staff/accounts/user/{cashier.pk}/change/").status_code == 403
