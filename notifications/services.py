"""How the rest of the shop sends a text: queue it now, or once the caller's transaction commits.

Neither ever raises into the caller: an OTP request or an order must not fail because the queue
or the provider is down (the task itself retries and logs what it could not send).
"""

import logging
import uuid

from django.db import transaction

from notifications.tasks import send_sms

logger = logging.getLogger(__name__)


def sms_queue(*, phone_no: str, text: str, about: str = "SMS") -> None:
    """Hand the text to the send task now; `about` names it in the log if it cannot be queued. The
    message's own key goes with it, so a task handed out twice sends it once (`sms_send_once`)."""
    try:
        send_sms.delay(phone_no, text, uuid.uuid4().hex)
    except Exception:
        logger.exception("could not queue the %s", about)


def sms_after_commit(*, phone_no: str, text: str, about: str = "SMS") -> None:
    """Queue the text once the surrounding transaction commits (at once outside a transaction);
    a rolled-back change sends nothing."""
    transaction.on_commit(lambda: sms_queue(phone_no=phone_no, text=text, about=about), robust=True)
