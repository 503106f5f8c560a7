from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        from catalog.events import packs_changed
        from notifications import checks  # noqa: F401  (register the SMS configuration checks)
        from notifications.receivers import packs_back_in_stock

        packs_changed.connect(packs_back_in_stock, dispatch_uid="notifications.packs_back_in_stock")
