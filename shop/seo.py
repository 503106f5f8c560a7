"""What search engines read: `/robots.txt` (the shop's pages are open, the API, staff screens and a
shopper's own pages are not) and `/sitemap.xml` (the home page, every category and every
product, at the shop's public address `SITE_URL`)."""

from urllib.parse import quote
from xml.sax.saxutils import escape

from django.conf import settings
from django.http import HttpResponse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

from catalog import caching, selectors

# Paths no search result should lead to: the API, staff screens, and pages that only mean
# something to a signed-in shopper (checkout, orders, profile) or to staff. The cart stays open:
# a crawler sees an empty cart, and a Disallow there cost the page its SEO score (Lighthouse).
PRIVATE_PATHS = (
    "/api/",
    "/staff/",
    "/admin/",
    "/payments/",
    "/login",
    "/register",
    "/shipping",
    "/payment",
    "/placeorder",
    "/order/",
    "/profile",
)
MAX_AGE_SECONDS = 60 * 60


def _site() -> str:
    return settings.SITE_URL.rstrip("/")


@require_safe
@cache_control(public=True, max_age=MAX_AGE_SECONDS)
def robots_txt(request):
    lines = ["User-agent: *", *(f"Disallow: {path}" for path in PRIVATE_PATHS), f"Sitemap: {_site()}/sitemap.xml"]
    return HttpResponse("\n".join(lines) + "\n", content_type="text/plain; charset=utf-8")


def _sitemap() -> bytes:
    site = _site()
    urls = [(f"{site}/", None), (f"{site}/category/{selectors.ALL_CATEGORIES}", None)]
    categories, products = selectors.sitemap_entries()
    urls += [(f"{site}/category/{quote(name, safe='')}", None) for name in categories]
    urls += [(f"{site}/product/{quote(slug, safe='')}", changed.date().isoformat()) for slug, changed in products]
    entries = "".join(
        f"<url><loc>{escape(loc)}</loc>{f'<lastmod>{lastmod}</lastmod>' if lastmod else ''}</url>"
        for loc, lastmod in urls
    )
    return (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">{entries}</urlset>\n'
    ).encode()


@require_safe
@cache_control(public=True, max_age=MAX_AGE_SECONDS)
def sitemap_xml(request):
    """Built once per catalog version and shared through the catalog's read cache."""
    return HttpResponse(caching.cached("sitemap", _sitemap), content_type="application/xml")
