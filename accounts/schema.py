"""OpenAPI description of the shop's Bearer authentication (drf-spectacular extension)."""

from drf_spectacular.contrib.rest_framework_simplejwt import SimpleJWTScheme


class RevocableJWTScheme(SimpleJWTScheme):
    target_class = "accounts.authentication.RevocableJWTAuthentication"
