"""Bulk import of products, brands and packs from CSV (`manage.py import_catalog`).

Columns: category, product, brand, quantity, units, price, dprice, count_in_stock, and optionally
image, description, name_te (the product's Telugu name), category_te (the category's), hsn_code and
gst_rate (the product's GST classification), and the brand's Legal Metrology declarations
(packer_name, packer_address, country_of_origin, generic_name, best_before, consumer_care), and
barcodes (the pack's codes, separated by spaces, `;` or `|`: EAN-13, EAN-8 or UPC-A with their check
digit, and the word `shop` for the shop's own code, `catalog/barcodes.py`; they are added to the
pack's codes, none taken off); an optional cell left empty changes nothing. Every row
is checked before anything is written; a file with any rejected row writes nothing. Rows are matched
to what exists: a product by name within its category, a brand by name within its product (both
ignoring case), a pack by size and units within its brand.
"""

import csv
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from decimal import Decimal

from django.db import transaction

from common.errors import DomainError
from common.text import clean_text

from . import barcodes as barcode_rules
from . import caching, images
from .gst import to_gst_rate, to_hsn_code
from .models import Barcode, Category, Detail, Financial, Product
from .packs import to_quantity, to_stock, to_units
from .pricing import PackPrices, pack_prices
from .services import barcode_add, financial_save, unique_slug
from .services._text import clean_telugu
from .services.details import declarations_clean

REQUIRED_COLUMNS = ("category", "product", "brand", "quantity", "units", "price", "dprice", "count_in_stock")
OPTIONAL_COLUMNS = (
    "image",
    "description",
    "name_te",
    "category_te",
    "hsn_code",
    "gst_rate",
    *Detail.DECLARATIONS,
    "barcodes",
)
SHOP_CODE_WORD = "shop"

Progress = Callable[[str, int, int], None]


class ImportFileError(Exception):
    """The file as a whole cannot be read (missing columns, not CSV)."""


@dataclass
class ImportRow:
    line: int
    category: Category
    product: str
    brand: str
    quantity: Decimal
    units: str
    prices: PackPrices
    count_in_stock: int
    image: str | None
    description: str | None
    hsn_code: str | None = None
    gst_rate: int | None = None
    name_te: str | None = None
    category_te: str | None = None
    declarations: dict[str, str] = field(default_factory=dict)  # the non-empty cells only
    barcodes: list[str] = field(default_factory=list)  # checked codes (normalised)
    shop_code: bool = False


def _barcodes(cell: str | None) -> tuple[list[str], bool]:
    codes, shop = [], False
    for word in re.split(r"[\s;|,]+", (cell or "").strip()):
        if not word:
            continue
        if word.casefold() == SHOP_CODE_WORD:
            shop = True
        else:
            codes.append(barcode_rules.parse(word)[0])
    return codes, shop


@dataclass
class Rejection:
    line: int
    reason: str

    def __str__(self) -> str:
        return f"row {self.line}: {self.reason}"


@dataclass
class ImportSummary:
    products_created: int = 0
    products_updated: int = 0
    categories_updated: int = 0
    brands_created: int = 0
    brands_updated: int = 0
    packs_created: int = 0
    packs_updated: int = 0
    packs_unchanged: int = 0
    barcodes_added: int = 0
    rows: int = 0
    rejections: list[Rejection] = field(default_factory=list)

    def lines(self) -> list[str]:
        return [
            f"categories: {self.categories_updated} updated",
            f"products: {self.products_created} new, {self.products_updated} updated",
            f"brands: {self.brands_created} new, {self.brands_updated} updated",
            f"packs: {self.packs_created} new, {self.packs_updated} updated, {self.packs_unchanged} unchanged",
            f"barcodes: {self.barcodes_added} new",
        ]


def _no_progress(stage: str, done: int, total: int) -> None:
    return None


def _text(row: dict, column: str, *, max_length: int, required: bool = True) -> str:
    return clean_text(row.get(column), label=column, max_length=max_length, required=required)


def _telugu(row: dict, column: str, *, max_length: int) -> str | None:
    return clean_telugu(row.get(column), label=column, max_length=max_length) or None


