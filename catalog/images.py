"""Pictures drawn offline for the catalog: packshots of products and illustrations of categories.

The drawings themselves are in `catalog/packshots.py`. They are saved through Django's default
storage (file system by default, S3 in production), once per name, so the stored URL is whatever
`storage.url()` says. A photo uploaded for a product or brand replaces its drawing; only rows
that still show a drawing are ever redrawn (`is_drawing`).
"""

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.text import slugify

from .packshots import category_svg, packshot_svg

# A new version of the drawings goes to a new folder, so that caches never serve an old one.
PRODUCT_DIR = "catalog/packshots/v1"
CATEGORY_DIR = "catalog/illustrations/v1"
# Where earlier versions of the shop saved their drawings (coloured tiles with initials).
DRAWING_DIRS = ("catalog/products/", "catalog/categories/", "catalog/packshots/", "catalog/illustrations/")


def _save(directory: str, name: str, draw) -> str:
    """Write the drawing once (kept if it already exists) and return its public URL."""
    path = f"{directory}/{slugify(name) or 'image'}.svg"
    if not default_storage.exists(path):
        path = default_storage.save(path, ContentFile(draw()))
    return default_storage.url(path)


def is_drawing(url: str) -> bool:
    """Whether `url` is one of the shop's own drawings (any version) rather than an uploaded photo."""
    return bool(url) and url.endswith(".svg") and any(f"/{folder}" in url for folder in DRAWING_DIRS)


def is_current_drawing(url: str) -> bool:
    return bool(url) and (f"/{PRODUCT_DIR}/" in url or f"/{CATEGORY_DIR}/" in url)


def category_image(name: str) -> str:
    return _save(CATEGORY_DIR, name, lambda: category_svg(name))


def product_image(slug: str, name: str, *, category: str = "") -> str:
    return _save(PRODUCT_DIR, slug, lambda: packshot_svg(brand="", name=name, category=category))


def brand_image(slug: str, brand: str, name: str, *, category: str = "") -> str:
    return _save(PRODUCT_DIR, f"{slug}-{brand}", lambda: packshot_svg(brand=brand, name=name, category=category))
