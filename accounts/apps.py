from django.apps import AppConfig, apps
from django.db.models.signals import post_migrate


def _roles_sync_after_migrate(sender, **kwargs) -> None:
    """After the last app's permissions are made (post_migrate runs per app, in INSTALLED_APPS
    order, and only for apps with models), the role groups get theirs: new models' permissions, and
    again after a test flush."""
    if sender is not [config for config in apps.get_app_configs() if config.models_module is not None][-1]:
        return
    from django.contrib.auth.models import Group, Permission

    from accounts.roles import roles_sync

    roles_sync(group_model=Group, permission_model=Permission)


class AccountsConfig(AppConfig):
    name = "accounts"

    def ready(self) -> None:
        from accounts import schema  # noqa: F401  (register the OpenAPI scheme)

        post_migrate.connect(_roles_sync_after_migrate, dispatch_uid="accounts.roles_sync")
