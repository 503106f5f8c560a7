"""`manage.py compliance_audit`: lists what issue 28's rules find missing (`shop/compliance.py`) and
exits non-zero when anything is, so CI can run it on the seeded demo."""

from django.core.management.base import BaseCommand, CommandError

from shop.compliance import audit


class Command(BaseCommand):
    help = (
        "List packs missing Legal Metrology declarations or a unit price, missing seller settings and overdue tickets."
    )

    def handle(self, *args, **options):
        found = audit()
        for line in found.lines():
            self.stdout.write(line)
        if not found.passed:
            raise CommandError("compliance audit failed: see the lists above")
        self.stdout.write(self.style.SUCCESS("compliance audit passed"))
