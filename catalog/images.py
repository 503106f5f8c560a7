"""Placeholder pictures drawn offline: a coloured SVG tile with a name's initials and the name.

Saved through Django's default storage (file system by default, S3 in production), so the stored
URL is whatever `storage.url()` says.
"""

import re
import zlib
from xml.sax.saxutils import escape

from django.core.files.base import ContentFile
from django.core.files.storage import default_storage
from django.utils.text import slugify

PRODUCT_DIR = "catalog/products"
CATEGORY_DIR = "catalog/categories"

# Background and ink pairs with enough contrast for the initials.
PALETTE = [
    ("#1b7f3b", "#ffffff"),
    ("#f4b400", "#3b2a00"),
    ("#d84315", "#ffffff"),
    ("#00796b", "#ffffff"),
    ("#5e35b1", "#ffffff"),
    ("#c2185b", "#ffffff"),
    ("#0277bd", "#ffffff"),
    ("#8d6e63", "#ffffff"),
    ("#9e9d24", "#ffffff"),
    ("#ef6c00", "#ffffff"),
]


def initials(name: str) -> str:
    words = re.findall(r"[A-Za-z0-9]+", name)
    return "".join(word[0] for word in words[:2]).upper() or "?"


def _lines(text: str, width: int = 18, limit: int = 3) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    if len(lines) > limit:
        lines = lines[:limit]
        lines[-1] = lines[-1][: width - 1] + "…"
    return lines


def tile_svg(title: str, subtitle: str = "") -> bytes:
    """A 400×400 tile: initials of `title` large, then `subtitle` and `title` in small type."""
    background, ink = PALETTE[zlib.crc32(title.encode()) % len(PALETTE)]
    caption = [*(_lines(subtitle, limit=1) if subtitle else []), *_lines(title)]
    texts = "".join(
        f'<text x="200" y="{290 + 30 * index}" font-size="24" text-anchor="middle">{escape(line)}</text>'
        for index, line in enumerate(caption)
    )
    svg = (
        '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400" role="img">'
        f"<title>{escape(f'{subtitle} {title}'.strip())}</title>"
        f'<rect width="400" height="400" rx="28" fill="{background}"/>'
        f'<circle cx="200" cy="150" r="95" fill="{ink}" fill-opacity="0.14"/>'
        f'<g fill="{ink}" font-family="DejaVu Sans, Arial, sans-serif" font-weight="700">'
        f'<text x="200" y="185" font-size="96" text-anchor="middle">{escape(initials(title))}</text>'
        f"{texts}</g></svg>"
    )
    return svg.encode()


def save_tile(directory: str, name: str, *, title: str, subtitle: str = "") -> str:
    """Write the tile once (kept if it already exists) and return its public URL."""
    path = f"{directory}/{slugify(name) or 'image'}.svg"
    if not default_storage.exists(path):
        path = default_storage.save(path, ContentFile(tile_svg(title, subtitle)))
    return default_storage.url(path)


def category_image(name: str) -> str:
    return save_tile(CATEGORY_DIR, name, title=name)


def product_image(slug: str, name: str) -> str:
    return save_tile(PRODUCT_DIR, slug, title=name)


def brand_image(slug: str, brand: str, name: str) -> str:
    return save_tile(PRODUCT_DIR, f"{slug}-{brand}", title=name, subtitle=brand)
