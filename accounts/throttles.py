"""Per-IP request limits of the sign-in and OTP endpoints (scopes otp_send, otp_verify, login).

The rates are settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], read on every request so that a
changed setting applies at once; the counters live in the shared cache.
"""

from django.core.exceptions import ImproperlyConfigured
from rest_framework import exceptions
from rest_framework.settings import api_settings
from rest_framework.throttling import SimpleRateThrottle


class IpRateThrottle(SimpleRateThrottle):
    scope: str

    def get_rate(self) -> str | None:
        try:
            return api_settings.DEFAULT_THROTTLE_RATES[self.scope]
        except KeyError:
            raise ImproperlyConfigured(f"No throttle rate set for scope {self.scope!r}") from None

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class OtpSendThrottle(IpRateThrottle):
    scope = "otp_send"


class OtpVerifyThrottle(IpRateThrottle):
    scope = "otp_verify"


class LoginThrottle(IpRateThrottle):
    scope = "login"


class TooManyAttempts(exceptions.Throttled):
    default_detail = "Too many attempts. Please try again later."
    extra_detail_singular = "Try again in {wait} second."
    extra_detail_plural = "Try again in {wait} seconds."
