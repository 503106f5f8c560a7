"""Sending an SMS in the background: retried when the provider fails for a while, never raised; and
the back-in-stock texts, sent in batches off the catalog's write path."""

import logging

from celery import shared_task

from common.metrics import SMS_FAILURES
from common.outbox import OutboxTask
from notifications.sms import SmsError, SmsTemporaryError, sms_send_now, sms_send_once, sms_sent_keys_purge

logger = logging.getLogger(__name__)

# Seconds to wait before each retry of a temporary provider failure; then the message is dropped.
SMS_RETRY_DELAYS = (30, 120, 600)


def _masked(phone_no: str) -> str:
    return f"{phone_no[:2]}******{phone_no[-2:]}" if len(phone_no) == 10 else "(invalid number)"


class NeverFailingTask(OutboxTask):
    """A task whose `.delay()` cannot raise into the caller's flow, nor wait past the broker's
    deadline: when the broker does not take it, it is kept and queued later (common/outbox.py); a
    signup or an order must not fail, or hang, because the queue is down. The SMS's own key keeps a
    text queued twice from being sent twice."""


@shared_task(bind=True, base=NeverFailingTask, max_retries=len(SMS_RETRY_DELAYS), acks_late=True, ignore_result=True)
def send_sms(self, phone_no: str, text: str, key: str = "") -> bool:
    """Send one text; True when the backend took it (now or before, by the same `key`). Failures
    are logged, never raised. With a key (`sms_queue` gives one per message) a task handed out
    again after its worker died does not send the text twice; a task queued without one (before
    keys) is sent as it is."""
    try:
        if key:
            sms_send_once(key=key, phone_no=phone_no, text=text)
        else:
            sms_send_now(phone_no=phone_no, text=text)
    except SmsTemporaryError as exc:
        retries = self.request.retries
        if not self.request.called_directly and retries < self.max_retries:
            logger.warning(
                "SMS to %s failed (%s); retry %d in %ss", _masked(phone_no), exc, retries + 1, SMS_RETRY_DELAYS[retries]
            )
            raise self.retry(exc=exc, countdown=SMS_RETRY_DELAYS[retries]) from exc
        logger.error("SMS to %s dropped after %d tries: %s", _masked(phone_no), retries + 1, exc)
        SMS_FAILURES.labels("dropped after retries").inc()
    except SmsError as exc:
        logger.error("SMS to %s not sent: %s", _masked(phone_no), exc)
        SMS_FAILURES.labels("refused").inc()
    except Exception:
        logger.exception("SMS to %s not sent: unexpected error", _masked(phone_no))
        SMS_FAILURES.labels("unexpected error").inc()
    else:
        return True
    return False


@shared_task(base=NeverFailingTask, ignore_result=True)
def alerts_send_back_in_stock(financial_ids: list[int]) -> int:
    """One batch of alerts for these packs; queues itself again while batches come back full."""
    # Here, not at the top: notifications.alerts imports notifications.services, which imports this module.
    from notifications.alerts import BATCH_SIZE, alerts_send_batch

    claimed = alerts_send_batch(financial_ids=financial_ids)
    if claimed >= BATCH_SIZE:
        alerts_send_back_in_stock.delay(financial_ids)
    return claimed


@shared_task(ignore_result=True)
def purge_sent_sms_keys() -> int:
    return sms_sent_keys_purge()
