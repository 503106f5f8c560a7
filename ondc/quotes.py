"""Quoting a buyer app's cart (`select`, `init`) from the shop's own prices, stock and delivery rules.

The numbers are the owners': the pack's selling price and stock (the catalog), the delivery charge
and the pack-count limits (`orders.rules`), where the shop delivers (`delivery.check`). A quote is
a promise of nothing: `confirm` places the order through the website's placement, which checks all
of it again under its locks and refuses a quote whose prices have moved.
"""

from dataclasses import dataclass
from decimal import Decimal

from catalog import shown
from catalog.models import Financial
from delivery.check import DeliveryCheckError, delivery_check
from ondc import errors
from ondc.errors import Refused
from ondc.listing import FULFILLMENT_ID, LOCATION_ID, TIME_TO_SHIP, delivery_charge, pack_name, provider_id, rupees
from orders.rules import MAX_LINES, MAX_QTY, MIN_QTY

NON_SERVICEABLE = "Non-serviceable"
SERVICEABLE = "Serviceable"


@dataclass(frozen=True)
class Line:
    pack: Financial
    wanted: int
    on_sale: bool = True  # False: staff hid the pack or its product (`catalog.shown`)

    @property
    def available(self) -> int:
        """What the shop has of it for shoppers: none of a hidden pack, whatever its stock."""
        return self.pack.count_in_stock if self.on_sale else 0

    @property
    def quoted(self) -> int:
        """What the shop can sell of it now: an out-of-stock or hidden pack is quoted as 0."""
        return min(self.wanted, self.available)


def wanted_lines(order: dict) -> list[Line]:
    items = order.get("items")
    if not isinstance(items, list) or not items:
        raise Refused(errors.INVALID_REQUEST, "order.items must list at least one item")
    if len(items) > MAX_LINES:
        raise Refused(errors.ORDER_REFUSED, f"an order can hold at most {MAX_LINES} items")
    counts: dict[int, int] = {}
    for position, entry in enumerate(items, start=1):
        ident = str((entry or {}).get("id", "")) if isinstance(entry, dict) else ""
        count = ((entry.get("quantity") or {}).get("count")) if isinstance(entry, dict) else None
        if not ident.isdigit() or isinstance(count, bool) or not isinstance(count, int):
            raise Refused(errors.INVALID_REQUEST, f"item {position} needs an id and a whole quantity.count")
        if not MIN_QTY <= count <= MAX_QTY:
            raise Refused(errors.ORDER_REFUSED, f"item {position}: the count must be from {MIN_QTY} to {MAX_QTY}")
        if int(ident) in counts:
            raise Refused(errors.INVALID_REQUEST, f"item {position} repeats an item")
        counts[int(ident)] = count
    packs = Financial.objects.select_related("detail__product__category").in_bulk(list(counts))
    missing = [str(ident) for ident in counts if ident not in packs]
    if missing:
        raise Refused(errors.ITEM_NOT_FOUND, f"no such items: {', '.join(missing)}")
    hidden = shown.hidden_among(counts)
    return [Line(pack=packs[ident], wanted=count, on_sale=ident not in hidden) for ident, count in counts.items()]


def delivery_pincode(order: dict) -> str:
    try:
        end = order["fulfillments"][0]["end"]["location"]["address"]
        pincode = str(end.get("area_code") or end.get("postal_code") or "")
    except (KeyError, IndexError, TypeError, AttributeError):
        raise Refused(
            errors.INVALID_REQUEST, "order.fulfillments[0].end.location.address.area_code is needed"
        ) from None
    return pincode


def serviceable(pincode: str) -> bool:
    try:
        return delivery_check(pincode=pincode).deliverable
    except DeliveryCheckError:
        return False


def quote(lines: list[Line], *, language: str = "en") -> dict:
    breakup = []
    for line in lines:
        pack = line.pack
        breakup.append(
            {
                "@ondc/org/item_id": str(pack.pk),
                "@ondc/org/item_quantity": {"count": line.quoted},
                "title": pack_name(pack, language),
                "@ondc/org/title_type": "item",
                "price": {"currency": "INR", "value": rupees(pack.dprice * line.quoted)},
                "item": {
                    "price": {"currency": "INR", "value": rupees(pack.dprice)},
                    "quantity": {
                        "available": {"count": str(min(line.available, MAX_QTY))},
                        "maximum": {"count": str(min(line.available, MAX_QTY))},
                    },
                },
            }
        )
    shipping = delivery_charge()
    breakup.append(
        {
            "@ondc/org/item_id": FULFILLMENT_ID,
            "title": "Delivery charges",
            "@ondc/org/title_type": "delivery",
            "price": {"currency": "INR", "value": rupees(shipping)},
        }
    )
    items_price = sum((line.pack.dprice * line.quoted for line in lines), Decimal("0.00"))
    return {"price": {"currency": "INR", "value": rupees(items_price + shipping)}, "breakup": breakup, "ttl": "PT1H"}


def short_lines_error(lines: list[Line]) -> dict | None:
    """Out of stock or not on sale (hidden: quoted as 0, like a pack with none left); None when every line is whole."""
    short = [line for line in lines if line.quoted < line.wanted]
    if not short:
        return None
    names = "; ".join(
        f"{pack_name(line.pack)} ({line.quoted} left)" if line.on_sale else f"{pack_name(line.pack)} (not on sale)"
        for line in short
    )
    return Refused(errors.QUOTE_UNAVAILABLE, f"not available as wanted: {names}").as_error()


def order_quoted(order: dict, *, language: str = "en") -> tuple[dict, dict | None]:
    """(the `order` of `on_select`/`on_init`, the error to send beside it: stock short, not deliverable)."""
    lines = wanted_lines(order)
    pincode = delivery_pincode(order)
    deliverable = serviceable(pincode)
    fulfillment = {
        "id": FULFILLMENT_ID,
        "type": "Delivery",
        "@ondc/org/provider_name": provider_id(),
        "tracking": False,
        "@ondc/org/category": "Immediate Delivery",
        "@ondc/org/TAT": TIME_TO_SHIP,
        "state": {"descriptor": {"code": SERVICEABLE if deliverable else NON_SERVICEABLE}},
    }
    end = (order.get("fulfillments") or [{}])[0].get("end")
    if end:
        fulfillment["end"] = end
    answer = {
        "provider": {"id": provider_id(), "locations": [{"id": LOCATION_ID}]},
        "items": [
            {"id": str(line.pack.pk), "fulfillment_id": FULFILLMENT_ID, "quantity": {"count": line.quoted}}
            for line in lines
        ],
        "fulfillments": [fulfillment],
        "quote": quote(lines, language=language),
    }
    if not deliverable:
        return answer, Refused(errors.NOT_SERVICEABLE, f"the shop does not deliver to {pincode}").as_error()
    return answer, short_lines_error(lines)
