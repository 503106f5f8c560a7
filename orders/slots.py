"""An order's place in a delivery slot: booked inside placement, given back once on cancel.

The slots themselves (what is offered, the cut-off, holidays, a slot's count of places and how a
slot is named) are `delivery.slots`'; this module writes the order's own record of its place
(`SlotBooking`) around them, in the same transaction and lock order: the slot's row is locked and
counted before the booking is written, and a cancellation locks the booking before it gives the
place back.
"""

import logging
from collections.abc import Iterable
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from delivery.slots import (
    BookedOrder,
    next_free_offer,
    offer_for,
    slot_full,
    slot_give_back,
    slot_take,
    slots_defined,
)
from orders.models import Order, SlotBooking

logger = logging.getLogger(__name__)


def slot_book(*, order, wanted: str | None, now: datetime | None = None) -> SlotBooking | None:
    """Book `order` a place in the slot `wanted` names, or in the next free one when it names none.

    Inside placement's transaction. No booking (None) when the shop defines no windows. 400 for a
    slot that is unknown, past or closed; 409 `slot_full` (with `nextSlot`) when its last place was
    taken first, or when nothing is free and the client named no slot.
    """
    now = now or timezone.now()
    if not wanted:
        if not slots_defined():
            return None
        offer = next_free_offer(now=now)
        if offer is None:
            raise slot_full(None, now=now)
    else:
        offer = offer_for(wanted, now=now)
    with transaction.atomic():
        slot, window = slot_take(offer, now=now)
        booking = SlotBooking.objects.create(
            order=order, slot=slot, date=offer.date, start=window.start, end=window.end
        )
    logger.info("order %s booked slot %s", order.public_id, offer.id)
    return booking


def slot_release(*, order) -> bool:
    """Give back the cancelled `order`'s place, once: the booking is locked and stamped, so a
    second call (or a concurrent one) changes nothing. Answers whether a place came back."""
    with transaction.atomic():
        booking = SlotBooking.objects.select_for_update().filter(order=order, released_at__isnull=True).first()
        if booking is None:
            return False
        booking.released_at = timezone.now()
        booking.save(update_fields=["released_at"])
        slot_give_back(slot_id=booking.slot_id)
    logger.info("order %s gave back its place in slot %s", order.public_id, booking.slot_id)
    return True


# An order moves to another slot only before it is packed (`orders.slot_moves`).
MOVABLE_STATUSES = frozenset({Order.Status.PLACED})


def slot_booked_invoices(slot_ids: Iterable[int]) -> dict[int, list[BookedOrder]]:
    """The orders holding a place in each slot (a cancelled one gave its place back), by invoice
    number, each saying whether it can still move, for delivery's warnings to staff
    (`delivery.slots.booked_orders`). One query."""
    invoices: dict[int, list[BookedOrder]] = {}
    bookings = (
        SlotBooking.objects.filter(slot_id__in=list(slot_ids), released_at__isnull=True)
        .order_by("order__invoice_number")
        .values_list("slot_id", "order__invoice_number", "order__status")
    )
    for slot_id, number, status in bookings:
        invoices.setdefault(slot_id, []).append(BookedOrder(number, status in MOVABLE_STATUSES))
    return invoices
