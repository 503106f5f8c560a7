from django.apps import AppConfig


class PromotionsConfig(AppConfig):
    name = "promotions"

    def ready(self) -> None:
        from promotions import receivers  # noqa: F401 - connects to orders' order_changed
