"""A rider's round: orders delivered at the door with the money collected there, and the cash
handed over at the end.

- **Delivered once.** `door_deliver` moves the order through `orders.pipeline.order_advance` (the
  order's row lock; a dispatched order only), so of two riders marking the same order delivered one
  makes the move and the other gets a 409; the collection is one row per order (a unique key backs
  the lock).
- **Collected what was due.** An unpaid order is delivered with its amount due collected in cash or
  by UPI (exactly that amount: any shortfall is the round's difference, not a changed order); the
  order is then paid (`orders.services.order_mark_paid`, reference `DOOR-CASH-…`/`DOOR-UPI-…`) in the
  same transaction. A paid order collects nothing.
- **Handed over.** `round_close` takes every collection of the rider not yet handed over (locked, in
  id order), adds up their cash and records what was handed over; a difference needs a reason, and
  who recorded it is kept (the rider, or the cashier or owner who took the cash).

Money is in whole paise, as the counter's day close.
"""

import logging
from dataclasses import dataclass
from decimal import Decimal

from django.db import IntegrityError, transaction
from django.db.models import Count, Q, Sum
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.roles import Role, has_role
from common.errors import Conflict, Forbidden, InvalidValue, NotFound
from common.money import to_paise, to_rupees
from common.text import squeezed
from counter.models import DoorCollection, RiderHandover
from orders.models import Order
from orders.pipeline import order_advance
from orders.selectors import ORDER_NOT_FOUND
from orders.services import order_mark_paid

logger = logging.getLogger(__name__)

METHOD_NEEDED = gettext_lazy("Say how the ₹{due} due was paid: cash or UPI.")
AMOUNT_NOT_DUE = gettext_lazy("The amount due on this order is ₹{due}, not ₹{amount}.")
NOTHING_DUE = gettext_lazy("This order is paid already; collect nothing.")
REASON_NEEDED = gettext_lazy(
    "The cash handed over (₹{handed}) differs from the cash collected (₹{collected}): say why."
)
REASON_TOO_LONG = gettext_lazy("The reason can have at most {count} characters.")
NOTHING_TO_HAND_OVER = gettext_lazy("No collections since the last handover.")
NOT_A_RIDER = gettext_lazy("That user is not a rider.")
OTHER_RIDER = gettext_lazy("A rider hands over their own round only.")
ALREADY_COLLECTED = gettext_lazy("Order {order} is already delivered.")

REASON_MAX = RiderHandover._meta.get_field("reason").max_length


@dataclass(frozen=True)
class RoundFigures:
    """What a rider holds since their last handover."""

    rider: User
    deliveries: int
    cash: Decimal
    upi: Decimal


def door_deliver(
    *, public_id: str, rider, method: str | None = None, amount: Decimal | None = None, reference: str = ""
) -> Order:
    """Mark a dispatched order delivered at the door, with what was collected for it (see the module)."""
    order = Order.objects.filter(public_id=str(public_id)[:21]).first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    try:
        with transaction.atomic():
            order_advance(order=order, to_status=Order.Status.DELIVERED, by=rider)
            locked = Order.objects.select_for_update().get(pk=order.pk)  # held since the move
            _collect(order=locked, rider=rider, method=method, amount=amount, reference=reference)
    except IntegrityError:  # the other rider's collection won the race the row lock already decided
        raise Conflict(ALREADY_COLLECTED.format(order=order.invoice_number), code="invalid_transition") from None
    logger.info("order %s delivered by rider %s (%s)", order.public_id, getattr(rider, "pk", None), method or "paid")
    return Order.objects.get(pk=order.pk)


def _collect(*, order: Order, rider, method: str | None, amount: Decimal | None, reference: str) -> None:
    due = Decimal("0.00") if order.is_paid else max(order.amount_due, Decimal("0.00"))
    if due == 0:
        if amount:
            raise InvalidValue(NOTHING_DUE)
        return
    if method not in DoorCollection.Method.values:
        raise InvalidValue(METHOD_NEEDED.format(due=to_rupees(to_paise(due))))
    if amount is None or to_paise(amount) != to_paise(due):
        shown = to_rupees(to_paise(amount)) if amount is not None else "0.00"
        raise InvalidValue(AMOUNT_NOT_DUE.format(due=to_rupees(to_paise(due)), amount=shown))
    DoorCollection.objects.create(
        order=order, rider=rider, method=method, amount_paise=to_paise(due), reference=squeezed(reference or "")[:64]
    )
    order_mark_paid(order=order, reference=f"DOOR-{method.upper()}-{order.invoice_number}", by=rider)


def _open_collections(rider: User):
    return DoorCollection.objects.filter(rider=rider, handover__isnull=True)


def round_figures(*, rider: User) -> RoundFigures:
    """The rider's deliveries, cash and UPI since their last handover (one query)."""
    sums = _open_collections(rider).aggregate(
        deliveries=Count("id"),
        cash=Sum("amount_paise", filter=Q(method=DoorCollection.Method.CASH)),
        upi=Sum("amount_paise", filter=Q(method=DoorCollection.Method.UPI)),
    )
    return RoundFigures(
        rider=rider,
        deliveries=sums["deliveries"] or 0,
        cash=to_rupees(sums["cash"] or 0),
        upi=to_rupees(sums["upi"] or 0),
    )


def rider_get(*, rider_id, by) -> User:
    """The rider whose round `by` handles: a rider their own; the owner or a cashier any rider's."""
    if rider_id in (None, "") or str(rider_id) == str(by.pk):
        if not has_role(by, Role.RIDER):
            raise Forbidden(NOT_A_RIDER)
        return by
    if not has_role(by, Role.CASHIER):  # the owner holds every role
        raise Forbidden(OTHER_RIDER)
    rider = User.objects.filter(pk=rider_id).first() if str(rider_id).isdigit() else None
    if rider is None or not has_role(rider, Role.RIDER):
        raise NotFound(NOT_A_RIDER)
    return rider


def round_close(*, rider: User, handed_over: Decimal, reason: str = "", by) -> RiderHandover:
    """The end of the rider's round: the cash handed over against the cash collected since the last
    handover; a difference needs a reason. 400 with nothing to hand over; two closes at once take
    turns on the collections' row locks, and the second finds nothing left."""
    reason = squeezed(reason or "")
    if len(reason) > REASON_MAX:
        raise InvalidValue(REASON_TOO_LONG.format(count=REASON_MAX))
    handed = to_paise(handed_over)
    if handed < 0:
        raise InvalidValue(gettext_lazy("The cash handed over cannot be negative."))
    with transaction.atomic():
        collections = list(_open_collections(rider).select_for_update().order_by("pk"))
        if not collections:
            raise InvalidValue(NOTHING_TO_HAND_OVER)
        cash = sum(row.amount_paise for row in collections if row.method == DoorCollection.Method.CASH)
        upi = sum(row.amount_paise for row in collections if row.method == DoorCollection.Method.UPI)
        if handed != cash and not reason:
            raise InvalidValue(REASON_NEEDED.format(handed=to_rupees(handed), collected=to_rupees(cash)))
        handover = RiderHandover.objects.create(
            rider=rider,
            collected_cash_paise=cash,
            collected_upi_paise=upi,
            handed_over_paise=handed,
            difference_paise=handed - cash,
            reason=reason,
            by=by,
        )
        DoorCollection.objects.filter(pk__in=[row.pk for row in collections]).update(handover=handover)
    logger.info("rider %s handed over %s of %s cash (recorded by %s)", rider.pk, handed, cash, by.pk)
    return handover
