"""The payment gateway the shop uses, chosen by `PAYMENT_GATEWAY` (`sandbox` or `juspay`)."""

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from payments.gateways.base import Gateway
from payments.gateways.juspay import JuspayGateway
from payments.gateways.sandbox import SandboxGateway

GATEWAYS: dict[str, type[Gateway]] = {"sandbox": SandboxGateway, "juspay": JuspayGateway}


def gateway_named(name: str) -> Gateway:
    try:
        return GATEWAYS[name]()
    except KeyError as error:
        raise ImproperlyConfigured(f"PAYMENT_GATEWAY must be one of {', '.join(GATEWAYS)}, not {name!r}") from error


def active_gateway() -> Gateway:
    return gateway_named(settings.PAYMENT_GATEWAY)
