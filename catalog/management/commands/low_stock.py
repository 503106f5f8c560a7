"""manage.py low_stock [--below N]: the packs low on stock, as a table for ops.

The same list as the order board's banner (`GET /api/products/low-stock`), from the same selector
(`catalog.selectors.low_stock_packs`): each pack at or under its own threshold, or the shop's
default (`LOW_STOCK_THRESHOLD`); with `--below N`, each pack at or under N instead. Fewest left first.
"""

from django.core.management.base import BaseCommand, CommandError

from catalog.selectors import low_stock_packs
from catalog.serializers import low_stock_data

COLUMNS = (("_id", "id"), ("name", "product"), ("brand", "brand"), ("pack", "pack"))
NUMBERS = (("countInStock", "left"), ("threshold", "threshold"))


def _table(rows: list[dict]) -> list[str]:
    """Text columns left-aligned, numbers right-aligned, each as wide as its widest cell."""
    columns = [*COLUMNS, *NUMBERS]
    widths = {key: max([len(title), *(len(str(row[key])) for row in rows)]) for key, title in columns}

    def line(cells: dict) -> str:
        text = [str(cells[key]).ljust(widths[key]) for key, _ in COLUMNS]
        numbers = [str(cells[key]).rjust(widths[key]) for key, _ in NUMBERS]
        return "  ".join(text + numbers).rstrip()

    header = line({key: title for key, title in columns})
    return [header, "-" * len(header), *(line(row) for row in rows)]


class Command(BaseCommand):
    help = "List the packs at or under their low-stock threshold (or at or under --below N), fewest left first."

    def add_arguments(self, parser):
        parser.add_argument("--below", type=int, help="packs with this many or fewer left, whatever their thresholds")

    def handle(self, *args, below: int | None = None, **options):
        if below is not None and below < 0:
            raise CommandError("--below must be 0 or more")
        answer = low_stock_data(low_stock_packs(below=below))
        if not answer["count"]:
            self.stdout.write("No pack is low on stock.")
            return
        for row in _table(answer["packs"]):
            self.stdout.write(row)
        self.stdout.write(f"{answer['count']} pack(s) low on stock.")
