from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self) -> None:
        from accounts import checks, schema  # noqa: F401  (register the configuration checks, the OpenAPI scheme)
