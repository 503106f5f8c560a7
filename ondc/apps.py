from django.apps import AppConfig


class OndcConfig(AppConfig):
    name = "ondc"
    verbose_name = "ONDC network"

    def ready(self) -> None:
        from backoffice.reports import network_fees
        from catalog.events import packs_changed
        from ondc.receivers import order_changed_heard, packs_changed_heard
        from ondc.settlement import network_fees as network_fees_of
        from orders.events import order_changed

        order_changed.connect(order_changed_heard, dispatch_uid="ondc.order_changed_heard")
        packs_changed.connect(packs_changed_heard, dispatch_uid="ondc.packs_changed_heard")
        network_fees.figures = network_fees_of
