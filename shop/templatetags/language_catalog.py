"""`{% language_catalog_preload LANGUAGE_CODE page.island %}`: on a page in a language other than
English, a `<link rel="preload">` for each of the islands' message catalog chunks in that language
the page starts with: the chrome's area and the island's (webpack chunks `i18n-<code>-<area>`,
frontend/src/i18n, listed per entry in `language-chunks.json` beside the bundles). The islands wait
for them before they render, and the bundles would only ask for them once they run: preloaded, they
arrive alongside the bundles. An English page gets nothing; English is part of the bundles.
"""

import json
from functools import lru_cache
from pathlib import Path

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils.html import format_html_join
from webpack_loader.utils import get_loader

register = template.Library()

CHUNKS_FILE = "language-chunks.json"


@lru_cache(maxsize=4)
def _read(path: str, modified: float) -> dict:
    # Keyed by the modification time as well, so a rebuild while the shop runs (npm run watch) shows.
    return json.loads(Path(path).read_text(encoding="utf-8"))


def _chunks_by_entry() -> dict:
    found = finders.find(f"{settings.WEBPACK_LOADER['DEFAULT']['BUNDLE_DIR_NAME']}{CHUNKS_FILE}")
    if not found:
        raise FileNotFoundError(f"{CHUNKS_FILE} is not among the bundles: run `npm run build`")
    return _read(found, Path(found).stat().st_mtime)


def catalog_chunk_urls(language_code: str, *entries: str) -> list[str]:
    """The public URLs of the entries' `i18n-<code>-*` scripts, each once, in entry order."""
    assets = get_loader("DEFAULT").get_assets().get("assets", {})
    chunks = _chunks_by_entry()
    urls: list[str] = []
    for entry in entries:
        for name in chunks.get(entry, {}).get(language_code, []) if entry else []:
            url = assets.get(name, {}).get("publicPath")
            if url and url not in urls:
                urls.append(url)
    return urls


@register.simple_tag
def language_catalog_preload(language_code: str, island: str = ""):
    urls = catalog_chunk_urls(language_code, "chrome", island) if language_code != "en" else []
    return format_html_join("\n  ", '<link rel="preload" as="script" href="{}">', ((url,) for url in urls)) or ""
