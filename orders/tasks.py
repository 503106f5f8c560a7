"""Order jobs run by Celery beat (see CELERY_BEAT_SCHEDULE in shop/settings/data.py)."""

from celery import shared_task

from orders.events import order_changes_recover


@shared_task(ignore_result=True)
def stamp_lost_order_changes() -> int:
    """Announce the order changes whose process died between their commit and their announcement
    (the staff board's cursor and the order page's live update), within 10 s."""
    return order_changes_recover()
