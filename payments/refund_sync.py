"""Refunds and the gateway: submitting them, and settling them from the gateway's word only.

- A refund is submitted by a Celery task after the transaction that created it commits. The task
  marks the refund submitted under its row lock before calling the gateway, so a second run (a
  retry, a duplicate delivery) asks for the status instead of sending it again; and whatever is
  sent carries the refund's own `unique_request_id`, which the gateway never pays twice.
- A webhook only prompts a status call (as for payments); a repeated webhook id is recognised per
  refund and changes nothing. Webhooks may come late, twice, out of order, or never: reconciliation
  polls every pending refund until the gateway says it is final.
- States only move forward: pending → succeeded / failed / manual_review, and manual_review →
  succeeded / failed when the gateway resolves it. A failed refund gives its amount back to the
  payment's refundable balance (`refunded_paise`), under the payment's row lock.
- manual_review is flagged for staff (Django admin, "Refunds", state filter) and never re-sent.

Lock order: payment, then refund (the order, when a caller holds it, comes first).
"""

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from orders.events import announce_order_changed
from payments.gateways import gateway_named
from payments.gateways.base import (
    REFUND_FAILED_STATUSES,
    REFUND_MANUAL_REVIEW_STATUSES,
    REFUND_PENDING_STATUSES,
    REFUND_SUCCEEDED_STATUSES,
    GatewayError,
    RefundAnswer,
)
from payments.models import Payment, Refund, RefundEvent

logger = logging.getLogger(__name__)

State = Refund.State

# Which states may follow which: final states stay final, whatever arrives late.
_MAY_BECOME = {
    State.PENDING: {State.SUCCEEDED, State.FAILED, State.MANUAL_REVIEW},
    State.MANUAL_REVIEW: {State.SUCCEEDED, State.FAILED},
    State.SUCCEEDED: set(),
    State.FAILED: set(),
}


def refund_state_for(gateway_status: str) -> str:
    """Our state for a gateway refund status; unknown statuses count as pending (ask again later)."""
    if gateway_status in REFUND_SUCCEEDED_STATUSES:
        return State.SUCCEEDED
    if gateway_status in REFUND_FAILED_STATUSES:
        return State.FAILED
    if gateway_status in REFUND_MANUAL_REVIEW_STATUSES:
        return State.MANUAL_REVIEW
    if gateway_status not in REFUND_PENDING_STATUSES:
        logger.warning("unknown refund status %r treated as pending", gateway_status)
    return State.PENDING


def _enqueue(refund_id: int) -> None:
    # Here, not at the top: payments.tasks imports this module (its tasks run refund_submit and
    # refunds_reconcile), so a top-level import would be a circle.
    from payments.tasks import submit_refund

    try:
        submit_refund.delay(refund_id)
    except Exception:  # a broker that is down: reconciliation submits it later
        logger.exception("refund %s could not be queued; reconciliation will submit it", refund_id)


def refund_submit_after_commit(*, refund: Refund) -> None:
    """Queue the refund's submission once the surrounding transaction commits."""
    refund_id = refund.pk
    transaction.on_commit(lambda: _enqueue(refund_id), robust=True)


@dataclass(frozen=True)
class Settled:
    """What an answer did to a refund."""

    refund: Refund
    changed: bool
    error: str = ""


def refund_submit(*, refund_id: int) -> Settled:
    """Send a pending refund to the gateway once; a refund already sent is asked about instead."""
    with transaction.atomic():
        refund = Refund.objects.select_for_update(of=("self",)).select_related("payment__order__user").get(pk=refund_id)
        if refund.state != State.PENDING:
            return Settled(refund=refund, changed=False)
        first_time = refund.submitted_at is None
        if first_time:
            refund.submitted_at = timezone.now()
            refund.save(update_fields=["submitted_at", "updated_at"])
    if not first_time:
        return refund_check(refund=refund, source=RefundEvent.Source.SUBMIT)
    return _send(refund)


