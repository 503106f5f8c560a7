"""`{% inline_bundle_css "chrome" page.island %}`: the bundles' stylesheets written into the page.

Two stylesheet links in the head held the first paint for two more round trips (about 0.9 s on a
phone at 150 ms). The shop's CSS is small (about 7 kB gzipped per page), so each page carries its
own: the chrome's and its island's, each file once, with the request's CSP nonce. Stylesheets of
chunks loaded on demand (the account panel, the delivery checker) still come as files.
"""

from functools import lru_cache
from pathlib import Path

from django import template
from django.conf import settings
from django.contrib.staticfiles import finders
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from webpack_loader.utils import get_files

register = template.Library()


@lru_cache(maxsize=64)
def _read(path: str, modified: float) -> str:
    # Keyed by the modification time as well, so a rebuild while the shop runs (npm run watch) shows.
    # A stylesheet cannot close the style element it is written into unless it says "</style".
    return Path(path).read_text(encoding="utf-8").replace("</", "<\\/")


def _stylesheet(name: str) -> str:
    found = finders.find(f"{settings.WEBPACK_LOADER['DEFAULT']['BUNDLE_DIR_NAME']}{name}")
    if not found:
        raise FileNotFoundError(f"{name} is in webpack-stats.json but not on disk: run `npm run build`")
    return _read(found, Path(found).stat().st_mtime)


@register.simple_tag(takes_context=True)
def inline_bundle_css(context, *bundles: str):
    names: list[str] = []
    for bundle in bundles:
        if bundle:
            names += [chunk["name"] for chunk in get_files(bundle, "css") if chunk["name"] not in names]
    nonce = getattr(context.get("request"), "csp_nonce", "")
    return format_html_join(
        "\n",
        '<style nonce="{}" data-bundle="{}">{}</style>',
        ((nonce, name, mark_safe(_stylesheet(name))) for name in names),
    ) or format_html("")
