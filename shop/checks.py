"""`manage.py check --deploy`: a shop serving with DEBUG off is live, whatever SHOP_ENV says.

Django's own deploy checks only warn about HSTS and cookies sent over plain HTTP, and a warning
passes `check --deploy`; a live shop without them hands session and CSRF cookies to anyone on the
shopper's network, so here they are errors.
"""

from django.conf import settings
from django.core.checks import Error, register


@register(deploy=True)
def https_deploy_check(app_configs, **kwargs) -> list[Error]:
    if settings.DEBUG:
        return []
    off = [
        name
        for name, on in (
            ("SESSION_COOKIE_SECURE", settings.SESSION_COOKIE_SECURE),
            ("CSRF_COOKIE_SECURE", settings.CSRF_COOKIE_SECURE),
            ("SECURE_HSTS_SECONDS", settings.SECURE_HSTS_SECONDS),
        )
        if not on
    ]
    if not off:
        return []
    return [
        Error(
            f"DEBUG is off but {', '.join(off)} {'is' if len(off) == 1 else 'are'} off: session and CSRF cookies "
            "may travel over plain HTTP and browsers are not told to keep to HTTPS.",
            hint="Leave them to shop/settings/security.py (they follow DEBUG off); SECURE_HSTS_SECONDS must be above 0.",
            id="shop.E001",
        )
    ]
