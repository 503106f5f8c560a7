"""sms_queue / sms_after_commit: what every caller (OTP, order updates) relies on."""

import logging
from unittest import mock

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError
from django.db import transaction

from notifications.models import SmsMessage
from notifications.services import sms_after_commit, sms_queue

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def outbox(settings):
    settings.SMS_BACKEND = "outbox"


def test_queue_sends_at_once():
    sms_queue(phone_no="9876543210", text="hello")
    assert list(SmsMessage.objects.values_list("phone_no", "text")) == [("9876543210", "hello")]


def test_queue_never_raises_and_names_what_was_lost(caplog):
    with mock.patch("notifications.services.send_sms.delay", side_effect=RuntimeError("broker down")):
        with caplog.at_level(logging.ERROR, logger="notifications.services"):
            sms_queue(phone_no="9876543210", text="hello", about="placed SMS for order X1")
    assert "could not queue the placed SMS for order X1" in caplog.text
    assert not SmsMessage.objects.exists()


def test_after_commit_waits_for_the_commit(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            sms_after_commit(phone_no="9876543210", text="after")
            assert not SmsMessage.objects.exists()
    assert SmsMessage.objects.get().text == "after"


def test_after_commit_sends_nothing_for_a_rolled_back_change(django_capture_on_commit_callbacks):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RuntimeError):
            with transaction.atomic():
                sms_after_commit(phone_no="9876543210", text="never")
                raise RuntimeError("the order failed")
    assert callbacks == []
    assert not SmsMessage.objects.exists()


@pytest.mark.parametrize(
    "overrides, error",
    [
        ({"SMS_BACKEND": "carrier-pigeon"}, "notifications.E001"),
        ({"SMS_BACKEND": "msg91", "SMS_MSG91_AUTH_KEY": "", "SMS_MSG91_TEMPLATE_ID": "t"}, "notifications.E002"),
    ],
)
def test_deploy_check_refuses_an_sms_setup_that_loses_every_text(settings, overrides, error):
    for name, value in overrides.items():
        setattr(settings, name, value)
    with pytest.raises(SystemCheckError, match=error):
        call_command("check")


def test_deploy_check_accepts_a_complete_msg91_setup(settings):
    settings.SMS_BACKEND = "msg91"
    settings.SMS_MSG91_AUTH_KEY = "k"
    settings.SMS_MSG91_TEMPLATE_ID = "t"
    call_command("check")
