"""Access tokens: issue one at sign-in, revoke it at sign-out.

A token is a simplejwt access token (Bearer). Signing out stores the token's `jti` in
`RevokedToken` until the token would have expired anyway; `accounts.authentication` refuses any
token whose jti is stored. The database is shared by every worker process, so a token stops
working everywhere at once. Changing the password ends every older token too (simplejwt's
CHECK_REVOKE_TOKEN: the token carries a hash of the password hash).
"""

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from django.conf import settings
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework_simplejwt.tokens import AccessToken, Token

from accounts.models import RevokedToken, User


@dataclass(frozen=True)
class IssuedToken:
    token: str
    expires_at: datetime


def access_token_issue(*, user: User) -> IssuedToken:
    token = AccessToken.for_user(user)
    token.set_exp(lifetime=timedelta(minutes=settings.ACCESS_TOKEN_LIFETIME_MINUTES))
    return IssuedToken(token=str(token), expires_at=datetime.fromtimestamp(token["exp"], tz=UTC))


def access_token_revoke(*, token: Token, user: User) -> None:
    """Make the token unusable from now on; revoking it twice is harmless."""
    expires_at = datetime.fromtimestamp(token["exp"], tz=UTC)
    try:
        with transaction.atomic():
            RevokedToken.objects.create(jti=token["jti"], user=user, expires_at=expires_at)
    except IntegrityError:
        pass
    revoked_tokens_purge()


def revoked_tokens_purge() -> int:
    """Expired tokens are refused by their own expiry already; their rows are no longer needed."""
    deleted, _ = RevokedToken.objects.filter(expires_at__lt=timezone.now()).delete()
    return deleted


def iso_utc(moment: datetime) -> str:
    """2026-11-28T10:00:00Z: the wire format of `expiresAt`."""
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")
