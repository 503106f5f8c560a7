"""`manage.py check` catches an SMS setup that would silently lose every OTP."""

from django.conf import settings
from django.core.checks import Error, register

from notifications.sms import BACKENDS


@register()
def sms_settings_check(app_configs, **kwargs) -> list[Error]:
    backend = settings.SMS_BACKEND
    if backend not in BACKENDS:
        return [Error(f"SMS_BACKEND={backend!r} is not one of {', '.join(BACKENDS)}.", id="notifications.E001")]
    if backend == "msg91":
        missing = [name for name in ("SMS_MSG91_AUTH_KEY", "SMS_MSG91_TEMPLATE_ID") if not getattr(settings, name)]
        if missing:
            return [Error(f"SMS_BACKEND=msg91 needs {', '.join(missing)}.", id="notifications.E002")]
    return []


@register(deploy=True)
def sms_console_deploy_check(app_configs, **kwargs) -> list[Error]:
    """`manage.py check --deploy`: the console backend writes every OTP code into the log."""
    if settings.SMS_BACKEND == "console" and not settings.SMS_CONSOLE_ALLOWED_IN_PRODUCTION:
        return [
            Error(
                "SMS_BACKEND=console prints OTP codes into the log.",
                hint="Use SMS_BACKEND=msg91, or set SMS_CONSOLE_ALLOWED_IN_PRODUCTION=1 for a trial run.",
                id="notifications.E003",
            )
        ]
    return []
