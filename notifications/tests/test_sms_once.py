"""An SMS task handed out twice sends its text once (issue 32): the worker acknowledges a task
only after it ran, so a worker killed between the send and that acknowledgement gets it again."""

from datetime import timedelta

import pytest
from django.utils import timezone

from notifications import sms
from notifications.models import SmsMessage, SmsSent
from notifications.services import sms_queue
from notifications.tasks import purge_sent_sms_keys, send_sms

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def outbox(settings):
    settings.SMS_BACKEND = "outbox"


def test_the_same_task_delivered_twice_sends_once():
    assert send_sms.delay("9876543210", "your code is 123456", "key-1").get() is True
    assert send_sms.delay("9876543210", "your code is 123456", "key-1").get() is True  # handed out again
    assert SmsMessage.objects.count() == 1
    assert SmsSent.objects.filter(key="key-1").count() == 1


def test_each_queued_message_has_its_own_key():
    sms_queue(phone_no="9876543210", text="Order placed")
    sms_queue(phone_no="9876543210", text="Order placed")  # the same text, twice on purpose
    assert SmsMessage.objects.count() == 2
    assert SmsSent.objects.count() == 2


def test_a_send_that_failed_keeps_its_key_free_for_the_retry(monkeypatch):
    real = sms.sms_send_now

    def provider_down(**kwargs):
        raise sms.SmsError("provider refused")

    monkeypatch.setattr(sms, "sms_send_now", provider_down)
    assert send_sms("9876543210", "hello", "key-2") is False
    assert not SmsSent.objects.exists()
    monkeypatch.setattr(sms, "sms_send_now", real)
    assert send_sms("9876543210", "hello", "key-2") is True
    assert SmsMessage.objects.get().text == "hello"


def test_the_provider_is_called_once_per_key(monkeypatch):
    calls = []

    class CountingBackend:
        def send(self, phone_no: str, text: str) -> None:
            calls.append(text)

    monkeypatch.setattr(sms, "sms_backend", lambda name=None: CountingBackend())
    for _ in range(3):
        send_sms("9876543210", "hello", "key-3")
    assert calls == ["hello"]


def test_a_task_queued_before_keys_is_still_sent():
    assert send_sms.delay("9876543210", "old task").get() is True
    assert SmsMessage.objects.get().text == "old task"
    assert not SmsSent.objects.exists()


def test_old_keys_are_forgotten():
    SmsSent.objects.create(key="old")
    SmsSent.objects.create(key="new")
    SmsSent.objects.filter(key="old").update(sent_at=timezone.now() - sms.SENT_KEYS_KEPT - timedelta(minutes=1))
    assert purge_sent_sms_keys() == 1
    assert list(SmsSent.objects.values_list("key", flat=True)) == ["new"]
