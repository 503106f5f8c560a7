import re

import pytest

from notifications.models import SmsMessage

REGISTER_URL = "/api/users"
OTP_SEND_URL = "/api/users/otp/send"
OTP_VERIFY_URL = "/api/users/otp/verify"
NEW_PHONE = "9123456780"


@pytest.fixture(autouse=True)
def outbox(settings):
    """Texts go to the SmsMessage table, where tests read the codes."""
    settings.SMS_BACKEND = "outbox"
    return SmsMessage.objects


def last_code(phone_no: str) -> str:
    message = SmsMessage.objects.filter(phone_no=phone_no).order_by("-id").first()
    assert message is not None, f"no SMS was sent to {phone_no}"
    return re.search(r"\b(\d{6})\b", message.text).group(1)


def wrong_code(code: str) -> str:
    return f"{(int(code) + 1) % 1_000_000:06d}"


@pytest.fixture
def send_otp(api_client):
    def send(phone_no: str, purpose: str = "register"):
        return api_client.post(OTP_SEND_URL, {"phoneNo": phone_no, "purpose": purpose}, format="json")

    return send


@pytest.fixture
def verify_otp(api_client):
    def verify(phone_no: str, code: str, purpose: str = "register"):
        return api_client.post(OTP_VERIFY_URL, {"phoneNo": phone_no, "code": code, "purpose": purpose}, format="json")

    return verify


@pytest.fixture
def verification_token(send_otp, verify_otp):
    """verification_token(phone, purpose) -> a token from a real send + verify round."""

    def make(phone_no: str = NEW_PHONE, purpose: str = "register") -> str:
        assert send_otp(phone_no, purpose).status_code == 200
        response = verify_otp(phone_no, last_code(phone_no), purpose)
        assert response.status_code == 200, response.json()
        return response.json()["verificationToken"]

    return make
