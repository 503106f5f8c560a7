"""The door's background half: each request's `on_*` answer worked out, then delivered with retries."""

import logging

from celery import chain, shared_task
from django.utils import timezone

from notifications.tasks import NeverFailingTask
from ondc.answers import answer_build
from ondc.models import NetworkMessage
from ondc.pushing import catalog_push
from ondc.sending import NotTaken, signed_post
from ondc.telling import order_tell

logger = logging.getLogger(__name__)

# Seconds before each further try of an answer the buyer app did not take; then it is given up
# (state `failed`, an error in the log: the staff's sign that a buyer app is down).
SEND_RETRY_DELAYS = (5, 30, 120, 600)


@shared_task(base=NeverFailingTask, acks_late=True, ignore_result=True)
def ondc_answer(request_pk: int) -> None:
    """Work out the request's answers (once: a task handed out again reuses them) and send them."""
    request = NetworkMessage.objects.get(pk=request_pk)
    answers = list(request.answers.all())
    if not answers:
        answers = answer_build(request)
    for answer in answers:
        if answer.state == NetworkMessage.State.QUEUED:
            ondc_deliver.delay(answer.pk)


@shared_task(base=NeverFailingTask, acks_late=True, ignore_result=True)
def ondc_tell(order_id: int) -> None:
    """A network order changed: tell its buyer app (`ondc.telling`), if there is something new to tell."""
    sent = order_tell(order_id=order_id)
    if sent:
        # In order: a return approved before its refund (`ondc.telling`); each tried as its own task.
        chain(*(ondc_deliver.si(message.pk) for message in sent)).delay()


@shared_task(bind=True, base=NeverFailingTask, max_retries=len(SEND_RETRY_DELAYS), acks_late=True, ignore_result=True)
def ondc_deliver(self, answer_pk: int) -> bool:
    answer = NetworkMessage.objects.get(pk=answer_pk, direction=NetworkMessage.Direction.SENT)
    if answer.state != NetworkMessage.State.QUEUED:
        return answer.state == NetworkMessage.State.DELIVERED
    url = answer.bap_uri.rstrip("/") + "/" + answer.action
    try:
        signed_post(url=url, payload=answer.body)
    except NotTaken as error:
        tries = self.request.retries
        last = self.request.called_directly or tries >= self.max_retries
        NetworkMessage.objects.filter(pk=answer.pk).update(
            attempts=answer.attempts + 1,
            last_error=str(error)[:500],
            state=NetworkMessage.State.FAILED if last else NetworkMessage.State.QUEUED,
        )
        if last:
            logger.error("ONDC %s to %s given up after %d tries: %s", answer.action, url, answer.attempts + 1, error)
            return False
        logger.warning(
            "ONDC %s to %s not taken (%s); retry in %ss", answer.action, url, error, SEND_RETRY_DELAYS[tries]
        )
        raise self.retry(countdown=SEND_RETRY_DELAYS[tries]) from None
    NetworkMessage.objects.filter(pk=answer.pk).update(
        attempts=answer.attempts + 1, last_error="", state=NetworkMessage.State.DELIVERED, delivered_at=timezone.now()
    )
    return True


@shared_task(bind=True, base=NeverFailingTask, acks_late=True, ignore_result=True)
def ondc_catalog_push(self) -> None:
    """The changed packs pushed to the buyer apps that searched (`ondc.pushing`), at most one push a
    `ONDC_CATALOG_PUSH_SECONDS`."""
    for message in catalog_push(may_wait=not self.request.is_eager):
        ondc_deliver.delay(message.pk)
