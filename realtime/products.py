"""What a cart is told about a product: the API's own product shape, read the API's own way.

`productUpdate` carries the product exactly as `GET /api/products/{id}` writes it (without
reviews), built by the catalog's serializer functions from the catalog's selector and rendered by
DRF's JSON renderer, so its ids, money and stock have the API's wire types. Loading any number of
products costs the selector's fixed three queries (products with their category, brands, packs).
"""

from collections.abc import Iterable
from decimal import Decimal

from rest_framework.renderers import JSONRenderer

from catalog.models import Product
from catalog.selectors import with_packs
from catalog.serializers import product_data
from common.money import decimal_or_none
from orders.rules import MAX_QTY

PRODUCT_UPDATE = "productUpdate"


def products_by_id(product_ids: Iterable[int]) -> dict[int, Product]:
    """The products with these ids that still exist, with their brands and packs loaded."""
    ids = set(product_ids)
    if not ids:
        return {}
    return {product.pk: product for product in with_packs(Product.objects.filter(pk__in=ids))}


def product_update_text(product_id: int, product: Product | None) -> str:
    """The `productUpdate` message for one product, as JSON text.

    A product that no longer exists is sent as `{"_id": id, "details": []}`: it sells no pack, so
    every cart line of it reads as out of stock.
    """
    data = product_data(product) if product is not None else {"_id": str(product_id), "details": []}
    return JSONRenderer().render({"type": PRODUCT_UPDATE, "product": data}).decode()


def product_update_texts(product_ids: Iterable[int]) -> dict[int, str]:
    """{product id: its `productUpdate` JSON text} for every id, in one fixed set of queries."""
    ids = set(product_ids)
    found = products_by_id(ids)
    return {product_id: product_update_text(product_id, found.get(product_id)) for product_id in ids}


def _same_money(sent, current: Decimal) -> bool:
    number = decimal_or_none(sent)
    return number is not None and number == current


def cart_stock(count_in_stock: int) -> int:
    """A pack's stock as a cart line holds it: the browser keeps at most the most packs a line may
    have (the product page's pack limit, `packLimits` in the shop config), so 57 left reads as 10."""
    return min(count_in_stock, MAX_QTY)


def line_is_current(line: dict, product: Product | None) -> bool:
    """True when a cart line's price, dprice, Discount and stock are what the pack has now."""
    if product is None:
        return False
    for detail in product.details.all():
        for financial in detail.financials.all():
            if financial.pk == line["financialId"]:
                return (
                    _same_money(line.get("price"), financial.price)
                    and _same_money(line.get("dprice"), financial.dprice)
                    and line.get("Discount") == financial.discount
                    and line.get("countInStock") == cart_stock(financial.count_in_stock)
                )
    return False
