"""`manage.py near_expiry`: the batches close to their best-before date, with their value at cost."""

from django.core.management.base import BaseCommand

from common.money import to_rupees
from inventory.entry import pack_name
from inventory.expiry import near_expiry


class Command(BaseCommand):
    help = "List the batches on the shelf near their best-before date (7 and 30 days, or the category's bands)."

    def add_arguments(self, parser):
        parser.add_argument("--soon", action="store_true", help="Only the 'soon' band (discount now)")

    def handle(self, *args, soon=False, **options):
        rows = [row for row in near_expiry() if row.band == "soon" or not soon]
        total = 0
        for row in rows:
            value = row.value_paise
            total += value or 0
            self.stdout.write(
                f"{row.band:5}  {row.batch.best_before.isoformat()}  {row.days_left:>3} d  "
                f"{row.batch.count:>5} × {pack_name(row.batch.pack)} (batch {row.batch.batch_no or '-'})  "
                f"₹{to_rupees(value) if value is not None else '?'}"
            )
        self.stdout.write(f"{len(rows)} batches, ₹{to_rupees(total)} at cost")
