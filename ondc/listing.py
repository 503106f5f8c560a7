"""The shop's one catalog as the network reads it (`on_search`): each pack an ONDC item.

The products a search names are the catalog's own search (`catalog.selectors.product_listing`,
the owner of what a keyword finds); without a keyword the whole catalog. Prices, MRPs and stock are
the packs' as the website sells them at this moment. The answer is sent in pages of
`PRODUCTS_PER_PAGE` products, each its own `on_search` with the request's message id, so a catalog
of 10,000 packs stays within the network's message sizes. Names are the Telugu ones where the
buyer app asks for `te` and the product has one.
"""

from collections.abc import Iterator
from decimal import Decimal

from django.conf import settings
from django.utils.text import slugify

from catalog.labels import pack_label
from catalog.models import Category, Financial, Product
from catalog.selectors import product_listing, with_packs
from orders.rules import MAX_QTY, SHIPPING_PRICE
from support.services import report_window

PRODUCTS_PER_PAGE = 100  # up to ~1.2 MB a page with 3 brands x 3 packs each (bench/ondc.py)
FULFILLMENT_ID = "F1"
LOCATION_ID = "L1"
TIME_TO_SHIP = "PT45M"  # packed and handed to the rider within 45 minutes of the order
# ONDC shows availability as "99" (in stock) or "0"; how many one order may take is `maximum`.
IN_STOCK, OUT_OF_STOCK = "99", "0"
UNITS = {
    Financial.Units.GRAM: "gram",
    Financial.Units.KILOGRAM: "kilogram",
    Financial.Units.MILLILITRE: "millilitre",
    Financial.Units.LITRE: "litre",
    Financial.Units.PIECES: "unit",
    Financial.Units.PACK: "unit",
}


def return_window() -> str:
    """The report window after delivery (`support.services.report_window`) as an ISO 8601 duration."""
    return f"PT{int(report_window().total_seconds() // 3600)}H"


def provider_id() -> str:
    return slugify(settings.STORE_NAME) or "shop"


def absolute(url: str) -> str:
    if not url or url.startswith(("http://", "https://")):
        return url
    return settings.SITE_URL.rstrip("/") + "/" + url.lstrip("/")


def rupees(amount: Decimal) -> str:
    return f"{amount:.2f}"


def _name(product: Product, language: str) -> str:
    return product.name_te if language == "te" and product.name_te else product.name


def pack_name(pack: Financial, language: str = "en") -> str:
    return pack_label(pack, named=True, name=_name(pack.detail.product, language))


def _declarations(pack: Financial) -> dict:
    """The Legal Metrology declarations (rule 6(10)) under the names ONDC gives them."""
    detail = pack.detail
    return {
        "manufacturer_or_packer_name": detail.packer_name,
        "manufacturer_or_packer_address": detail.packer_address,
        "common_or_generic_name_of_commodity": detail.generic_name or detail.product.name,
        "net_quantity_or_measure_of_commodity_in_pkg": pack.label,
        "month_year_of_manufacture_packing_import": detail.best_before,
        "imported_product_country_of_origin": detail.country_of_origin,
    }


def item(pack: Financial, *, language: str = "en") -> dict:
    product = pack.detail.product
    images = [absolute(url) for url in (pack.detail.images or [product.image]) if url]
    in_stock = pack.count_in_stock > 0
    return {
        "id": str(pack.pk),
        "descriptor": {
            "name": pack_name(pack, language),
            "short_desc": _name(product, language),
            "long_desc": product.description or _name(product, language),
            "images": images,
            "symbol": images[0] if images else "",
        },
        "quantity": {
            "unitized": {"measure": {"unit": UNITS.get(pack.units, "unit"), "value": pack.quantity_display}},
            "available": {"count": IN_STOCK if in_stock else OUT_OF_STOCK},
            "maximum": {"count": str(min(pack.count_in_stock, MAX_QTY))},
        },
        "price": {"currency": "INR", "value": rupees(pack.dprice), "maximum_value": rupees(pack.price)},
        "category_id": product.category.name,
        "fulfillment_id": FULFILLMENT_ID,
        "location_id": LOCATION_ID,
        # Returned within the support app's report window, as a problem ticket (`ondc.returns`).
        "@ondc/org/returnable": True,
        "@ondc/org/cancellable": True,
        "@ondc/org/return_window": return_window(),
        "@ondc/org/seller_pickup_return": False,
        "@ondc/org/time_to_ship": TIME_TO_SHIP,
        "@ondc/org/available_on_cod": True,
        "@ondc/org/contact_details_consumer_care": (
            f"{settings.STORE_NAME},{settings.STORE_SUPPORT_EMAIL},{settings.STORE_SUPPORT_PHONE}"
        ),
        "@ondc/org/statutory_reqs_packaged_commodities": _declarations(pack),
        "tags": [{"code": "origin", "list": [{"code": "country", "value": pack.detail.country_of_origin or "IND"}]}],
    }


