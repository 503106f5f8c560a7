"""Catalog writes, one module per entity: categories, products, brand variants (Detail), packs
(Financial), reviews and search synonyms. Stock taken by orders and given back by cancelled ones is `catalog.stock`.

Every pack write goes through `packs.financial_save`, which takes its prices from
`pricing.pack_prices`, so Discount always agrees with price and dprice whoever saves (API, Django
admin, CSV import). Every write drops the cached public catalog answers (`caching.invalidate`),
and every change to a pack's price, discount or stock, or a pack's removal, is announced once per
transaction after it commits (`packs.packs_written` → `catalog.events.packs_changed`).
"""

from .barcodes import barcode_add, barcode_add_shop_code, barcode_remove, barcodes_set
from .categories import category_delete, category_save
from .details import SAMPLE_BRAND, detail_create, detail_delete
from .packs import (
    financial_create,
    financial_create_sample,
    financial_delete,
    financial_save,
    financial_update,
    packs_written,
)
from .product_details import detail_update
from .products import (
    SAMPLE_DESCRIPTION,
    SAMPLE_IMAGE_STATIC_PATH,
    SAMPLE_PRODUCT_NAME,
    product_create,
    product_delete,
    product_save,
    product_update,
    unique_slug,
)
from .publishing import (
    BRAND_HIDDEN_INSTEAD,
    PACK_HIDDEN_INSTEAD,
    PRODUCT_HIDDEN_INSTEAD,
    pack_publish,
    product_publish,
)
from .reviews import review_create, review_delete
from .synonyms import synonym_delete, synonym_save

__all__ = [
    "BRAND_HIDDEN_INSTEAD",
    "PACK_HIDDEN_INSTEAD",
    "PRODUCT_HIDDEN_INSTEAD",
    "pack_publish",
    "product_publish",
    "barcode_add",
    "barcode_add_shop_code",
    "barcode_remove",
    "barcodes_set",
    "SAMPLE_BRAND",
    "SAMPLE_DESCRIPTION",
    "SAMPLE_IMAGE_STATIC_PATH",
    "SAMPLE_PRODUCT_NAME",
    "category_delete",
    "category_save",
    "detail_create",
    "detail_delete",
    "detail_update",
    "financial_create",
    "financial_create_sample",
    "financial_delete",
    "financial_save",
    "financial_update",
    "packs_written",
    "product_create",
    "product_delete",
    "product_save",
    "product_update",
    "review_create",
    "review_delete",
    "synonym_delete",
    "synonym_save",
    "unique_slug",
]
