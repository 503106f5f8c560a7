"""manage.py seed_demo: the demo catalog (23 categories, 180+ products), delivery windows and the demo accounts.

Safe to run again: only missing rows are added (see `demo.seeding` and `demo.users`).
"""

import time

from django.core.management.base import BaseCommand

from demo.seeding import seed_demo_catalog
from demo.slots import seed_demo_windows
from demo.users import DEMO_ADMIN, DEMO_CUSTOMER, seed_demo_users


class Command(BaseCommand):
    help = "Load the demo catalog and the demo admin and customer (idempotent)."

    def handle(self, *args, **options):
        started = time.monotonic()
        report = seed_demo_catalog()
        for line in report.lines():
            self.stdout.write(f"  {line}")
        self.stdout.write(f"  delivery windows: {seed_demo_windows()} new")
        for phone_no, created in seed_demo_users():
            self.stdout.write(f"  user {phone_no}: {'created' if created else 'already there'}")
        self.stdout.write(
            self.style.SUCCESS(
                f"Demo data ready in {time.monotonic() - started:.1f}s. "
                f"Admin {DEMO_ADMIN['phone_no']} / {DEMO_ADMIN['password']}, "
                f"customer {DEMO_CUSTOMER['phone_no']} / {DEMO_CUSTOMER['password']}."
            )
        )
