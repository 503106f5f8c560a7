"""Aftersale jobs run by Celery beat (see CELERY_BEAT_SCHEDULE in the settings)."""

import logging

from celery import shared_task

from aftersale.cancellation import orders_cancel_abandoned

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def cancel_abandoned_orders() -> int:
    """Give back the stock of Online orders nobody paid for in time (UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES)."""
    cancelled = orders_cancel_abandoned()
    for order in cancelled:
        logger.info("abandoned online order %s cancelled", order.public_id)
    return len(cancelled)
