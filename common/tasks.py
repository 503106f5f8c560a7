"""Background jobs of the plumbing."""

from celery import shared_task

from common.idempotency import purge_expired


@shared_task(ignore_result=True)
def purge_idempotency_keys() -> int:
    """Hourly (Celery beat): drop `Idempotency-Key` answers older than a day."""
    return purge_expired()


@shared_task(ignore_result=True)
def purge_vitals() -> int:
    """Daily (Celery beat): drop the Core Web Vitals counts of days older than 90 (common/vitals.py)."""
    from common.vitals import vitals_purge

    return vitals_purge()


@shared_task(ignore_result=True)
def send_queued_tasks() -> int:
    """Every minute (Celery beat): the tasks kept while the broker was unreachable are queued now
    (common/outbox.py)."""
    from common.outbox import queued_tasks_send

    return queued_tasks_send()
