"""Delete sign-in records that no longer protect anything: old OTP rows and expired revocations.

Run it daily (cron, or a Celery beat entry calling this command).
"""

from datetime import timedelta

from django.core.management.base import BaseCommand

from accounts.otp import phone_otps_purge
from accounts.tokens import revoked_tokens_purge


class Command(BaseCommand):
    help = "Delete OTP records older than --days (default 7) and revoked tokens that have expired."

    def add_arguments(self, parser):
        parser.add_argument("--days", type=int, default=7, help="Keep OTP records of the last DAYS days.")

    def handle(self, *args, days: int, **options):
        if days < 1:
            self.stderr.write("--days must be at least 1: the resend lock reads the last 5 minutes of codes.")
            return
        otps = phone_otps_purge(older_than=timedelta(days=days))
        tokens = revoked_tokens_purge()
        self.stdout.write(f"Deleted {otps} OTP records and {tokens} expired revoked tokens.")
