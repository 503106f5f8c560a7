"""Phone OTP: sending, resend lock, verifying, tries, expiry, single use, throttles."""

from datetime import timedelta

import pytest
from django.core import signing
from django.core.cache import cache
from django.utils import timezone

from accounts.errors import InvalidInput, TooManyRequests
from accounts.models import PhoneOtp
from accounts.otp import _check_resend_allowed, otp_send, otp_verify
from accounts.tests.conftest import NEW_PHONE, OTP_SEND_URL, OTP_VERIFY_URL, last_code, wrong_code
from notifications.models import SmsMessage

pytestmark = pytest.mark.django_db

OTP_SENT_BODY = {"message": "OTP sent successfully!", "resendIn": 300}


def _age_latest_otp(phone_no: str, seconds: int) -> None:
    """Move the latest code of a phone `seconds` into the past (sending and expiry times)."""
    otp = PhoneOtp.objects.filter(phone_no=phone_no).latest("created_at")
    otp.created_at -= timedelta(seconds=seconds)
    otp.expires_at -= timedelta(seconds=seconds)
    otp.save()


# --- send -------------------------------------------------------------------------------------------


def test_send_texts_a_six_digit_code(send_otp):
    response = send_otp(NEW_PHONE)
    assert response.status_code == 200
    assert response.json() == {"message": "OTP sent successfully!", "resendIn": 300}
    message = SmsMessage.objects.get()
    code = last_code(NEW_PHONE)
    assert message.phone_no == NEW_PHONE
    assert message.text == f"Your SMLR Mart verification code is {code}. It expires in 5 minutes."


def test_the_code_is_stored_hashed_with_a_five_minute_life(send_otp):
    send_otp(NEW_PHONE)
    otp = PhoneOtp.objects.get()
    code = last_code(NEW_PHONE)
    assert code not in otp.code_hash
    assert len(otp.code_hash) == 64
    assert otp.expires_at - otp.created_at == timedelta(minutes=5)
    assert (otp.purpose, otp.attempts, otp.used_at) == ("register", 0, None)


def test_codes_come_from_secrets(monkeypatch, db):
    monkeypatch.setattr("accounts.otp.secrets.randbelow", lambda upper: 42)
    otp_send(phone_no=NEW_PHONE, purpose="register")
    assert last_code(NEW_PHONE) == "000042"


def test_a_register_code_for_a_known_number_answers_alike_and_reaches_its_owner(send_otp, customer):
    unknown = send_otp(NEW_PHONE, "register")
    known = send_otp(customer.phone_no, "register")
    assert (known.status_code, known.json()) == (unknown.status_code, unknown.json()) == (200, OTP_SENT_BODY)
    # Only the owner of the number learns, after the code, that the account exists.
    assert SmsMessage.objects.filter(phone_no=customer.phone_no).count() == 1


def test_a_reset_code_for_an_unknown_number_answers_alike_but_is_never_texted(send_otp, customer):
    known = send_otp(customer.phone_no, "reset")
    unknown = send_otp(NEW_PHONE, "reset")
    assert (unknown.status_code, unknown.json()) == (known.status_code, known.json()) == (200, OTP_SENT_BODY)
    assert not SmsMessage.objects.filter(phone_no=NEW_PHONE).exists()
    # A code is recorded all the same, so that verifying answers alike too ("Incorrect OTP").
    assert PhoneOtp.objects.filter(phone_no=NEW_PHONE, purpose="reset").exists()


def test_verifying_a_reset_code_of_an_unknown_number_answers_like_a_known_one(send_otp, verify_otp, customer):
    send_otp(customer.phone_no, "reset")
    send_otp(NEW_PHONE, "reset")
    known = verify_otp(customer.phone_no, wrong_code(last_code(customer.phone_no)), "reset")
    unknown = verify_otp(NEW_PHONE, "000000", "reset")
    assert (unknown.status_code, unknown.json()) == (known.status_code, known.json())


def test_reset_code_goes_to_a_known_number(send_otp, customer):
    assert send_otp(customer.phone_no, "reset").status_code == 200
    assert PhoneOtp.objects.get().purpose == "reset"


@pytest.mark.parametrize(
    "phone", ["", "12345", "98765432101", "98765 43210", "+919876543210", "5876543210", "abcdefghij"]
)
def test_send_needs_a_valid_phone(send_otp, phone):
    response = send_otp(phone)
    assert response.status_code == 400
    assert response.json()["message"] == "Please enter a valid 10-digit phone number."


@pytest.mark.parametrize("purpose", ["", "login", "REGISTER"])
def test_send_needs_a_known_purpose(send_otp, purpose):
    response = send_otp(NEW_PHONE, purpose)
    assert response.status_code == 400
    assert response.json()["message"] == "Purpose must be register or reset."


