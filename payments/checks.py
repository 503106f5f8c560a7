"""`manage.py check` catches a payment setup that would lose money or every online payment."""

from django.conf import settings
from django.core.checks import Error, Warning, register

SANDBOX_REFUND_OUTCOMES = ("SUCCESS", "PENDING", "FAILURE", "MANUAL_REVIEW")
JUSPAY_REQUIRED = ("JUSPAY_API_KEY", "JUSPAY_MERCHANT_ID", "JUSPAY_PAYMENT_PAGE_CLIENT_ID", "JUSPAY_RESPONSE_KEY")


@register()
def payment_settings_check(app_configs, **kwargs) -> list:
    from payments.gateways import GATEWAYS
    from payments.gateways.sandbox import sandbox_allowed

    gateway = settings.PAYMENT_GATEWAY
    if gateway not in GATEWAYS:
        return [Error(f"PAYMENT_GATEWAY={gateway!r} is not one of {', '.join(GATEWAYS)}.", id="payments.E001")]
    problems = []
    if settings.PAYMENT_SANDBOX_REFUND_OUTCOME not in SANDBOX_REFUND_OUTCOMES:
        problems.append(
            Error(
                f"PAYMENT_SANDBOX_REFUND_OUTCOME={settings.PAYMENT_SANDBOX_REFUND_OUTCOME!r} is not one of "
                f"{', '.join(SANDBOX_REFUND_OUTCOMES)}.",
                id="payments.E004",
            )
        )
    if settings.JUSPAY_STATUS_CALLS_AT_ONCE < 1:
        problems.append(Error("JUSPAY_STATUS_CALLS_AT_ONCE must be 1 or more.", id="payments.E005"))
    if gateway == "sandbox" and not sandbox_allowed():
        problems.append(
            Error(
                "The sandbox gateway marks orders paid with no money: with DEBUG off set PAYMENT_GATEWAY=juspay "
                "(or PAYMENT_SANDBOX=Y for a demo shop).",
                id="payments.E002",
            )
        )
    if gateway == "juspay":
        missing = [name for name in JUSPAY_REQUIRED if not getattr(settings, name)]
        if missing:
            problems.append(Error(f"PAYMENT_GATEWAY=juspay needs {', '.join(missing)}.", id="payments.E003"))
        if not (settings.JUSPAY_WEBHOOK_USERNAME and settings.JUSPAY_WEBHOOK_PASSWORD):
            problems.append(
                Warning(
                    "JUSPAY_WEBHOOK_USERNAME / JUSPAY_WEBHOOK_PASSWORD are unset: every webhook is refused and "
                    "payments whose shopper never returns wait for reconciliation.",
                    id="payments.W001",
                )
            )
    return problems


@register(deploy=True)
def sandbox_deploy_check(app_configs, **kwargs) -> list:
    """A shop that serves with DEBUG off and the sandbox on lets anyone pay an order with no money."""
    from payments.gateways.sandbox import sandbox_allowed

    if sandbox_allowed() and not settings.DEBUG:
        return [
            Error(
                "The sandbox gateway is live with DEBUG off: anyone can mark an online order paid with no money "
                "at /payments/sandbox/<id>.",
                hint="Unset PAYMENT_SANDBOX (a demo shop only) and set PAYMENT_GATEWAY=juspay.",
                id="payments.E006",
            )
        ]
    return []
