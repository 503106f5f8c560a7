"""Reads for the day's work on one delivery window: the pick list, the packing slips and the
delivery sheet (issue 27). Staff print them from /admin/picklist, /admin/packingslips and
/admin/deliverysheet; the API (`orders/api.py`) is the security boundary, admins only.

The orders of a window on a date are its live ones: booked into that slot (`SlotBooking`) and still
to be packed or sent (placed or packed). Cancelled orders are left out (their place was given back),
and so are orders already dispatched or delivered, except on the delivery sheet: that is what the
rider carries, so a dispatched order stays on it (its stop and its cash to collect) until delivered.

Route order (packing slips and the delivery sheet): the van drives the towns in the order of
`DELIVERY_PINCODES` (write the variable in the order the route takes); an address whose pincode is
not in it comes after them, by pincode. Inside a pincode, stops go by locality (the address's city or
village, case ignored), then by street, then by invoice number, so the order is stable.

Each read is a fixed number of queries, however many orders or lines the window holds.
"""

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal, InvalidOperation

from django.conf import settings
from django.db.models import Count, Max, Min, Prefetch, QuerySet, Sum

from catalog.labels import pack_label
from catalog.models import Product
from delivery.models import DeliveryWindow
from delivery.slots import slot_label
from orders.models import Order, OrderItem

LIVE = (Order.Status.PLACED, Order.Status.PACKED)
ON_THE_ROAD = (*LIVE, Order.Status.DISPATCHED)

PAID, CASH_DUE, ONLINE_UNPAID = "paid", "cash_due", "online_unpaid"


def window_orders(window: DeliveryWindow, day: date, *, statuses=LIVE) -> QuerySet[Order]:
    """The window's orders on `day` booked into that slot, in `statuses` (by default the live ones:
    placed or packed)."""
    return Order.objects.filter(
        slot_booking__slot__window=window, slot_booking__slot__date=day, status__in=statuses
    ).select_related("user")


def _route_key(order: Order) -> tuple:
    stops = list(settings.DELIVERY_PINCODES)
    pincode = order.shipping_postal_code
    town = stops.index(pincode) if pincode in stops else len(stops)
    return (
        town,
        pincode,
        order.shipping_city.strip().casefold(),
        order.shipping_street.strip().casefold(),
        order.invoice_number,
    )


def in_route_order(orders) -> list[Order]:
    return sorted(orders, key=_route_key)


def _pack_size(quantity: str) -> Decimal:
    try:
        return Decimal(quantity)
    except (InvalidOperation, ValueError):
        return Decimal(0)


# --- Pick list -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class PickLine:
    """One pack to take off the shelf, summed over the window's orders."""

    financial_id: int | None
    name: str
    name_te: str
    brand: str
    quantity: str
    units: str
    packs: int  # how many to pick
    orders: int  # in how many orders

    @property
    def pack(self) -> str:
        return pack_label(self)


@dataclass
class PickCategory:
    """One category's shelves, in the walk's order (`Category.shelf_order`)."""

    name: str
    name_te: str
    shelf_order: int
    lines: list[PickLine] = field(default_factory=list)

    @property
    def packs(self) -> int:
        return sum(line.packs for line in self.lines)


@dataclass(frozen=True)
class PickList:
    window: DeliveryWindow
    date: date
    orders: int
    categories: list[PickCategory]

    @property
    def packs(self) -> int:
        return sum(category.packs for category in self.categories)

    @property
    def slot(self) -> str:
        return slot_label(self.date, self.window.start, self.window.end)


LAST_SHELF = 2**31  # lines of a product deleted since: after every shelf


