"""manage.py import_catalog FILE.csv [--dry-run]: bulk create or update products, brands and packs.

Every row is checked first; if any row is rejected, each is reported (row number and reason) and
nothing is written. See `catalog.importing` for the columns and how rows match existing records.
"""

import csv

from django.core.management.base import BaseCommand, CommandError

from catalog.importing import ImportFileError, import_rows, read_rows
from common.errors import DomainError

BAR_WIDTH = 30


class Command(BaseCommand):
    help = "Import products, brands and packs from a CSV file (all or nothing)."

    def add_arguments(self, parser):
        parser.add_argument(
            "file",
            help="CSV with columns category,product,brand,quantity,units,price,dprice,"
            "count_in_stock[,image,description,hsn_code,gst_rate]",
        )
        parser.add_argument("--dry-run", action="store_true", help="check the file and report what would change")

    def progress(self, stage: str, done: int, total: int) -> None:
        """A text progress bar on stderr, redrawn in place."""
        if not self.show_progress or total == 0:
            return
        step = max(1, total // 100)
        if done % step and done != total:
            return
        filled = BAR_WIDTH * done // total
        self.stderr.write(f"\r{stage:<9} [{'#' * filled}{'.' * (BAR_WIDTH - filled)}] {done}/{total}", ending="")
        if done == total:
            self.stderr.write("")

    def handle(self, *args, file: str, dry_run: bool, **options):
        self.show_progress = options.get("verbosity", 1) > 0
        try:
            with open(file, newline="", encoding="utf-8-sig") as handle:
                rows, rejections = read_rows(handle, self.progress)
        except FileNotFoundError:
            raise CommandError(f"{file}: no such file") from None
        except (ImportFileError, UnicodeDecodeError, csv.Error) as error:
            raise CommandError(f"{file}: {error}") from None

        for rejection in rejections:
            self.stderr.write(f"{file}: {rejection}")
        if rejections:
            raise CommandError(
                f"{len(rejections)} row(s) rejected; nothing was written. Fix them and run the import again."
            )
        if not rows:
            raise CommandError(f"{file}: no rows to import")

        try:
            summary = import_rows(rows, dry_run=dry_run, progress=self.progress)
        except DomainError as error:  # e.g. a pack added by someone else while importing
            raise CommandError(f"{error.message} Nothing was written.") from None
        heading = "Dry run, nothing written. Would change:" if dry_run else f"Imported {summary.rows} row(s):"
        self.stdout.write(heading)
        for line in summary.lines():
            self.stdout.write(f"  {line}")
