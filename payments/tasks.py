"""Payment jobs run by Celery beat (see CELERY_BEAT_SCHEDULE in shop/settings/data.py); abandoned online
orders are cancelled by `aftersale.tasks` (a cancellation gives money back, a flow above payments)."""

import logging

from celery import shared_task

from common.outbox import OutboxTask
from payments.refund_sync import refund_submit, refunds_reconcile
from payments.services import payments_recheck_charged, payments_reconcile

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, base=OutboxTask)
def submit_refund(refund_id: int) -> str:
    """Send a refund to the gateway (queued after the transaction that created it commits).

    Safe to run twice: the second run asks for the refund's status instead of sending it again.
    A gateway that does not answer leaves the refund pending for reconciliation; no retry here.
    """
    settled = refund_submit(refund_id=refund_id)
    return settled.refund.state


@shared_task(ignore_result=True)
def reconcile_payments() -> int:
    """Ask the gateway about every payment still pending a few minutes after it started, about
    every pending refund, and about a few recently charged payments (lost reversals, chargebacks)."""
    for result in refunds_reconcile():
        refund = result.refund
        if result.error:
            logger.warning("reconcile: refund %s still unknown: %s", refund.unique_request_id, result.error)
        else:
            logger.info("reconcile: refund %s %s → %s", refund.unique_request_id, result.from_state, refund.state)
    results = payments_reconcile() + payments_recheck_charged()
    for result in results:
        if result.error:
            logger.warning("reconcile: %s still unknown: %s", result.payment.gateway_order_id, result.error)
        else:
            logger.info(
                "reconcile: %s %s → %s", result.payment.gateway_order_id, result.from_status, result.payment.status
            )
    return len(results)
