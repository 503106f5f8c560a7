"""Erase the personal data of deleted accounts (DPDP Act 2023; shop/privacy.py), as the task
queued at each deletion and the hourly beat entry do; prints the counts."""

from django.core.management.base import BaseCommand

from shop.privacy import ERASE_AFTER, personal_data_purge


class Command(BaseCommand):
    help = (
        f"Pseudonymise accounts whose deletion was requested more than {ERASE_AFTER} ago (--now: every "
        "requested one): name, phone, address, location, ticket texts and contacts, the person in gateway "
        "answers; tax records stay."
    )

    def add_arguments(self, parser):
        parser.add_argument("--now", action="store_true", help="Erase every requested account, however recent.")

    def handle(self, *args, now: bool, **options):
        counts = personal_data_purge(now=now)
        self.stdout.write(
            f"Erased {counts['erased']} deleted accounts; {counts['waiting']} deletion requests still waiting."
        )