def _send(refund: Refund) -> Settled:
    payment = refund.payment
    try:
        answer = gateway_named(payment.gateway).refund(
            gateway_order_id=payment.gateway_order_id,
            amount=refund.amount,
            unique_request_id=refund.unique_request_id,
            customer_id=payment.order.user.phone_no,
        )
    except GatewayError as error:
        # Sent or not, the refund stays pending: reconciliation asks for its status, and sends it
        # again (same request id) only if the gateway does not know it.
        logger.warning("refund %s not confirmed by the gateway: %s", refund.unique_request_id, error)
        _record(refund, source=RefundEvent.Source.SUBMIT, note=str(error)[:300])
        return Settled(refund=refund, changed=False, error=str(error))
    return refund_apply(refund=refund, answer=answer, source=RefundEvent.Source.SUBMIT)


def _record(refund: Refund, *, source: str, note: str = "", raw=None) -> None:
    RefundEvent.objects.create(
        refund=refund, source=source, from_state=refund.state, to_state=refund.state, note=note, raw=raw or {}
    )


def refund_apply(*, refund: Refund, answer: RefundAnswer, source: str, event_id: str = "") -> Settled:
    """Apply the gateway's answer about `refund`: at most one state change, whoever calls it how often."""
    with transaction.atomic():
        payment = Payment.objects.select_for_update().get(pk=refund.payment_id)
        locked = Refund.objects.select_for_update(of=("self",)).select_related("order__user").get(pk=refund.pk)
        to_state = refund_state_for(answer.status)
        changes = to_state in _MAY_BECOME[State(locked.state)]
        event = RefundEvent(
            refund=locked,
            source=source,
            event_id=event_id or None,
            from_state=locked.state,
            to_state=to_state if changes else locked.state,
            gateway_status=answer.status[:40],
            raw=answer.raw,
        )
        if answer.amount is not None and answer.amount != locked.amount:
            event.note = f"The gateway's amount {answer.amount} differs from the refund's {locked.amount}"
            logger.error("refund %s: %s", locked.unique_request_id, event.note)
        try:
            with transaction.atomic():
                event.save()
        except IntegrityError:
            return Settled(refund=locked, changed=False)  # this webhook was applied already
        locked.gateway_status = answer.status[:40]
        locked.gateway_refund_id = locked.gateway_refund_id or answer.gateway_refund_id
        locked.gateway_reference = locked.gateway_reference or answer.reference
        if changes:
            locked.state = to_state
            if locked.is_final:
                locked.settled_at = timezone.now()
            if to_state == State.FAILED:
                # The money never left: it can be refunded again (a new refund, a new request id).
                Payment.objects.filter(pk=payment.pk).update(refunded_paise=F("refunded_paise") - locked.amount_paise)
            if to_state == State.SUCCEEDED:
                _tell_shopper(locked)
            announce_order_changed(order_id=locked.order_id)
        locked.save()
    if changes:
        log = logger.error if to_state == State.MANUAL_REVIEW else logger.info
        log("refund %s is %s (%s, %s)", locked.unique_request_id, to_state, answer.status, source)
    refund.state = locked.state
    return Settled(refund=locked, changed=changes)


def _tell_shopper(refund: Refund) -> None:
    from notifications.messages import refund_text
    from notifications.services import sms_after_commit

    user = refund.order.user
    sms_after_commit(
        phone_no=user.phone_no,
        text=refund_text(amount=refund.amount, invoice_number=refund.order.invoice_number, language=user.language),
        about=f"refund SMS for order {refund.order.public_id}",
    )


def _apply_listed(refunds: list[Refund], answers: list[RefundAnswer], *, source: str, event_id: str = "") -> None:
    """Apply each of the payment's refunds that the gateway lists (the rest wait for reconciliation)."""
    by_id = {answer.unique_request_id: answer for answer in answers}
    for refund in refunds:
        if (answer := by_id.get(refund.unique_request_id)) is not None:
            refund_apply(refund=refund, answer=answer, source=source, event_id=event_id)


def refund_check(*, refund: Refund, source: str) -> Settled:
    """Ask the gateway about one refund now (the status of its payment lists it)."""
    payment = refund.payment
    try:
        answers = gateway_named(payment.gateway).refund_status(
            gateway_order_id=payment.gateway_order_id, customer_id=payment.order.user.phone_no
        )
    except GatewayError as error:
        return Settled(refund=refund, changed=False, error=str(error))
    for answer in answers:
        if answer.unique_request_id == refund.unique_request_id:
            return refund_apply(refund=refund, answer=answer, source=source)
    return Settled(refund=refund, changed=False, error="not listed by the gateway yet")


