"""How the rest of the shop sends a text: queue it now, or once the caller's transaction commits.

Neither ever raises into the caller: an OTP request or an order must not fail because the queue
or the provider is down (the task itself retries and logs what it could not send).
"""

import logging
import uuid

from django.db import transaction

from notifications.tasks import send_sms

logger = logging.getLogger(__name__)


def sms_queue(*, phone_no: str, text: str, about: str = "SMS", key: str = "") -> None:
    """Hand the text to the send task now; `about` names it in the log if it cannot be queued. The
    message's own key goes with it, so a task handed out twice sends it once (`sms_send_once`); a
    caller whose message must go once however often it is asked for (a staff member's Send pressed
    twice) gives its own `key` (up to 64 characters, kept `SENT_KEYS_KEPT`)."""
    try:
        send_sms.delay(phone_no, text, key or uuid.uuid4().hex)
    except Exception:
        logger.exception("could not queue the %s", about)


def sms_after_commit(*, phone_no: str, text: str, about: str = "SMS", key: str = "") -> None:
    """Queue the text once the surrounding transaction commits (at once outside a transaction);
    a rolled-back change sends nothing."""
    transaction.on_commit(lambda: sms_queue(phone_no=phone_no, text=text, about=about, key=key), robust=True)


def sms_sent_already(*, key: str) -> bool:
    """Was the text with this key sent (within `SENT_KEYS_KEPT`)?"""
    from notifications.models import SmsSent

    return SmsSent.objects.filter(key=key).exists()