def _serviceability(categories: list[Category]) -> list[dict]:
    pincodes = ",".join(sorted(settings.DELIVERY_PINCODES))
    return [
        {
            "code": "serviceability",
            "list": [
                {"code": "location", "value": LOCATION_ID},
                {"code": "category", "value": category.name},
                {"code": "type", "value": "11"},  # a list of pincodes
                {"code": "val", "value": pincodes},
                {"code": "unit", "value": "pincode"},
            ],
        }
        for category in categories
    ]


def _provider(products: list[Product], *, language: str, only: frozenset[int] | None = None) -> dict:
    categories = list({product.category_id: product.category for product in products}.values())
    packs = [
        pack
        for product in products
        for detail in product.details.all()
        for pack in detail.financials.all()
        if only is None or pack.pk in only
    ]
    return {
        "id": provider_id(),
        "descriptor": {"name": settings.STORE_NAME, "short_desc": settings.STORE_NAME, "symbol": "", "images": []},
        "@ondc/org/fssai_license_no": settings.STORE_FSSAI_NUMBER,
        "ttl": "PT24H",
        "locations": [
            {
                "id": LOCATION_ID,
                "address": {"street": settings.STORE_ADDRESS, "state": settings.STORE_STATE},
            }
        ],
        "fulfillments": [
            {
                "id": FULFILLMENT_ID,
                "type": "Delivery",
                "contact": {"phone": settings.STORE_SUPPORT_PHONE, "email": settings.STORE_SUPPORT_EMAIL},
            }
        ],
        "categories": [
            {
                "id": category.name,
                "descriptor": {"name": category.name_te if language == "te" and category.name_te else category.name},
            }
            for category in categories
        ],
        "items": [item(pack, language=language) for pack in packs],
        "tags": _serviceability(categories),
    }


def _pages(products, *, language: str, only: frozenset[int] | None = None) -> Iterator[dict]:
    start = 0
    while True:
        page = list(products[start : start + PRODUCTS_PER_PAGE])
        if not page and start:
            return
        yield {
            "catalog": {
                "bpp/descriptor": {"name": settings.STORE_NAME, "short_desc": settings.STORE_NAME},
                "bpp/fulfillments": [{"id": FULFILLMENT_ID, "type": "Delivery"}],
                "bpp/providers": [_provider(page, language=language, only=only)] if page else [],
            }
        }
        if len(page) < PRODUCTS_PER_PAGE:
            return
        start += PRODUCTS_PER_PAGE


def catalog_pages(*, keyword: str = "", language: str = "en") -> Iterator[dict]:
    """The `message` of each `on_search` page: a few queries per page, whatever the page holds."""
    listing = product_listing(keyword=keyword)
    products = with_packs(listing.products.order_by(*listing.order), brand_first=listing.brand_first)
    return _pages(products, language=language)


def changed_pages(*, financial_ids: frozenset[int], language: str = "en") -> Iterator[dict]:
    """The `on_search` pages of an incremental push: the changed packs only, each under its product
    and category as in the whole catalog (a pack deleted since is not in them)."""
    products = with_packs(Product.objects.filter(details__financials__in=financial_ids).distinct().order_by("id"))
    return _pages(products, language=language, only=financial_ids)


def delivery_charge() -> Decimal:
    """What the website charges for delivery (`orders.rules`, its owner)."""
    return SHIPPING_PRICE
