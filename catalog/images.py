"""Pictures drawn offline for the catalog: packshots of products and illustrations of categories.

The drawings themselves are not the catalog's: the `demo` app draws them (`demo/packshots.py`) and
hands its two drawing functions over when Django starts (`use_drawings`, from `DemoConfig.ready`),
so the catalog imports no demo code and the CSV import still draws a product that comes without a
picture. With no drawer handed over, such a product has no picture. They are saved through Django's default
storage (file system by default, S3 in production), once per name, so the stored URL is whatever
`storage.url()` says. A photo uploaded for a product or brand replaces its drawing; only rows
that still show a drawing are ever redrawn (`is_drawing`).
"""

from collections.abc import Callable
from dataclasses import dataclass

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.text import slugify

# A new version of the drawings goes to a new folder, so that caches never serve an old one.
PRODUCT_DIR = "catalog/packshots/v1"
CATEGORY_DIR = "catalog/illustrations/v1"
# Where earlier versions of the shop saved their drawings (coloured tiles with initials).
DRAWING_DIRS = ("catalog/products/", "catalog/categories/", "catalog/packshots/", "catalog/illustrations/")


@dataclass(frozen=True)
class Drawings:
    """SVG bytes for a product's or brand's pack (`packshot(brand=, name=, category=)`) and for a
    category's tile (`category(name)`)."""

    packshot: Callable[..., bytes]
    category: Callable[[str], bytes]


# Set once while Django starts (an app's `ready()`), never per request: the same in every process.
_drawings: list[Drawings] = []


def use_drawings(drawings: Drawings) -> None:
    """Draw pictures with `drawings` from now on (the app that owns the drawings calls it at start-up)."""
    _drawings[:] = [drawings]


def _save(directory: str, name: str, draw: Callable[[Drawings], bytes]) -> str:
    """Write the drawing once (kept if it already exists) and return its public URL ("" with no drawer)."""
    if not _drawings:
        return ""
    path = f"{directory}/{slugify(name) or 'image'}.svg"
    if not default_storage.exists(path):
        path = default_storage.save(path, ContentFile(draw(_drawings[0])))
    return default_storage.url(path)


def is_drawing(url: str) -> bool:
    """Whether `url` is one of the shop's own drawings (any version) rather than an uploaded photo."""
    return bool(url) and url.endswith(".svg") and any(f"/{folder}" in url for folder in DRAWING_DIRS)


def is_current_drawing(url: str) -> bool:
    return bool(url) and (f"/{PRODUCT_DIR}/" in url or f"/{CATEGORY_DIR}/" in url)


def category_image(name: str) -> str:
    return _save(CATEGORY_DIR, name, lambda drawings: drawings.category(name))


def product_image(slug: str, name: str, *, category: str = "") -> str:
    return _save(PRODUCT_DIR, slug, lambda drawings: drawings.packshot(brand="", name=name, category=category))


def brand_image(slug: str, brand: str, name: str, *, category: str = "") -> str:
    return _save(
        PRODUCT_DIR, f"{slug}-{brand}", lambda drawings: drawings.packshot(brand=brand, name=name, category=category)
    )
