from django.apps import AppConfig


class CommonConfig(AppConfig):
    name = "common"
    verbose_name = "Common"

    def ready(self) -> None:
        from django.db.backends.signals import connection_created

        from common.db_watchdog import watch_new_connection

        # A PostgreSQL that stops answering on a pooled connection gets a client-side deadline.
        connection_created.connect(watch_new_connection, dispatch_uid="common.db_watchdog")
