"""Background jobs of the accounts app."""

from datetime import timedelta

from celery import shared_task

from accounts.otp import phone_otps_purge
from accounts.tokens import revoked_tokens_purge


@shared_task(ignore_result=True)
def purge_auth_records(days: int = 7) -> tuple[int, int]:
    """Daily (Celery beat): drop OTP rows older than `days` and revocations of expired tokens."""
    return phone_otps_purge(older_than=timedelta(days=days)), revoked_tokens_purge()
