"""Buy again (issue 26): an order's packs as cart lines at today's prices, and what could not be.

The cart is the browser's (spec section 3), so "put into the cart" is one read here and the
lines' arrival in the browser's cart: the server decides every line's price, pack count and
whether it can be bought at all; the page only adds what it is given and names the rest.

For each pack of the order, in the order's line order (a pack on two lines counts once, with
their packs added up):
- the pack is gone from the catalog or out of stock: `unavailable`, with why;
- otherwise a cart line at the pack's price today, of the packs ordered, at most what is left and
  at most a cart line's cap (`rules.MAX_QTY`); fewer than ordered is named in `reduced`;
- a selling price that differs from what the order paid is named in `changed` (was, now).

Costs the order's read (`selectors.order_get_for`) and one query for the packs, whatever the
order's length.
"""

from dataclasses import dataclass, field
from decimal import Decimal

from catalog import shown
from catalog.models import Financial
from orders import rules, selectors

GONE, OUT_OF_STOCK = "gone", "outOfStock"


@dataclass
class BuyAgain:
    lines: list[dict] = field(default_factory=list)
    unavailable: list[dict] = field(default_factory=list)
    changed: list[dict] = field(default_factory=list)
    reduced: list[dict] = field(default_factory=list)


def _named(item) -> dict:
    return {"name": item.name, "brand": item.brand, "quantity": item.quantity, "units": item.units}


def _cart_line(pack: Financial, qty: int) -> dict:
    detail, product = pack.detail, pack.detail.product
    return {
        "productId": str(product.pk),
        "name": product.name,
        "nameTe": product.name_te,
        "slug": product.slug,
        "category": product.category.name if product.category_id else "",
        "brand": detail.brand,
        "brandId": str(detail.pk),
        "financialId": str(pack.pk),
        "quantity": pack.quantity_display,
        "units": pack.units,
        "price": pack.price,
        "dprice": pack.dprice,
        "Discount": pack.discount,
        "image": detail.image,
        "countInStock": min(pack.count_in_stock, rules.MAX_QTY),
        "qty": qty,
    }


def order_buy_again(*, user, public_id: str) -> BuyAgain:
    """The order's packs as the caller can buy them now (its owner or staff; NotFound otherwise)."""
    order = selectors.order_get_for(user=user, public_id=public_id)
    wanted: dict[int | None, tuple[object, int]] = {}
    missing = []
    for item in order.items.all():
        if item.financial_id is None:
            missing.append(item)
            continue
        first, packs = wanted.get(item.financial_id, (item, 0))
        # A line removed at packing (0 packs) is still a pack the shopper bought: one of it.
        wanted[item.financial_id] = (first, packs + max(item.qty, 1))
    packs = {
        pack.pk: pack
        # A pack staff hid (`catalog.shown`) is gone for the shopper, as a deleted one is.
        for pack in shown.packs().select_related("detail__product__category").filter(pk__in=list(wanted))
    }
    result = BuyAgain(unavailable=[{**_named(item), "reason": GONE} for item in missing])
    for financial_id, (item, ordered) in wanted.items():
        pack = packs.get(financial_id)
        if pack is None or pack.count_in_stock <= 0:
            result.unavailable.append({**_named(item), "reason": GONE if pack is None else OUT_OF_STOCK})
            continue
        qty = min(ordered, pack.count_in_stock, rules.MAX_QTY)
        line = _cart_line(pack, qty)
        result.lines.append(line)
        label = {key: line[key] for key in ("name", "brand", "quantity", "units")}
        if Decimal(pack.dprice) != Decimal(item.price):
            result.changed.append({**label, "was": item.price, "now": pack.dprice})
        if qty < ordered:
            result.reduced.append({**label, "ordered": ordered, "qty": qty})
    return result
