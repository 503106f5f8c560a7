from django.apps import AppConfig


class AlertsConfig(AppConfig):
    name = "alerts"

    def ready(self):
        from catalog.events import packs_changed

        from .receivers import packs_back_in_stock

        packs_changed.connect(packs_back_in_stock, dispatch_uid="alerts.packs_back_in_stock")
