"""CSV files staff open in a spreadsheet: the one writer of their cells (the dashboard's exports,
the books' registers).

A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return) as a
formula: such a text cell gets a leading `'` (OWASP "CSV injection"). Numbers are written as numbers.
Rows are turned into text one at a time, so a file streams without being held in memory.
"""

import csv
from collections.abc import Iterable, Iterator
from decimal import Decimal

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value) -> str | int | Decimal:
    """A cell as written: text that a spreadsheet would run as a formula gets a leading `'`."""
    if value is None:
        return ""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return f"'{value}"
    return value


class _Line:
    """csv.writer's file: hands back each row it is given instead of keeping it."""

    def write(self, text: str) -> str:
        return text


def csv_lines(header: list[str], rows: Iterable[Iterable]) -> Iterator[str]:
    writer = csv.writer(_Line())
    yield writer.writerow([safe_cell(name) for name in header])
    for row in rows:
        yield writer.writerow([safe_cell(value) for value in row])
