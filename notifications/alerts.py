"""Notify me when back: asking, removing, and texting the shoppers once their pack is back.

The catalog's services are the only owner of stock; notifications listen to their `packs_changed`
(after commit) and never writes a pack. An alert can only be made for a pack with no stock, so a
waiting alert whose pack has stock again is one whose pack went from 0 to above 0: that is the
whole test, with no memory of earlier stock needed.

Sending happens in Celery (`notifications.tasks.alerts_send_back_in_stock`), BATCH_SIZE alerts per task
run: each run claims a batch (deleting the rows, skipping rows another run holds), queues one SMS
per alert once that commits, and queues itself again while there may be more. The catalog's
write path only pays one indexed existence query after its commit (`notifications/receivers.py`).
"""

import logging

from django.db import IntegrityError, transaction
from django.utils.translation import gettext, gettext_lazy

from catalog.models import Financial
from common.errors import Conflict, NotFound
from notifications.error_codes import NotificationErrorCode
from notifications.messages import back_in_stock_text
from notifications.models import StockAlert
from notifications.services import sms_queue

logger = logging.getLogger(__name__)

BATCH_SIZE = 100
# At most this many waiting alerts per shopper: far more than a household's wish list.
MAX_ALERTS_PER_USER = 50
ALERT_NOT_FOUND = gettext_lazy("Alert not found")
PACK_NOT_FOUND = gettext_lazy("This pack is no longer sold.")
ALERT_REMOVED = gettext_lazy("Alert removed")


def alert_create(*, user, financial_id: int) -> tuple[StockAlert, bool]:
    """The shopper's alert for this pack (made now, or the one already waiting: True when new)."""
    pack = Financial.objects.filter(pk=financial_id).only("id", "count_in_stock").first()
    if pack is None:
        raise NotFound(str(PACK_NOT_FOUND))
    existing = StockAlert.objects.filter(user=user, financial=pack).first()
    if existing is not None:
        return existing, False
    if pack.count_in_stock > 0:
        raise Conflict(gettext("This pack is in stock: add it to your cart."), code=NotificationErrorCode.IN_STOCK)
    if StockAlert.objects.filter(user=user).count() >= MAX_ALERTS_PER_USER:
        raise Conflict(
            gettext("You have {count} alerts waiting; remove one to add another.").format(count=MAX_ALERTS_PER_USER),
            code=NotificationErrorCode.TOO_MANY_ALERTS,
        )
    try:
        with transaction.atomic():
            return StockAlert.objects.create(user=user, financial=pack), True
    except IntegrityError:  # the same shopper asked twice at once
        return StockAlert.objects.get(user=user, financial=pack), False


def alert_delete(*, user, alert_id: int | None) -> None:
    deleted, _ = StockAlert.objects.filter(pk=alert_id, user=user).delete() if alert_id else (0, None)
    if not deleted:
        raise NotFound(str(ALERT_NOT_FOUND))


def alerts_waiting_for(financial_ids) -> bool:
    """Whether any of these packs has stock and a waiting alert (one indexed query)."""
    return StockAlert.objects.filter(financial_id__in=list(financial_ids), financial__count_in_stock__gt=0).exists()


def alerts_send_batch(*, financial_ids) -> int:
    """Claim up to BATCH_SIZE alerts of these packs that are back, and queue their texts after the
    claim commits; returns how many were claimed (BATCH_SIZE: there may be more)."""
    with transaction.atomic():
        alerts = list(
            StockAlert.objects.select_for_update(skip_locked=True, of=("self",))
            .filter(financial_id__in=list(financial_ids), financial__count_in_stock__gt=0)
            .select_related("user", "financial__detail__product")
            .order_by("id")[:BATCH_SIZE]
        )
        if not alerts:
            return 0
        StockAlert.objects.filter(pk__in=[alert.pk for alert in alerts]).delete()
        texts = [(alert.user.phone_no, _text(alert)) for alert in alerts]
        transaction.on_commit(lambda: _queue(texts))
    logger.info("back-in-stock alerts: %d texts queued", len(alerts))
    return len(alerts)


def _text(alert: StockAlert) -> str:
    pack = alert.financial
    product = pack.detail.product
    return back_in_stock_text(
        name=product.name,
        name_te=product.name_te,
        brand=pack.detail.brand,
        pack=pack.label,
        slug=product.slug,
        language=alert.user.language,
    )


def _queue(texts: list[tuple[str, str]]) -> None:
    for phone_no, text in texts:
        sms_queue(phone_no=phone_no, text=text, about="back-in-stock SMS")
