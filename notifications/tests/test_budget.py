"""The shop's OTP SMS budget (issue 33.7): per hour in all and per number prefix; numbers with an
account still get their codes; staff alerted once."""

import logging

import pytest

pytestmark = pytest.mark.django_db

OTP_SEND_URL = "/api/users/otp/send"


def send(api_client, phone_no: str, address: str, purpose: str = "register"):
    return api_client.post(OTP_SEND_URL, {"phoneNo": phone_no, "purpose": purpose}, format="json", REMOTE_ADDR=address)


def test_forty_numbers_from_forty_addresses_get_only_the_hours_budget(settings, api_client, sms_outbox, caplog):
    """40 numbers from 40 addresses got 40 OTP texts in 1.6 s."""
    settings.SMS_OTP_PER_HOUR = 10
    settings.SMS_OTP_PER_HOUR_PER_PREFIX = 1000
    caplog.set_level(logging.ERROR, logger="notifications.budget")
    answers = [send(api_client, f"9{n:09d}", f"198.51.100.{n + 1}") for n in range(40)]
    assert [answer.status_code for answer in answers] == [200] * 10 + [429] * 30
    assert answers[-1].json()["message"] == "We cannot send more codes just now. Please try again later."
    assert len(sms_outbox()) == 10
    alerts = [record for record in caplog.records if "OTP SMS budget reached" in record.getMessage()]
    assert len(alerts) == 1
    from notifications.budget import otp_budget_status

    assert otp_budget_status()["overBudget"] == 30


def test_one_number_range_has_its_own_smaller_budget(settings, api_client, sms_outbox):
    settings.SMS_OTP_PER_HOUR_PER_PREFIX = 3
    pumped = [send(api_client, f"98765{n:05d}", f"203.0.113.{n + 1}").status_code for n in range(5)]
    assert pumped == [200, 200, 200, 429, 429]
    assert send(api_client, "9123400000", "203.0.113.99").status_code == 200


def test_a_number_with_an_account_still_gets_its_code_past_the_budget(settings, api_client, sms_outbox, make_user):
    settings.SMS_OTP_PER_HOUR = 2
    owner = make_user("9000012345")
    for n in range(3):
        send(api_client, f"97000000{n:02d}", f"198.51.100.{n + 1}")
    assert send(api_client, owner.phone_no, "192.0.2.1", purpose="reset").status_code == 200
    assert sms_outbox(owner.phone_no)