def pick_list(window: DeliveryWindow, day: date) -> PickList:
    """What to take off the shelves for the window's live orders on `day`: each pack once with the
    packs summed across the orders, grouped by category in shelf order (then by name, brand and
    pack size). Three queries: the lines summed by the database, the products' categories, the count
    of orders."""
    orders = window_orders(window, day)
    summed = (
        OrderItem.objects.filter(order__in=orders.values("pk"))
        .values("financial_id", "product_id", "brand", "quantity", "units")
        .annotate(name=Min("name"), name_te=Max("name_te"), packs=Sum("qty"), orders=Count("order_id", distinct=True))
        .order_by()
    )
    rows = list(summed)
    categories = {
        product_id: (name, name_te, shelf_order)
        for product_id, name, name_te, shelf_order in Product.objects.filter(
            pk__in={row["product_id"] for row in rows}
        ).values_list("pk", "category__name", "category__name_te", "category__shelf_order")
    }
    shelves: dict[str, PickCategory] = {}
    for row in rows:
        found = categories.get(row["product_id"])
        key = found[0] if found else ""
        if key not in shelves:
            shelves[key] = (
                PickCategory(name=found[0], name_te=found[1], shelf_order=found[2])
                if found
                else PickCategory(name="", name_te="", shelf_order=LAST_SHELF)
            )
        shelves[key].lines.append(
            PickLine(
                financial_id=row["financial_id"],
                name=row["name"],
                name_te=row["name_te"],
                brand=row["brand"],
                quantity=row["quantity"],
                units=row["units"],
                packs=row["packs"],
                orders=row["orders"],
            )
        )
    for shelf in shelves.values():
        shelf.lines.sort(
            key=lambda line: (line.name.casefold(), line.brand.casefold(), line.units, _pack_size(line.quantity))
        )
    ordered = sorted(shelves.values(), key=lambda shelf: (shelf.shelf_order, shelf.name.casefold()))
    return PickList(window=window, date=day, orders=orders.count(), categories=ordered)


# --- Packing slips and the delivery sheet ------------------------------------------------------------


def payment_state(order: Order) -> str:
    """PAID; CASH_DUE (cash or UPI at the door); ONLINE_UNPAID (an online order not paid yet: the
    driver collects it at the door, or the shopper pays the order's link)."""
    if order.is_paid:
        return PAID
    return CASH_DUE if order.payment_method == Order.PaymentMethod.CASH_OR_UPI else ONLINE_UNPAID


def amount_to_collect(order: Order) -> Decimal:
    """What the driver collects: nothing for a paid order, else what the shopper still owes (the total
    less store credit spent on it)."""
    if order.is_paid:
        return Decimal("0.00")
    return max(order.amount_due, Decimal("0.00"))


def _routed(window: DeliveryWindow, day: date, *, with_items: bool, statuses=LIVE) -> list[Order]:
    orders = window_orders(window, day, statuses=statuses)
    if with_items:
        orders = orders.prefetch_related(Prefetch("items", queryset=OrderItem.objects.order_by("name", "brand", "id")))
    return in_route_order(orders)


@dataclass(frozen=True)
class Stop:
    """One order on a packing slip or the delivery sheet, in route order (`number` from 1)."""

    number: int
    order: Order
    payment_state: str
    to_collect: Decimal


@dataclass(frozen=True)
class Sheet:
    window: DeliveryWindow
    date: date
    stops: list[Stop]

    @property
    def to_collect(self) -> Decimal:
        return sum((stop.to_collect for stop in self.stops), Decimal("0.00"))

    @property
    def slot(self) -> str:
        return slot_label(self.date, self.window.start, self.window.end)


def _sheet(window: DeliveryWindow, day: date, *, with_items: bool, statuses=LIVE) -> Sheet:
    orders = _routed(window, day, with_items=with_items, statuses=statuses)
    stops = [
        Stop(number=number, order=order, payment_state=payment_state(order), to_collect=amount_to_collect(order))
        for number, order in enumerate(orders, start=1)
    ]
    return Sheet(window=window, date=day, stops=stops)


def packing_slips(window: DeliveryWindow, day: date) -> Sheet:
    """One slip per live order of the window on `day`, in route order, with its lines (two queries)."""
    return _sheet(window, day, with_items=True)


def delivery_sheet(window: DeliveryWindow, day: date) -> Sheet:
    """The window's stops on `day` in route order: who, where, their phone, what to collect and the
    payment state (one query). Dispatched orders stay on it until delivered: the rider carries them."""
    return _sheet(window, day, with_items=False, statuses=ON_THE_ROAD)
