"""Payment jobs run by Celery beat (see CELERY_BEAT_SCHEDULE in shop/settings.py)."""

import logging

from celery import shared_task

from payments.services import orders_cancel_abandoned, payments_reconcile

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def reconcile_payments() -> int:
    """Ask the gateway about every payment still pending a few minutes after it started."""
    results = payments_reconcile()
    for result in results:
        if result.error:
            logger.warning("reconcile: %s still unknown: %s", result.payment.gateway_order_id, result.error)
        else:
            logger.info(
                "reconcile: %s %s → %s", result.payment.gateway_order_id, result.from_status, result.payment.status
            )
    return len(results)


@shared_task(ignore_result=True)
def cancel_abandoned_orders() -> int:
    """Give back the stock of Online orders nobody paid for in time (UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES)."""
    cancelled = orders_cancel_abandoned()
    for order in cancelled:
        logger.info("abandoned online order %s cancelled", order.public_id)
    return len(cancelled)
