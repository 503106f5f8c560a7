"""The back-in-stock texts, sent in batches off the catalog's write path."""

from celery import shared_task

from alerts.services import BATCH_SIZE, alerts_send_batch
from notifications.tasks import NeverFailingTask


@shared_task(base=NeverFailingTask, ignore_result=True)
def alerts_send_back_in_stock(financial_ids: list[int]) -> int:
    """One batch of alerts for these packs; queues itself again while batches come back full."""
    claimed = alerts_send_batch(financial_ids=financial_ids)
    if claimed >= BATCH_SIZE:
        alerts_send_back_in_stock.delay(financial_ids)
    return claimed
