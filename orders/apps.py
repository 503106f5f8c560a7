from django.apps import AppConfig


class OrdersConfig(AppConfig):
    name = "orders"

    def ready(self) -> None:
        from catalog.services.publishing import sold_packs
        from catalog.services.reviews import delivered_check
        from delivery.slots import booked_orders
        from orders import checks  # noqa: F401  (register the GST configuration check)
        from orders.events import order_changed
        from orders.selectors import packs_ordered, product_delivered_to
        from orders.slots import slot_booked_invoices
        from orders.usual import forget_usual_items

        order_changed.connect(forget_usual_items, dispatch_uid="orders.forget_usual_items")
        # Reviews come from verified purchases: the catalog asks the orders whether one was delivered.
        delivered_check.check = product_delivered_to
        # A product, brand or pack that orders hold is hidden, never deleted: the catalog asks which.
        sold_packs.of = packs_ordered
        # Staff lowering a slot's capacity or closing a booked day are told the orders booked.
        booked_orders.of = slot_booked_invoices
