"""The catalog's scheduled work."""

from celery import shared_task

from .stock import stock_expire_due


@shared_task(ignore_result=True)
def expire_due_batches() -> int:
    """Just after midnight (India time): batches past their best-before date leave the sellable stock."""
    return stock_expire_due()
