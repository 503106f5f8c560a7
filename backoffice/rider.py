"""The rider's phone view of their round (issue 48): the orders on the road in route order, each
with what to collect, and what the rider delivered and holds since their last handover.

Orders are not given to one rider when they leave the shop (a packer or rider marks them
dispatched), so every rider sees every dispatched order; of two riders marking one delivered, one
makes the move (`counter.rounds.door_deliver`). Route order is the delivery sheet's
(`backoffice.picking.in_route_order`); what to collect is its `amount_to_collect`.
"""

from dataclasses import dataclass
from decimal import Decimal
from urllib.parse import quote

from backoffice.picking import Stop, amount_to_collect, in_route_order, payment_state
from counter.models import DoorCollection
from counter.rounds import RoundFigures, round_figures
from orders.models import Order


@dataclass(frozen=True)
class RiderRound:
    stops: list[Stop]
    delivered: list[DoorCollection]
    figures: RoundFigures

    @property
    def to_collect(self) -> Decimal:
        return sum((stop.to_collect for stop in self.stops), Decimal("0.00"))


def map_link(order: Order) -> str:
    """A maps search for the address (works in any maps app, no key needed)."""
    where = ", ".join(part for part in (order.shipping_street, order.shipping_city, order.shipping_postal_code) if part)
    return f"https://www.google.com/maps/search/?api=1&query={quote(where)}"


def rider_round(*, rider) -> RiderRound:
    """The dispatched orders in route order, the rider's collections since the last handover and
    their sums (three queries, however many orders)."""
    on_road = Order.objects.filter(status=Order.Status.DISPATCHED).select_related("user")
    stops = [
        Stop(number=number, order=order, payment_state=payment_state(order), to_collect=amount_to_collect(order))
        for number, order in enumerate(in_route_order(on_road), start=1)
    ]
    delivered = list(
        DoorCollection.objects.filter(rider=rider, handover__isnull=True)
        .select_related("order__user")
        .order_by("collected_at", "pk")
    )
    return RiderRound(stops=stops, delivered=delivered, figures=round_figures(rider=rider))
