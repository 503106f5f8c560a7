"""Bearer-token authentication that also refuses signed-out tokens.

A Bearer value that is not a token at all counts as no credentials: the shop's existing client
sends `Authorization: Bearer undefined` (or `null`) when nobody is signed in, and a 401 there would
make it wipe the guest's cart (spec section 4, "Any 401"). A value shaped like a token is checked
as one, so a forged or expired token still answers 401 wherever signing in matters. On a call
that `AllowAny` serves (the catalog, the cart's price refresh, the delivery check, the config) a
token that fails the check counts as no token too, and the answer is the visitor's: a public page
must never log a shopper out.
"""

import re

from django.db.models import Exists, OuterRef
from django.utils.translation import gettext
from rest_framework.permissions import AllowAny
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.utils import get_md5_hash_password

from accounts.errors import USER_NOT_FOUND
from accounts.models import RevokedToken, User
from accounts.roles import with_staff_role

# header.payload.signature, each part base64url: the shape of every token `accounts.tokens` issues.
TOKEN_SHAPE = re.compile(rb"[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+")


def _bearer_value(header: bytes) -> bytes | None:
    """What follows `Bearer` when it is shaped like a token; None for `Bearer undefined`, `Bearer`,
    `Bearer a b`, another scheme or no header."""
    parts = header.split()
    if len(parts) != 2 or parts[0].decode("latin-1") not in api_settings.AUTH_HEADER_TYPES:
        return None
    return parts[1] if TOKEN_SHAPE.fullmatch(parts[1]) else None


def _is_public(request) -> bool:
    """The view serves this request to anybody: every permission it applies is AllowAny."""
    view = (getattr(request, "parser_context", None) or {}).get("view")
    if view is None:
        return False
    return all(isinstance(permission, AllowAny) for permission in view.get_permissions())


class RevocableJWTAuthentication(JWTAuthentication):
    """simplejwt's JWTAuthentication plus the sign-out list.

    The user and the "was this token signed out?" question are answered by one query, so signing
    out costs nothing on the requests of everybody else.
    """

    def get_raw_token(self, header: bytes) -> bytes | None:
        return _bearer_value(header)

    def authenticate(self, request):
        try:
            return super().authenticate(request)
        except AuthenticationFailed:
            if _is_public(request):
                return None
            raise

    def get_user(self, validated_token) -> User:
        try:
            user_id = validated_token[api_settings.USER_ID_CLAIM]
        except KeyError as exc:
            raise InvalidToken(gettext("Token contained no recognizable user identification")) from exc

        revoked = RevokedToken.objects.filter(jti=validated_token[api_settings.JTI_CLAIM], user=OuterRef("pk"))
        try:
            user = with_staff_role(User.objects.annotate(token_revoked=Exists(revoked))).get(pk=user_id)
        except (User.DoesNotExist, ValueError, TypeError) as exc:
            raise AuthenticationFailed(USER_NOT_FOUND, code="user_not_found") from exc

        if user.token_revoked:
            raise AuthenticationFailed(gettext("You have been signed out. Please sign in again."), code="token_revoked")
        if not user.is_active:
            raise AuthenticationFailed(gettext("User is inactive"), code="user_inactive")
        if api_settings.CHECK_REVOKE_TOKEN and validated_token.get(
            api_settings.REVOKE_TOKEN_CLAIM
        ) != get_md5_hash_password(user.password):
            raise AuthenticationFailed(
                gettext("Your password has changed. Please sign in again."), code="password_changed"
            )
        return user
