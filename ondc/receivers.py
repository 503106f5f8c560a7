"""What the ONDC app hears from the rest of the shop: a committed change of an order (`orders.events`)
or of packs (`catalog.events`)."""

from django.conf import settings

from ondc.pushing import changes_heard
from ondc.tasks import ondc_tell
from orders.models import Order


def order_changed_heard(*, order_id: int, **_) -> None:
    """A network order moved: its buyer app is told from a task, never in the staff member's request."""
    if not settings.ONDC_ENABLED or not Order.objects.filter(pk=order_id, channel=Order.Channel.ONDC).exists():
        return
    ondc_tell.delay(order_id)


def packs_changed_heard(*, financial_ids, **_) -> None:
    """Packs changed: noted for the next incremental catalog push (`ondc.pushing`), sent from a task."""
    if settings.ONDC_ENABLED:
        changes_heard(financial_ids=financial_ids)
