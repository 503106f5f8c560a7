"""The network's door: a request checked and taken (ACK) or refused (NACK) at once, its answer queued.

Nothing a buyer app sends is acted on inside the request: the door checks the signatures
(`auth`), the context (`context`), records the message once (`models.NetworkMessage`) and, after
that commits, queues the Celery task that works out the `on_*` answer and sends it
(`tasks.ondc_answer`). A refused request writes nothing.
"""

import json
import logging
from dataclasses import dataclass

from django.db import IntegrityError, connection, transaction

from ondc import errors
from ondc.auth import Unverified, caller_verify
from ondc.context import InvalidMessage, request_context
from ondc.models import NetworkMessage

logger = logging.getLogger(__name__)

LARGEST_BODY = 1_000_000  # bytes; a Beckn request is a few kilobytes
# Requests whose record may be lost if PostgreSQL crashes in the instant after the ACK (a fraction of
# a second of commits, never a torn row): a search changes nothing and a buyer app searches again
# when no `on_search` comes. Their commit does not wait for the disk, the largest part of an ACK
# under load (bench/ondc.py); every call that can place, change or cancel an order still does.
LOSABLE = frozenset({"search"})


@dataclass(frozen=True)
class Reply:
    status: int
    body: dict


def ack() -> Reply:
    return Reply(200, {"message": {"ack": {"status": "ACK"}}})


def nack(status: int, message: str, *, kind: tuple[str, str] = errors.INVALID_REQUEST) -> Reply:
    error_type, code = kind
    error = {"type": error_type, "code": code, "message": message}
    return Reply(status, {"message": {"ack": {"status": "NACK"}}, "error": error})


def request_take(*, action: str, headers, body: bytes) -> Reply:
    if len(body) > LARGEST_BODY:
        return nack(413, "the request is too large", kind=errors.BAD_BODY)
    try:
        caller = caller_verify(headers=headers, body=body)
    except Unverified as refused:
        logger.info("ONDC %s refused: %s", action, refused)
        if refused.retry:
            return nack(503, str(refused), kind=errors.CORE_UNAVAILABLE)
        return nack(401, f"Invalid Signature: {refused}", kind=errors.INVALID_SIGNATURE)
    try:
        payload = json.loads(body)
        context = request_context(payload, action=action, signer=caller.subscriber_id)
    except ValueError:
        return nack(400, "the body is not JSON", kind=errors.BAD_BODY)
    except InvalidMessage as invalid:
        return nack(400, invalid.message, kind=invalid.kind)
    try:
        with transaction.atomic():
            if action in LOSABLE:
                _commit_without_waiting_for_disk()
            message = NetworkMessage.objects.create(
                direction=NetworkMessage.Direction.RECEIVED,
                action=action,
                transaction_id=context["transaction_id"],
                message_id=context["message_id"],
                bap_id=context["bap_id"],
                bap_uri=context["bap_uri"],
                body=payload,
                state=NetworkMessage.State.ACCEPTED,
            )
            transaction.on_commit(lambda: _queue_answer(message.pk))
    except IntegrityError:
        return nack(409, "this message_id was already received", kind=errors.STALE_REQUEST)
    return ack()


def _commit_without_waiting_for_disk() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL synchronous_commit TO OFF")


def _queue_answer(message_pk: int) -> None:
    from ondc.tasks import ondc_answer

    ondc_answer.delay(message_pk)
