"""Per-IP request limits of the sign-in, OTP and account endpoints.

The rates are settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read on every request so that a
changed setting applies at once; the counters live in the shared cache. The client's address comes
from common.client_ip (TRUSTED_PROXY_NETWORKS), so a made-up X-Forwarded-For is not a new client.
Guessing one account's password or OTP from many addresses is limited in accounts/guard.py.
"""

from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy
from rest_framework import exceptions
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle

from common.client_ip import client_ip


class IpRateThrottle(SimpleRateThrottle):
    scope: str

    def get_rate(self) -> str | None:
        try:
            return api_settings.DEFAULT_THROTTLE_RATES[self.scope]
        except KeyError:
            raise ImproperlyConfigured(f"No throttle rate set for scope {self.scope!r}") from None

    def get_ident(self, request) -> str:
        return client_ip(request)

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class OtpSendThrottle(IpRateThrottle):
    scope = "otp_send"


class OtpSendDailyThrottle(IpRateThrottle):
    """Every SMS costs money: one client may text only so many numbers a day."""

    scope = "otp_send_daily"


class AccountThrottle(IpRateThrottle):
    """Registration and password reset answer differently for a known number only after an OTP,
    but their other answers are still limited so that nobody can probe at leisure."""

    scope = "account"


class OtpVerifyThrottle(IpRateThrottle):
    scope = "otp_verify"


class LoginThrottle(IpRateThrottle):
    scope = "login"


class TooManyAttempts(exceptions.Throttled):
    default_detail = gettext_lazy("Too many attempts. Please try again later.")
    # DRF formats these before it asks ngettext, so they are read in the answer's language here.
    extra_detail_singular = gettext_lazy("Try again in {wait} second.")
    extra_detail_plural = gettext_lazy("Try again in {wait} seconds.")
