from django.apps import AppConfig


class PaymentsConfig(AppConfig):
    name = "payments"

    def ready(self) -> None:
        from payments import checks  # noqa: F401  (register the payment configuration checks)