def test_a_second_send_within_five_minutes_is_429_with_the_wait(send_otp):
    assert send_otp(NEW_PHONE).status_code == 200
    _age_latest_otp(NEW_PHONE, 60)
    response = send_otp(NEW_PHONE)
    assert response.status_code == 429
    body = response.json()
    assert 239 <= body["retryAfter"] <= 240
    assert body["message"] == f"Please wait {body['retryAfter']} seconds before requesting another OTP."
    assert SmsMessage.objects.count() == 1


def test_the_resend_lock_holds_even_when_the_cache_was_emptied(send_otp):
    send_otp(NEW_PHONE)
    cache.clear()
    assert send_otp(NEW_PHONE).status_code == 429


def test_the_resend_lock_holds_when_two_sends_race(db):
    """The database check passes twice at the same moment; the cache lock lets one through."""
    now = timezone.now()
    _check_resend_allowed(phone_no=NEW_PHONE, now=now)
    with pytest.raises(TooManyRequests) as caught:
        _check_resend_allowed(phone_no=NEW_PHONE, now=now)
    assert caught.value.extra == {"retryAfter": 300}


def test_a_new_code_can_be_sent_after_five_minutes(send_otp):
    send_otp(NEW_PHONE)
    _age_latest_otp(NEW_PHONE, 301)
    cache.clear()  # the lock's own time-out has passed too
    assert send_otp(NEW_PHONE).status_code == 200
    assert SmsMessage.objects.count() == 2


def test_the_resend_lock_is_per_phone(send_otp, customer):
    assert send_otp(NEW_PHONE).status_code == 200
    assert send_otp("9123456781").status_code == 200


def test_a_failing_sms_provider_does_not_fail_the_send(settings, api_client):
    settings.SMS_BACKEND = "msg91"
    settings.SMS_MSG91_AUTH_KEY = "k"
    settings.SMS_MSG91_TEMPLATE_ID = "t"
    settings.SMS_MSG91_URL = "http://127.0.0.1:9/unreachable"
    response = api_client.post(OTP_SEND_URL, {"phoneNo": NEW_PHONE, "purpose": "register"}, format="json")
    assert response.status_code == 200
    assert PhoneOtp.objects.count() == 1


# --- verify -----------------------------------------------------------------------------------------


