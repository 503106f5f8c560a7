"""A purchase from the supplier's CSV file: the same checks as a purchase typed on the screen
(`inventory.entry`), all or nothing, a refused row named by its line in the file.

Columns (the first row names them; their order is free, case and spaces around names ignored):

| column        | required | what it holds                                                  |
|---------------|----------|----------------------------------------------------------------|
| `pack`        | one of   | the shop's pack id (the Django admin's and the API's)           |
| `barcode`     | these    | a code printed on the pack (EAN-13, EAN-8, UPC-A) the shop knows |
| `qty`         | yes      | packs received, a whole number from 1                            |
| `unit_cost`   | yes      | the cost of one pack before GST, in rupees (`41.50`)             |
| `gst_rate`    | yes      | 0, 5, 12, 18 or 28 (`5` or `5%`)                                |
| `batch`       | yes      | the batch number printed on the pack                             |
| `best_before` | yes      | best before or expiry date, `YYYY-MM-DD`, not past              |
| `mrp`         | yes      | the MRP printed on the pack, in rupees                            |
| `packed_on`   | no       | packed or manufactured date, `YYYY-MM-DD`                          |

Line 1 is the header, so the first pack is line 2. A file of more than `MAX_BYTES` or with a
column missing is refused as a whole.
"""

import csv
import io

from django.utils.translation import gettext

from catalog.models import Barcode
from common.errors import InvalidValue

from . import entry, services
from .models import Purchase

COLUMNS = ("qty", "unit_cost", "gst_rate", "batch", "best_before", "mrp")
OPTIONAL = ("packed_on",)
PACK_COLUMNS = ("pack", "barcode")
MAX_BYTES = 1_000_000


def _text(raw: bytes | str) -> str:
    if isinstance(raw, bytes):
        if len(raw) > MAX_BYTES:
            raise InvalidValue(gettext("The file is larger than 1 MB."), code="file_too_large")
        try:
            return raw.decode("utf-8-sig")
        except UnicodeDecodeError:
            raise InvalidValue(gettext("The file is not UTF-8 text (save it as CSV UTF-8)."), code="bad_file") from None
    return raw.removeprefix("\ufeff")


def rows_read(raw: bytes | str) -> tuple[list[entry.LineIn], list[int]]:
    """The file's lines as typed, and each one's line number in the file."""
    reader = csv.reader(io.StringIO(_text(raw)))
    try:
        header = [name.strip().lower() for name in next(reader)]
    except StopIteration:
        raise InvalidValue(gettext("The file is empty."), code="bad_file") from None
    except csv.Error:
        raise InvalidValue(gettext("The file is not CSV."), code="bad_file") from None
    missing = [name for name in COLUMNS if name not in header]
    if not any(name in header for name in PACK_COLUMNS):
        missing.insert(0, "pack")
    if missing:
        raise InvalidValue(
            gettext("The file has no column {columns}.").format(columns=", ".join(missing)), code="bad_file"
        )
    lines, numbers, barcodes = [], [], {}
    try:
        for row in reader:
            if not any(cell.strip() for cell in row):
                continue
            cells = dict(zip(header, (cell.strip() for cell in row), strict=False))
            numbers.append(reader.line_num)
            lines.append(cells)
            if not cells.get("pack") and cells.get("barcode"):
                barcodes[cells["barcode"]] = None
    except csv.Error:
        raise InvalidValue(
            gettext("Line {line}: not CSV.").format(line=reader.line_num), code="bad_file", line=reader.line_num
        ) from None
    found = dict(Barcode.objects.filter(code__in=barcodes).values_list("code", "pack_id"))
    ins = []
    for cells, number in zip(lines, numbers, strict=True):
        pack = cells.get("pack") or found.get(cells.get("barcode", ""))
        if not pack:
            reason = (
                gettext("No pack has barcode {code}.").format(code=cells["barcode"])
                if cells.get("barcode")
                else gettext("Neither a pack nor a barcode.")
            )
            raise InvalidValue(gettext("Line {line}: {reason}").format(line=number, reason=reason), line=number)
        ins.append(
            entry.LineIn(
                pack=pack,
                qty=cells.get("qty"),
                unit_cost=cells.get("unit_cost"),
                gst_rate=cells.get("gst_rate"),
                batch_number=cells.get("batch"),
                best_before=cells.get("best_before"),
                mrp=cells.get("mrp"),
                packed_on=cells.get("packed_on"),
            )
        )
    return ins, numbers


def purchase_import(*, supplier_id, invoice_number, invoice_date, raw: bytes | str, by) -> Purchase:
    """The file's purchase entered as a draft (post it as any other), or the first bad row named."""
    lines, numbers = rows_read(raw)
    return services.purchase_create(
        supplier_id=supplier_id,
        invoice_number=invoice_number,
        invoice_date=invoice_date,
        lines=lines,
        by=by,
        line_numbers=numbers,
    )
