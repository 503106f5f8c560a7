from django.apps import AppConfig


class NotificationsConfig(AppConfig):
    name = "notifications"

    def ready(self) -> None:
        from notifications import checks  # noqa: F401  (register the SMS configuration checks)
