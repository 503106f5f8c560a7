"""Promotions listen to the orders app's `order_changed` (sent after each committed change)."""

from django.dispatch import receiver

from orders.events import order_changed
from promotions.services import rewards_sync_order


@receiver(order_changed, dispatch_uid="promotions.rewards_sync_order")
def order_changed_rewards(sender, *, order_id: int, **kwargs) -> None:
    rewards_sync_order(order_id=order_id)