def read_rows(lines: Iterable[str], progress: Progress = _no_progress) -> tuple[list[ImportRow], list[Rejection]]:
    """Parse and check every row. Returns the good rows and one rejection per bad row."""
    reader = csv.DictReader(lines)
    columns = [(name or "").strip().lower() for name in (reader.fieldnames or [])]
    missing = [name for name in REQUIRED_COLUMNS if name not in columns]
    if missing:
        raise ImportFileError(f"missing column(s): {', '.join(missing)} (header: {', '.join(columns) or 'none'})")
    unknown = [name for name in columns if name not in REQUIRED_COLUMNS + OPTIONAL_COLUMNS]
    if unknown:
        raise ImportFileError(f"unknown column(s): {', '.join(unknown)}")
    reader.fieldnames = columns

    categories = {}
    for category in Category.objects.all():
        categories[category.name.casefold()] = category
        categories[category.key.casefold()] = category

    raw = list(reader)
    rows, rejections, seen, categories_te, codes_seen = [], [], {}, {}, {}
    for index, values in enumerate(raw, start=1):
        line = index + 1  # the header is line 1
        progress("Checking", index, len(raw))
        if None in values:
            rejections.append(Rejection(line, "more values than columns"))
            continue
        try:
            category_name = _text(values, "category", max_length=80)
            category = categories.get(category_name.casefold())
            if category is None:
                raise DomainError(f"unknown category '{category_name}'")
            dprice = (values.get("dprice") or "").strip()
            codes, shop_code = _barcodes(values.get("barcodes"))
            row = ImportRow(
                line=line,
                category=category,
                product=_text(values, "product", max_length=200),
                brand=_text(values, "brand", max_length=100),
                quantity=to_quantity(values.get("quantity") or ""),
                units=to_units(values.get("units") or ""),
                prices=pack_prices(price=(values.get("price") or "").strip(), dprice=dprice or None),
                count_in_stock=to_stock(values.get("count_in_stock") or ""),
                image=_text(values, "image", max_length=500, required=False) or None,
                description=(values.get("description") or "").strip() or None,
                hsn_code=to_hsn_code(values.get("hsn_code")) or None,
                gst_rate=to_gst_rate(values["gst_rate"]) if (values.get("gst_rate") or "").strip() else None,
                name_te=_telugu(values, "name_te", max_length=200),
                category_te=_telugu(values, "category_te", max_length=80),
                declarations=declarations_clean(
                    {name: values.get(name) for name in Detail.DECLARATIONS if (values.get(name) or "").strip()}
                ),
                barcodes=codes,
                shop_code=shop_code,
            )
        except DomainError as error:
            rejections.append(Rejection(line, str(error.message).rstrip(".")))
            continue
        key = (row.category.pk, row.product.casefold(), row.brand.casefold(), row.quantity, row.units)
        if row.category_te and categories_te.setdefault(row.category.pk, row.category_te) != row.category_te:
            rejections.append(Rejection(line, f"another category_te than {categories_te[row.category.pk]!r}"))
            continue
        if key in seen:
            rejections.append(Rejection(line, f"the same pack as row {seen[key]}"))
            continue
        clash = next((code for code in row.barcodes if code in codes_seen), None)
        if clash:
            rejections.append(Rejection(line, f"barcode {clash} is on row {codes_seen[clash][0]} too"))
            continue
        seen[key] = line
        codes_seen.update({code: (line, key) for code in row.barcodes})
        rows.append(row)
    rejections += _barcodes_elsewhere(codes_seen)
    rejections.sort(key=lambda rejection: rejection.line)
    return rows, rejections


def _barcodes_elsewhere(codes_seen: dict[str, tuple[int, tuple]]) -> list[Rejection]:
    """A row's code that the catalog has on another pack than the row's: one code, one pack."""
    found = Barcode.objects.filter(code__in=codes_seen).select_related("pack__detail__product")
    rejections = []
    for barcode in found:
        line, key = codes_seen[barcode.code]
        pack = barcode.pack
        theirs = (
            pack.detail.product.category_id,
            pack.detail.product.name.casefold(),
            pack.detail.brand.casefold(),
            pack.quantity,
            pack.units,
        )
        if theirs != key:
            name = f"{pack.detail.brand} {pack.detail.product.name} {pack.label}"
            rejections.append(Rejection(line, f"barcode {barcode.code} is already on {name}"))
    return rejections