def refunds_sync_payment(*, payment: Payment, source: str, event_id: str = "") -> bool:
    """A refund webhook about `payment`: ask the gateway (once) and settle its open refunds.

    A webhook id already recorded on one of them is a repeat: nothing is asked. False when the
    gateway did not answer (the webhook should be sent again).
    """
    open_refunds = list(
        Refund.objects.filter(payment=payment, state__in=[State.PENDING, State.MANUAL_REVIEW]).order_by("pk")
    )
    if not open_refunds:
        return True
    if event_id and RefundEvent.objects.filter(refund__payment=payment, event_id=event_id).exists():
        return True
    try:
        answers = gateway_named(payment.gateway).refund_status(
            gateway_order_id=payment.gateway_order_id, customer_id=payment.order.user.phone_no
        )
    except GatewayError as error:
        logger.warning("refund status of %s unavailable (%s): %s", payment.gateway_order_id, source, error)
        return False
    _apply_listed(open_refunds, answers, source=source, event_id=event_id)
    return True


APPLY_BATCH = 100


@dataclass(frozen=True)
class RefundReconciled:
    refund: Refund
    from_state: str
    error: str = ""


def refunds_reconcile(*, progress=None) -> list[RefundReconciled]:
    """Bring every pending refund to a final state, by the gateway's word.

    Refunds are grouped by payment: one status call answers all refunds of a payment, and the
    gateway's `refund_statuses` runs those calls side by side (Juspay) or in one query (sandbox).
    A refund never submitted (its task lost) is submitted; one the gateway does not list some
    minutes after it was sent is sent again with the same request id. Refunds in manual review
    are left to staff. Returns the refunds whose state changed or that could not be settled.
    """
    from payments.selectors import refunds_to_reconcile

    refunds = refunds_to_reconcile()
    results: list[RefundReconciled] = []
    by_gateway: dict[str, dict[str, list[Refund]]] = {}
    for refund in refunds:
        by_gateway.setdefault(refund.payment.gateway, {}).setdefault(refund.payment.gateway_order_id, []).append(refund)
    resend_before = timezone.now() - timedelta(minutes=settings.REFUND_RESUBMIT_AFTER_MINUTES)
    done = 0
    for gateway_name, by_payment in by_gateway.items():
        gateway = gateway_named(gateway_name)
        pairs = [(gateway_order_id, group[0].order.user.phone_no) for gateway_order_id, group in by_payment.items()]
        answers = gateway.refund_statuses(pairs)
        # Answers are applied APPLY_BATCH payments to a transaction (one commit for many small
        # changes), payments in primary-key order within it; a refund to send is sent outside.
        groups = sorted(by_payment.items(), key=lambda item: item[1][0].payment_id)
        to_send: list[Refund] = []
        for start in range(0, len(groups), APPLY_BATCH):
            with transaction.atomic():
                for gateway_order_id, group in groups[start : start + APPLY_BATCH]:
                    answer = answers.get(gateway_order_id)
                    for refund in group:
                        if isinstance(answer, GatewayError):
                            results.append(RefundReconciled(refund=refund, from_state=refund.state, error=str(answer)))
                            continue
                        listed = {item.unique_request_id: item for item in answer or []}
                        if refund.unique_request_id in listed:
                            before = refund.state
                            settled = refund_apply(
                                refund=refund,
                                answer=listed[refund.unique_request_id],
                                source=RefundEvent.Source.RECONCILE,
                            )
                            if settled.changed:
                                results.append(RefundReconciled(refund=settled.refund, from_state=before))
                        elif refund.submitted_at is None or refund.submitted_at < resend_before:
                            to_send.append(refund)
                    done += len(group)
            if progress:
                progress(done, len(refunds))
        for refund in to_send:
            before = refund.state
            settled = refund_submit(refund_id=refund.pk) if refund.submitted_at is None else _send(refund)
            if settled.changed or settled.error:
                results.append(RefundReconciled(refund=settled.refund, from_state=before, error=settled.error))
    return results
