"""Staff move orders to another delivery slot: the one owner of "move an order to a slot".

When a day is closed or a slot's capacity lowered below what is booked, the warning offers the
orders that can still move (`delivery.slots.OverBooked`); `orders_slot_move` moves the ones staff
chose into one slot of the coming days, in one transaction:

- the orders' rows are locked (in id order), then their bookings, then every slot involved
  (`delivery.slots.slot_places_move`, in id order), as a cancellation locks the order before its
  booking and slot, so a move, a cancellation, packing and a booking queue instead of deadlocking;
- only an order not yet packed moves (`orders.slots.MOVABLE_STATUSES`); a packed, dispatched,
  delivered or cancelled one, one without a slot and one already in the target stay, each said in
  the answer, so sending the same move again moves nothing and texts nobody;
- the target's capacity is checked under its lock for all the orders at once: 409 `slot_full`,
  and nothing moves, when it has fewer places left;
- each moved order's booking is rewritten (the window's times copied, as placement does), an order
  event records from which slot to which and who moved it, and one SMS per order is queued for
  after the commit, in the shopper's language.
"""

import logging
from dataclasses import dataclass
from datetime import datetime

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy, ngettext

from common.errors import NotFound
from delivery.slots import STAFF_DAYS, SlotOffer, offer_for, slot_label, slot_places_move
from orders.models import Order, SlotBooking
from orders.pipeline import order_slot_moved
from orders.slots import MOVABLE_STATUSES
from orders.sms import order_slot_moved_sms_after_commit

logger = logging.getLogger(__name__)

ORDERS_NOT_FOUND = gettext_lazy("No order with the invoice number {orders}.")
MOVED_REASON = gettext_lazy("Delivery moved from {old} to {new}.")


@dataclass(frozen=True)
class KeptOrder:
    """An order the move left where it was, and why (in the answer's language)."""

    order: str
    reason: str


@dataclass(frozen=True)
class SlotMoves:
    target: SlotOffer
    moved: list[str]
    kept: list[KeptOrder]

    @property
    def message(self) -> str:
        if not self.moved:
            return gettext("No order was moved.")
        return ngettext(
            "{count} order moved to {slot}. The shopper is told by SMS.",
            "{count} orders moved to {slot}. Each shopper is told by SMS.",
            len(self.moved),
        ).format(count=len(self.moved), slot=self.target.label)


def _kept_reason(order: Order, booking: SlotBooking | None, target: SlotOffer) -> str | None:
    """Why `order` stays where it is, or None when it moves."""
    names = {"order": order.invoice_number, "status": Order.Status(order.status).label.lower()}
    if order.status == Order.Status.CANCELLED:
        return gettext("Order {order} is cancelled.").format(**names)
    if order.status not in MOVABLE_STATUSES:
        return gettext("Order {order} is already {status}, so it keeps its delivery time.").format(**names)
    if booking is None:
        return gettext("Order {order} has no delivery time to move.").format(**names)
    if booking.date == target.date and booking.slot.window_id == target.window.pk:
        return gettext("Order {order} is already booked for {slot}.").format(slot=target.label, **names)
    return None


def _clean_numbers(invoice_numbers: list[str]) -> list[str]:
    return list(dict.fromkeys(number.strip() for number in invoice_numbers if number.strip()))


def orders_slot_move(*, invoice_numbers: list[str], to: str, by, now: datetime | None = None) -> SlotMoves:
    """Move the orders `invoice_numbers` name into the slot `to` names (`<date>.<window id>`, one
    of the coming `STAFF_DAYS` days). 400 for a slot that is unknown, past or closed; 404 naming
    the invoice numbers that name no order; 409 `slot_full` when the slot has too few places."""
    now = now or timezone.now()
    target = offer_for(to, now=now, days=STAFF_DAYS)
    numbers = _clean_numbers(invoice_numbers)
    with transaction.atomic():
        orders = list(
            Order.objects.select_for_update().select_related("user").filter(invoice_number__in=numbers).order_by("pk")
        )
        missing = sorted(set(numbers) - {order.invoice_number for order in orders})
        if missing:
            raise NotFound(ORDERS_NOT_FOUND.format(orders=", ".join(missing)))
        bookings = {
            booking.order_id: booking
            for booking in SlotBooking.objects.select_for_update()
            .select_related("slot")
            .filter(order__in=orders, released_at__isnull=True)
            .order_by("pk")
        }
        moving, kept = [], []
        for order in orders:
            reason = _kept_reason(order, bookings.get(order.pk), target)
            if reason is None:
                moving.append(order)
            else:
                kept.append(KeptOrder(order.invoice_number, reason))
        if moving:
            slot, window = slot_places_move(
                target, from_slots=[bookings[order.pk].slot_id for order in moving], now=now
            )
            for order in moving:
                _rebook(order=order, booking=bookings[order.pk], slot=slot, window=window, by=by)
    moved = [order.invoice_number for order in moving]
    logger.info("orders %s moved to slot %s by %s", ",".join(moved), target.id, getattr(by, "pk", None))
    return SlotMoves(target=target, moved=moved, kept=kept)


def _rebook(*, order: Order, booking: SlotBooking, slot, window, by) -> None:
    with translation.override(settings.LANGUAGE_CODE):  # the order's record reads the same for every reader
        old = slot_label(booking.date, booking.start, booking.end)
        new = slot_label(slot.date, window.start, window.end)
        reason = str(MOVED_REASON).format(old=old, new=new)
    booking.slot, booking.date, booking.start, booking.end = slot, slot.date, window.start, window.end
    booking.save(update_fields=["slot", "date", "start", "end"])
    order_slot_moved(order=order, by=by, reason=reason)
    order_slot_moved_sms_after_commit(order=order, booking=booking)
