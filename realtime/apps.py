from django.apps import AppConfig


class RealtimeConfig(AppConfig):
    name = "realtime"

    def ready(self):
        from catalog.events import packs_changed
        from orders.events import order_changed

        from . import checks  # noqa: F401  (register the channel layer's deploy check)
        from .broadcast import broadcast_packs_changed
        from .orders import broadcast_order_changed
        from .staff import broadcast_staff_order_changed

        packs_changed.connect(broadcast_packs_changed, dispatch_uid="realtime.broadcast_packs_changed")
        order_changed.connect(broadcast_order_changed, dispatch_uid="realtime.broadcast_order_changed")
        order_changed.connect(broadcast_staff_order_changed, dispatch_uid="realtime.broadcast_staff_order_changed")
