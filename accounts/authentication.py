"""Bearer-token authentication that also refuses signed-out tokens."""

from django.db.models import Exists, OuterRef
from rest_framework_simplejwt.authentication import JWTAuthentication
from rest_framework_simplejwt.exceptions import AuthenticationFailed, InvalidToken
from rest_framework_simplejwt.settings import api_settings
from rest_framework_simplejwt.utils import get_md5_hash_password

from accounts.models import RevokedToken, User


class RevocableJWTAuthentication(JWTAuthentication):
    """simplejwt's JWTAuthentication plus the sign-out list.

    The user and the "was this token signed out?" question are answered by one query, so signing
    out costs nothing on the requests of everybody else.
    """

    def get_user(self, validated_token) -> User:
        try:
            user_id = validated_token[api_settings.USER_ID_CLAIM]
        except KeyError as exc:
            raise InvalidToken("Token contained no recognizable user identification") from exc

        revoked = RevokedToken.objects.filter(jti=validated_token[api_settings.JTI_CLAIM], user=OuterRef("pk"))
        try:
            user = User.objects.annotate(token_revoked=Exists(revoked)).get(pk=user_id)
        except (User.DoesNotExist, ValueError, TypeError) as exc:
            raise AuthenticationFailed("User not found", code="user_not_found") from exc

        if user.token_revoked:
            raise AuthenticationFailed("You have been signed out. Please sign in again.", code="token_revoked")
        if not user.is_active:
            raise AuthenticationFailed("User is inactive", code="user_inactive")
        if api_settings.CHECK_REVOKE_TOKEN and validated_token.get(
            api_settings.REVOKE_TOKEN_CLAIM
        ) != get_md5_hash_password(user.password):
            raise AuthenticationFailed("Your password has changed. Please sign in again.", code="password_changed")
        return user
