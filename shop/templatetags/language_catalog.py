"""`{% language_catalog_preload LANGUAGE_CODE %}`: on a page in a language other than English, a
`<link rel="preload">` for the islands' message catalog of that language (the webpack chunk
`i18n-<code>`, frontend/src/lib/i18n.js). The islands wait for it before they render, and the
chrome bundle would only ask for it once it runs: preloaded, it arrives alongside the bundles.
An English page gets nothing; English is part of the bundles.
"""

from django import template
from django.utils.html import format_html
from webpack_loader.utils import get_loader

register = template.Library()


def catalog_chunk_url(language_code: str) -> str | None:
    """The public URL of `i18n-<code>`'s script in webpack-stats.json (hashed or not), or None."""
    prefix = f"i18n-{language_code}"
    for name, asset in get_loader("DEFAULT").get_assets().get("assets", {}).items():
        if name.endswith(".js") and (name == f"{prefix}.js" or name.rsplit("-", 1)[0] == prefix):
            return asset.get("publicPath")
    return None


@register.simple_tag
def language_catalog_preload(language_code: str):
    url = catalog_chunk_url(language_code) if language_code != "en" else None
    return format_html('<link rel="preload" as="script" href="{}">', url) if url else ""
