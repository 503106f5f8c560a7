"""Registration and password reset need a verification token for that phone and purpose."""

import time
from datetime import timedelta

import pytest
from django.core import signing
from rest_framework.test import APIClient

from accounts.models import PhoneOtp, User
from accounts.tests.conftest import NEW_PHONE, REGISTER_URL

pytestmark = pytest.mark.django_db

FORGOT_URL = "/api/users/forgot-password"
LOGIN_URL = "/api/users/auth"


def register(client, **fields):
    body = {"name": "Asha", "phoneNo": NEW_PHONE, "password": "fresh-pass-9", **fields}
    return client.post(REGISTER_URL, body, format="json")


def reset(client, **fields):
    return client.post(FORGOT_URL, {"password": "brand-new-pass-7", **fields}, format="json")


# --- register ---------------------------------------------------------------------------------------


def test_register_creates_the_user_and_signs_in(api_client, verification_token):
    token = verification_token(NEW_PHONE)
    response = register(api_client, verificationToken=token)
    assert response.status_code == 201
    info = response.json()
    user = User.objects.get(phone_no=NEW_PHONE)
    assert info["_id"] == str(user.pk)
    assert (info["name"], info["phoneNo"], info["isAdmin"]) == ("Asha", NEW_PHONE, False)
    assert info["token"] and info["expiresAt"]
    assert user.check_password("fresh-pass-9")
    assert not user.is_staff
    bearer = APIClient()
    bearer.credentials(HTTP_AUTHORIZATION=f"Bearer {info['token']}")
    assert bearer.get("/api/users/profile").status_code == 200


def test_register_without_a_token_fails(api_client):
    response = register(api_client)
    assert response.status_code == 400
    assert response.json() == {"message": "Please verify your phone number with the OTP first."}
    assert not User.objects.exists()


def test_register_with_another_phones_token_fails(api_client, verification_token):
    other_token = verification_token("9123456781")
    response = register(api_client, verificationToken=other_token)
    assert response.status_code == 403
    assert "verify your phone number again" in response.json()["message"]
    assert not User.objects.filter(phone_no=NEW_PHONE).exists()


def test_register_with_a_reset_token_fails(api_client, customer, verification_token):
    reset_token = verification_token(customer.phone_no, "reset")
    response = register(api_client, phoneNo=customer.phone_no, verificationToken=reset_token)
    assert response.status_code == 403


def test_register_with_a_forged_token_fails(api_client):
    forged = signing.dumps(
        {"phone": NEW_PHONE, "otp": 1}, key="guessed-key", salt="accounts.phone-verification.register"
    )
    response = register(api_client, verificationToken=forged)
    assert response.status_code == 403


def test_register_with_a_token_older_than_ten_minutes_fails(api_client, verification_token, monkeypatch):
    token = verification_token(NEW_PHONE)
    issued = time.time()
    monkeypatch.setattr(signing.time, "time", lambda: issued + 601)
    response = register(api_client, verificationToken=token)
    assert response.status_code == 403
    assert response.json()["message"] == (
        "Your phone verification is invalid or has expired. Please verify your phone number again."
    )
    assert not User.objects.exists()


def test_a_verification_token_registers_once(api_client, verification_token):
    token = verification_token(NEW_PHONE)
    assert register(api_client, verificationToken=token).status_code == 201
    User.objects.filter(phone_no=NEW_PHONE).delete()
    response = register(api_client, verificationToken=token)
    assert response.status_code == 403
    assert response.json() == {
        "message": "This phone verification has already been used. Please verify your phone number again."
    }


def test_a_refused_registration_does_not_spend_the_token(api_client, verification_token):
    token = verification_token(NEW_PHONE)
    assert register(api_client, verificationToken=token, password="123").status_code == 400
    assert register(api_client, verificationToken=token).status_code == 201


def test_register_for_an_existing_number_is_409_once_the_otp_proved_the_number(
    api_client, customer, verification_token
):
    token = verification_token(customer.phone_no, "register")
    response = register(api_client, phoneNo=customer.phone_no, verificationToken=token)
    assert response.status_code == 409
    assert response.json() == {"message": "An account with this phone number already exists. Please sign in."}