@transaction.atomic
def import_rows(rows: list[ImportRow], *, dry_run: bool, progress: Progress = _no_progress) -> ImportSummary:
    """Create or update what the rows describe; with `dry_run` only count what would change.

    Everything is keyed by natural keys (category, product name, brand, size), so a dry run can
    count rows it would create without creating them.
    """
    summary = ImportSummary(rows=len(rows))
    category_ids = {row.category.pk for row in rows}
    products: dict[tuple, Product] = {}
    for product in Product.objects.filter(category_id__in=category_ids).order_by("-id"):
        products[(product.category_id, product.name.casefold())] = product  # the oldest wins
    details: dict[tuple, Detail] = {
        (detail.product.category_id, detail.product.name.casefold(), detail.brand.casefold()): detail
        for detail in Detail.objects.filter(product__category_id__in=category_ids).select_related("product")
    }
    packs: dict[tuple, Financial] = {
        (
            financial.detail.product.category_id,
            financial.detail.product.name.casefold(),
            financial.detail.brand.casefold(),
            financial.quantity,
            financial.units,
        ): financial
        for financial in Financial.objects.filter(detail__product__category_id__in=category_ids).select_related(
            "detail__product"
        )
    }
    updated_products: set[tuple] = set()
    telugu_names = {row.category.pk: (row.category, row.category_te) for row in rows if row.category_te}
    for category, name_te in telugu_names.values():  # one per category (`read_rows`)
        if category.name_te != name_te:
            summary.categories_updated += 1
            if not dry_run:
                category.name_te = name_te
                category.save(update_fields=["name_te"])

    for index, row in enumerate(rows, start=1):
        progress("Comparing" if dry_run else "Writing", index, len(rows))
        product_key = (row.category.pk, row.product.casefold())
        brand_key = (*product_key, row.brand.casefold())
        pack_key = (*brand_key, row.quantity, row.units)

        product = products.get(product_key)
        if product is None:
            product = Product(
                name=row.product,
                name_te=row.name_te or "",
                category=row.category,
                description=row.description or "",
                hsn_code=row.hsn_code or "",
                gst_rate=row.gst_rate or 0,
            )
            if not dry_run:
                product.slug = unique_slug(row.product)
                product.image = row.image or images.product_image(product.slug, row.product, category=row.category.name)
                product.save()
            products[product_key] = product
            updated_products.add(product_key)
            summary.products_created += 1
        elif product_key not in updated_products:
            changes = {
                name: value
                for name, value in (
                    ("image", row.image),
                    ("description", row.description),
                    ("name_te", row.name_te),
                    ("hsn_code", row.hsn_code),
                    ("gst_rate", row.gst_rate),
                )
                if value is not None and getattr(product, name) != value
            }
            if changes:
                updated_products.add(product_key)
                summary.products_updated += 1
                if not dry_run:
                    for name, value in changes.items():
                        setattr(product, name, value)
                    product.save(update_fields=[*changes, "updated_at"])

        detail = details.get(brand_key)
        if detail is None:
            detail = Detail(
                product=product, brand=row.brand, images=[row.image] if row.image else [], **row.declarations
            )
            if not dry_run:
                detail.save()
            details[brand_key] = detail
            summary.brands_created += 1
        else:
            declared = {name: value for name, value in row.declarations.items() if getattr(detail, name) != value}
            if declared:
                summary.brands_updated += 1
                for name, value in declared.items():
                    setattr(detail, name, value)
                if not dry_run:
                    detail.save(update_fields=list(declared))

        financial = packs.get(pack_key)
        unchanged = False
        if financial is None:
            financial = Financial(detail=detail, quantity=row.quantity, units=row.units)
            packs[pack_key] = financial
            summary.packs_created += 1
        elif (financial.price, financial.dprice, financial.count_in_stock) == (
            row.prices.price,
            row.prices.dprice,
            row.count_in_stock,
        ):
            summary.packs_unchanged += 1
            unchanged = True
        else:
            summary.packs_updated += 1
        if not dry_run and not unchanged:
            financial.price, financial.dprice = row.prices.price, row.prices.dprice
            financial_save(financial=financial, count_in_stock=row.count_in_stock)
        summary.barcodes_added += _import_barcodes(financial, row, dry_run=dry_run)
    if not dry_run:
        caching.invalidate()
    return summary


def _import_barcodes(financial: Financial, row: ImportRow, *, dry_run: bool) -> int:
    """How many of the row's codes the pack did not have yet (added unless `dry_run`)."""
    if not financial.pk:  # a new pack, in a dry run
        return len(row.barcodes) + int(row.shop_code)
    wanted = [*row.barcodes, *([barcode_rules.shop_code(financial.pk)] if row.shop_code else [])]
    have = set(financial.barcodes.values_list("code", flat=True))
    new = [code for code in dict.fromkeys(wanted) if code not in have]
    if not dry_run:
        for code in new:
            barcode_add(pack=financial, code=code)
    return len(new)