def test_the_right_code_gives_a_signed_token_bound_to_phone_and_purpose(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    response = verify_otp(NEW_PHONE, last_code(NEW_PHONE))
    assert response.status_code == 200
    token = response.json()["verificationToken"]
    data = signing.loads(token, salt="accounts.phone-verification.register", max_age=600)
    assert data["phone"] == NEW_PHONE
    assert PhoneOtp.objects.get().used_at is not None
    with pytest.raises(signing.BadSignature):
        signing.loads(token, salt="accounts.phone-verification.reset")


def test_a_wrong_code_counts_a_try(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    response = verify_otp(NEW_PHONE, wrong_code(last_code(NEW_PHONE)))
    assert response.status_code == 400
    assert response.json() == {"message": "Incorrect OTP. 4 tries left."}
    assert PhoneOtp.objects.get().attempts == 1


@pytest.fixture
def per_code_tries_only(settings):
    """The per-phone guessing limit (accounts/guard.py) out of the way of the per-code count."""
    settings.GUESS_FREE_FAILURES = 100


def test_the_sixth_try_fails_even_with_the_right_code(per_code_tries_only, send_otp, verify_otp):
    send_otp(NEW_PHONE)
    code = last_code(NEW_PHONE)
    messages = [verify_otp(NEW_PHONE, wrong_code(code)).json()["message"] for _ in range(5)]
    assert messages == [
        "Incorrect OTP. 4 tries left.",
        "Incorrect OTP. 3 tries left.",
        "Incorrect OTP. 2 tries left.",
        "Incorrect OTP. 1 try left.",
        "Incorrect OTP. Please request a new one.",
    ]
    response = verify_otp(NEW_PHONE, code)
    assert response.status_code == 400
    assert response.json() == {"message": "Too many wrong tries. Please request a new OTP."}
    assert PhoneOtp.objects.get().used_at is None


def test_a_new_code_after_too_many_tries_works(per_code_tries_only, send_otp, verify_otp):
    send_otp(NEW_PHONE)
    for _ in range(5):
        verify_otp(NEW_PHONE, wrong_code(last_code(NEW_PHONE)))
    _age_latest_otp(NEW_PHONE, 301)
    cache.delete(f"accounts:otp-send:{NEW_PHONE}")
    assert send_otp(NEW_PHONE).status_code == 200
    assert verify_otp(NEW_PHONE, last_code(NEW_PHONE)).status_code == 200


def test_four_wrong_tries_then_the_right_code_works(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    code = last_code(NEW_PHONE)
    for _ in range(4):
        verify_otp(NEW_PHONE, wrong_code(code))
    assert verify_otp(NEW_PHONE, code).status_code == 200


def test_an_expired_code_fails(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    _age_latest_otp(NEW_PHONE, 300)
    response = verify_otp(NEW_PHONE, last_code(NEW_PHONE))
    assert response.status_code == 400
    assert response.json() == {"message": "This OTP has expired. Please request a new one."}


def test_a_used_code_fails(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    code = last_code(NEW_PHONE)
    assert verify_otp(NEW_PHONE, code).status_code == 200
    response = verify_otp(NEW_PHONE, code)
    assert response.status_code == 400
    assert response.json() == {"message": "This OTP has already been used. Please request a new one."}


def test_a_code_is_for_its_purpose_only(send_otp, verify_otp):
    send_otp(NEW_PHONE, "register")
    response = verify_otp(NEW_PHONE, last_code(NEW_PHONE), "reset")
    assert response.status_code == 400
    assert response.json() == {"message": "Please request an OTP first."}


def test_a_code_is_for_its_phone_only(send_otp, verify_otp):
    send_otp(NEW_PHONE)
    response = verify_otp("9123456781", last_code(NEW_PHONE))
    assert response.json() == {"message": "Please request an OTP first."}


def test_only_the_latest_code_counts(db, monkeypatch):
    codes = iter([111111, 222222])
    monkeypatch.setattr("accounts.otp.secrets.randbelow", lambda upper: next(codes))
    otp_send(phone_no=NEW_PHONE, purpose="register")
    _age_latest_otp(NEW_PHONE, 301)
    cache.clear()
    otp_send(phone_no=NEW_PHONE, purpose="register")
    with pytest.raises(InvalidInput, match="Incorrect OTP"):
        otp_verify(phone_no=NEW_PHONE, code="111111", purpose="register")
    assert otp_verify(phone_no=NEW_PHONE, code="222222", purpose="register")


@pytest.mark.parametrize("code", ["", "12345", "1234567", "12a456"])
def test_verify_needs_six_digits_and_does_not_count_a_malformed_code(send_otp, verify_otp, code):
    send_otp(NEW_PHONE)
    response = verify_otp(NEW_PHONE, code)
    assert response.status_code == 400
    assert response.json() == {"message": "Please enter the 6-digit OTP."}
    assert PhoneOtp.objects.get().attempts == 0


def test_verify_checks_phone_and_purpose(verify_otp):
    assert verify_otp("123", "123456").json()["message"] == "Please enter a valid 10-digit phone number."
    assert verify_otp(NEW_PHONE, "123456", "other").json()["message"] == "Purpose must be register or reset."


# --- throttles per IP -------------------------------------------------------------------------------


@pytest.fixture
def low_rates(settings):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {
            **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"],
            "otp_send": "2/hour",
            "otp_verify": "3/hour",
            "login": "2/minute",
        },
    }


def test_send_is_throttled_per_ip(low_rates, api_client):
    for phone in ("9123456701", "9123456702"):
        assert api_client.post(OTP_SEND_URL, {"phoneNo": phone, "purpose": "register"}).status_code == 200
    response = api_client.post(OTP_SEND_URL, {"phoneNo": "9123456703", "purpose": "register"})
    assert response.status_code == 429
    assert response.json()["message"].startswith("Too many attempts. Please try again later. Try again in ")
    assert 0 < response.json()["retryAfter"] <= 3600
    assert response["Retry-After"]


def test_another_ip_is_not_throttled(low_rates, api_client):
    for phone in ("9123456701", "9123456702", "9123456703"):
        api_client.post(OTP_SEND_URL, {"phoneNo": phone, "purpose": "register"}, REMOTE_ADDR="10.0.0.1")
    response = api_client.post(OTP_SEND_URL, {"phoneNo": "9123456704", "purpose": "register"}, REMOTE_ADDR="10.0.0.2")
    assert response.status_code == 200


def test_verify_is_throttled_per_ip(low_rates, api_client):
    for _ in range(3):
        api_client.post(OTP_VERIFY_URL, {"phoneNo": NEW_PHONE, "code": "123456", "purpose": "register"})
    response = api_client.post(OTP_VERIFY_URL, {"phoneNo": NEW_PHONE, "code": "123456", "purpose": "register"})
    assert response.status_code == 429
    assert "retryAfter" in response.json()
