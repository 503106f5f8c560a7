"""manage.py seed_orders --count 100000: a history of demo orders over the last 90 days (`demo.orders`).

Adds `--count` orders each time it runs (their invoices numbered on from the last seeded one); run
`seed_demo` first for the catalog and the delivery windows.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from demo.orders import seed_orders


class Command(BaseCommand):
    help = "Add COUNT demo orders, with their lines, slots and payments, spread over the last DAYS days."

    def add_arguments(self, parser):
        parser.add_argument("--count", type=int, default=1000)
        parser.add_argument("--days", type=int, default=90)
        parser.add_argument("--seed", type=int, default=27, help="Random seed (the same seed, the same orders)")

    def handle(self, *args, count: int, days: int, seed: int, **options):
        if count < 1 or days < 1:
            raise CommandError("--count and --days must be at least 1.")
        started = time.monotonic()
        try:
            seeded = seed_orders(count=count, days=days, seed=seed)
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(
            self.style.SUCCESS(
                f"{seeded.orders} orders, {seeded.lines} lines, {seeded.payments} payments "
                f"({seeded.customers} customers) in {time.monotonic() - started:.1f}s."
            )
        )
