"""What a cart is told about a product: the API's own product shape, read the API's own way.

`productUpdate` carries the product exactly as `GET /api/products/{id}` writes it (without
reviews), built by the catalog's serializer functions from the catalog's selector and rendered by
DRF's JSON renderer, so its ids, money and stock have the API's wire types. Loading any number of
products costs the selector's fixed three queries (products with their category, brands, packs).

Whether a cart line is current is read apart, from one query of the packs' figures as plain
values (`pack_states`): building 200 products as models to compare a 200-line cart took 330 ms of
a ws process's CPU, the figures alone 11 ms; the products are built only for lines that are stale.
"""

from collections.abc import Iterable
from decimal import Decimal
from typing import NamedTuple

from rest_framework.renderers import JSONRenderer

from catalog import shown
from catalog.models import Product
from catalog.selectors import with_packs
from catalog.serializers import product_data
from common.money import decimal_or_none
from orders.rules import MAX_QTY

PRODUCT_UPDATE = "productUpdate"


def products_by_id(product_ids: Iterable[int]) -> dict[int, Product]:
    """The products with these ids that still exist and shoppers may see (`catalog.shown`: a hidden
    one reads as gone), with their shown brands and packs loaded."""
    ids = set(product_ids)
    if not ids:
        return {}
    return {product.pk: product for product in with_packs(shown.products().filter(pk__in=ids))}


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


class PackState(NamedTuple):
    """What a cart line is compared with: the pack's product and its figures now."""

    product_id: int
    price: Decimal
    dprice: Decimal
    discount: int
    count_in_stock: int


def pack_states(financial_ids: Iterable[int]) -> dict[int, PackState]:
    """{pack id: its PackState} for the packs that still exist and shoppers may see (a hidden one
    reads as gone), in one query of plain values."""
    ids = set(financial_ids)
    if not ids:
        return {}
    rows = (
        shown.packs()
        .filter(pk__in=ids)
        .values_list("pk", "detail__product_id", "price", "dprice", "discount", "count_in_stock")
    )
    return {pk: PackState(*figures) for pk, *figures in rows}


def line_is_current(line: dict, pack: PackState | None) -> bool:
    """True when a cart line names a pack of its product and holds the pack's price, dprice,
    Discount and stock as they are now."""
    return (
        pack is not None
        and pack.product_id == line["productId"]
        and _same_money(line.get("price"), pack.price)
        and _same_money(line.get("dprice"), pack.dprice)
        and line.get("Discount") == pack.discount
        and line.get("countInStock") == cart_stock(pack.count_in_stock)
    )


def stale_product_ids(lines: list[dict]) -> set[int]:
    """The products of which some cart line is not current, in one query."""
    packs = pack_states(line["financialId"] for line in lines)
    return {line["productId"] for line in lines if not line_is_current(line, packs.get(line["financialId"]))}
