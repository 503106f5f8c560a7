from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"

    def ready(self) -> None:
        from catalog.services.reviews import delivered_check
        from delivery.slots import booked_orders
        from orders import checks  # noqa: F401  (register the GST configuration check)
        from orders.events import order_changed
        from orders.selectors import product_delivered_to
        from orders.slots import slot_booked_invoices
        from orders.usual import forget_usual_items

        order_changed.connect(forget_usual_items, dispatch_uid="orders.forget_usual_items")
        # Reviews come from verified purchases: the catalog asks the orders whether one was delivered.
        delivered_check.check = product_delivered_to
        # Staff lowering a slot's capacity or closing a booked day are told the orders booked.
        booked_orders.of = slot_booked_invoices
