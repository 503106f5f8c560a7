"""Text messages to a phone, through the backend that settings.SMS_BACKEND names.

- `console` (the default): writes the text to the log, for a first local run.
- `outbox`: keeps the text as an `SmsMessage` row (Django admin lists them; tests read codes there).
- `msg91`: MSG91's Flow API, the real provider. MSG91 sends only DLT-registered templates, so the
  template `SMS_MSG91_TEMPLATE_ID` must carry one variable, `##content##`, that receives the text.

Callers never use a backend directly: `notifications.services.sms_queue` / `sms_after_commit` hand
the text to the Celery task `notifications.tasks.send_sms`, which retries what is worth retrying and
never lets a failed SMS break the caller's flow.
"""

import logging
from datetime import timedelta
from typing import Protocol

import requests
from django.conf import settings
from django.db import transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

# MSG91 answers in well under a second; a slow answer is better retried later than waited for.
MSG91_TIMEOUT_SECONDS = (5, 10)  # connect, read
INDIA_COUNTRY_CODE = "91"


class SmsError(Exception):
    """The message was not sent, and sending it again will not help (bad number, bad setup)."""


class SmsTemporaryError(SmsError):
    """The provider could not be reached or failed on its side; a later retry may succeed."""


class SmsBackend(Protocol):
    def send(self, phone_no: str, text: str) -> None: ...


class ConsoleBackend:
    def send(self, phone_no: str, text: str) -> None:
        logger.info("SMS to %s: %s", phone_no, text)


class OutboxBackend:
    def send(self, phone_no: str, text: str) -> None:
        from notifications.models import SmsMessage

        SmsMessage.objects.create(phone_no=phone_no, text=text, status=SmsMessage.Status.SENT)


class Msg91Backend:
    """MSG91 Flow API: POST {template_id, sender, recipients: [{mobiles, content}]} with an authkey."""

    def __init__(self, *, url: str, auth_key: str, template_id: str, sender_id: str):
        if not auth_key or not template_id:
            raise SmsError("MSG91 needs SMS_MSG91_AUTH_KEY and SMS_MSG91_TEMPLATE_ID to be set.")
        self.url = url
        self.auth_key = auth_key
        self.template_id = template_id
        self.sender_id = sender_id

    def send(self, phone_no: str, text: str) -> None:
        payload = {
            "template_id": self.template_id,
            "sender": self.sender_id,
            "short_url": "0",
            "recipients": [{"mobiles": f"{INDIA_COUNTRY_CODE}{phone_no}", "content": text}],
        }
        headers = {"authkey": self.auth_key, "accept": "application/json", "content-type": "application/json"}
        try:
            response = requests.post(self.url, json=payload, headers=headers, timeout=MSG91_TIMEOUT_SECONDS)
        except requests.RequestException as exc:
            raise SmsTemporaryError(f"MSG91 could not be reached: {exc}") from exc

        if response.status_code >= 500 or response.status_code == 429:
            raise SmsTemporaryError(f"MSG91 answered HTTP {response.status_code}: {response.text[:200]}")
        if not 200 <= response.status_code < 300:
            raise SmsError(f"MSG91 refused the message with HTTP {response.status_code}: {response.text[:200]}")
        try:
            body = response.json()
        except ValueError:
            body = {}
        # MSG91 reports some refusals (unknown template, no balance) as 200 with type "error".
        if isinstance(body, dict) and body.get("type") == "error":
            raise SmsError(f"MSG91 refused the message: {body.get('message', 'no reason given')}")


BACKENDS = ("console", "outbox", "msg91")


def sms_backend(name: str | None = None) -> SmsBackend:
    name = name or settings.SMS_BACKEND
    if name == "console":
        return ConsoleBackend()
    if name == "outbox":
        return OutboxBackend()
    if name == "msg91":
        return Msg91Backend(
            url=settings.SMS_MSG91_URL,
            auth_key=settings.SMS_MSG91_AUTH_KEY,
            template_id=settings.SMS_MSG91_TEMPLATE_ID,
            sender_id=settings.SMS_MSG91_SENDER_ID,
        )
    raise SmsError(f"Unknown SMS_BACKEND {name!r}; use one of {', '.join(BACKENDS)}.")


def sms_send_now(*, phone_no: str, text: str) -> None:
    """Send at once through the configured backend; raises SmsError / SmsTemporaryError."""
    sms_backend().send(phone_no, text)


# Longer than any task waits to be handed out again (CELERY_VISIBILITY_TIMEOUT_SECONDS) or retried.
SENT_KEYS_KEPT = timedelta(days=7)


def sms_send_once(*, key: str, phone_no: str, text: str) -> bool:
    """Send unless the text with this key was sent already; False when it was (a task handed out again).

    The key's row and the send share one transaction: the row is committed only once the backend
    has taken the text, and a send that raises leaves no row (the retry sends it). A twin of the
    task running at the same time waits on the key's unique index and then finds it sent. With the
    outbox backend the text is a row of the same transaction, so it is sent exactly once; with an
    HTTP provider the one window left is a worker killed between the provider's answer and the
    commit, which sends the text again rather than lose it (an OTP must arrive).
    """
    from notifications.models import SmsSent

    with transaction.atomic():
        _, created = SmsSent.objects.get_or_create(key=key)
        if not created:
            logger.info("SMS %s was sent already; not sending it again", key)
            return False
        sms_send_now(phone_no=phone_no, text=text)
    return True


def sms_sent_keys_purge() -> int:
    """Forget the keys older than `SENT_KEYS_KEPT`; returns how many (the beat task's work)."""
    from notifications.models import SmsSent

    deleted, _ = SmsSent.objects.filter(sent_at__lt=timezone.now() - SENT_KEYS_KEPT).delete()
    return deleted