@pytest.mark.parametrize("token", [None, "anything"])
def test_register_without_a_proven_number_answers_alike_for_known_and_unknown(api_client, customer, token):
    fields = {} if token is None else {"verificationToken": token}
    known = register(api_client, phoneNo=customer.phone_no, **fields)
    unknown = register(api_client, phoneNo=NEW_PHONE, **fields)
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert known.status_code in (400, 403)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"name": ""}, "Name is required."),
        ({"name": "   "}, "Name is required."),
        ({"name": "x" * 121}, "Name must be at most 120 characters."),
        ({"phoneNo": "12345"}, "Please enter a valid 10-digit phone number."),
        ({"password": ""}, "Password is required."),
        ({"password": "abc12"}, "This password is too short. It must contain at least 6 characters."),
        ({"password": "password"}, "This password is too common."),
    ],
)
def test_register_checks_its_fields(api_client, verification_token, fields, message):
    token = verification_token(NEW_PHONE)
    response = register(api_client, verificationToken=token, **fields)
    assert response.status_code == 400
    assert response.json()["message"] == message


def test_register_trims_the_name(api_client, verification_token):
    response = register(api_client, name="  Asha   Rani ", verificationToken=verification_token(NEW_PHONE))
    assert response.json()["name"] == "Asha Rani"


def test_register_never_makes_an_admin(api_client, verification_token):
    response = register(api_client, isAdmin=True, verificationToken=verification_token(NEW_PHONE))
    assert response.json()["isAdmin"] is False


def test_register_ignores_a_stale_token_in_the_header(verification_token):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Bearer stale")
    assert register(client, verificationToken=verification_token(NEW_PHONE)).status_code == 201


# --- forgot password --------------------------------------------------------------------------------


def test_reset_sets_a_new_password(api_client, customer, verification_token):
    token = verification_token(customer.phone_no, "reset")
    response = reset(api_client, phoneNo=customer.phone_no, verificationToken=token)
    assert response.status_code == 200
    assert response.json() == {"message": "Password reset successfully"}
    login = api_client.post(LOGIN_URL, {"phoneNo": customer.phone_no, "password": "brand-new-pass-7"}, format="json")
    assert login.status_code == 200


def test_reset_ends_the_old_sessions(api_client, customer, verification_token, as_user):
    old_session = as_user(customer)
    assert old_session.get("/api/users/profile").status_code == 200
    reset(api_client, phoneNo=customer.phone_no, verificationToken=verification_token(customer.phone_no, "reset"))
    assert old_session.get("/api/users/profile").status_code == 401


def test_reset_without_a_token_fails(api_client, customer):
    response = reset(api_client, phoneNo=customer.phone_no)
    assert response.status_code == 400
    assert response.json() == {"message": "Please verify your phone number with the OTP first."}
    customer.refresh_from_db()
    assert customer.check_password("secret-pass-1")


def test_reset_with_a_register_token_fails(api_client, customer, verification_token):
    register_token = verification_token(NEW_PHONE, "register")
    response = reset(api_client, phoneNo=customer.phone_no, verificationToken=register_token)
    assert response.status_code == 403


def test_reset_with_another_phones_token_fails(api_client, customer, other_customer, verification_token):
    other_token = verification_token(other_customer.phone_no, "reset")
    response = reset(api_client, phoneNo=customer.phone_no, verificationToken=other_token)
    assert response.status_code == 403
    customer.refresh_from_db()
    assert customer.check_password("secret-pass-1")


def test_a_reset_token_works_once(api_client, customer, verification_token):
    token = verification_token(customer.phone_no, "reset")
    assert reset(api_client, phoneNo=customer.phone_no, verificationToken=token).status_code == 200
    again = reset(api_client, phoneNo=customer.phone_no, verificationToken=token, password="third-pass-3")
    assert again.status_code == 403


@pytest.mark.parametrize("token", [None, "x"])
def test_reset_answers_alike_for_known_and_unknown_numbers(api_client, customer, token):
    fields = {} if token is None else {"verificationToken": token}
    known = reset(api_client, phoneNo=customer.phone_no, **fields)
    unknown = reset(api_client, phoneNo=NEW_PHONE, **fields)
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json())
    assert known.status_code in (400, 403)


def test_reset_checks_the_password(api_client, customer, verification_token):
    token = verification_token(customer.phone_no, "reset")
    response = reset(api_client, phoneNo=customer.phone_no, verificationToken=token, password="123")
    assert response.status_code == 400
    assert response.json()["message"].startswith("This password is too short.")


def test_the_otp_row_records_when_its_token_was_spent(api_client, customer, verification_token):
    reset(api_client, phoneNo=customer.phone_no, verificationToken=verification_token(customer.phone_no, "reset"))
    otp = PhoneOtp.objects.get()
    assert otp.used_at is not None and otp.consumed_at is not None
    assert otp.consumed_at - otp.used_at < timedelta(seconds=30)
