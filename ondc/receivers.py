"""What the ONDC app hears from the rest of the shop: a committed change of an order (`orders.events`)."""

from django.conf import settings

from ondc.tasks import ondc_tell
from orders.models import Order


def order_changed_heard(*, order_id: int, **_) -> None:
    """A network order moved: its buyer app is told from a task, never in the staff member's request."""
    if not settings.ONDC_ENABLED or not Order.objects.filter(pk=order_id, channel=Order.Channel.ONDC).exists():
        return
    ondc_tell.delay(order_id)
