"""Back-in-stock alerts listen to the catalog's `packs_changed` (sent after each committed change of packs)."""

import logging

logger = logging.getLogger(__name__)


def packs_back_in_stock(sender=None, *, financial_ids=frozenset(), **kwargs) -> None:
    """Queue the sending task when a changed pack has stock and someone waiting for it."""
    from notifications.alerts import alerts_waiting_for
    from notifications.tasks import alerts_send_back_in_stock

    if financial_ids and alerts_waiting_for(financial_ids):
        alerts_send_back_in_stock.delay(sorted(financial_ids))
