"""Delivery slots offered and their places: the one owner of a slot's count.

`slot_offers` is what checkout shows (the next `DAYS_OFFERED` days' windows, each open with its
places left, or full or closed with the reason); `offer_for` is the offer a checkout's choice names
(400 when it can't be booked); `slot_take` counts one place in it inside placement's transaction and
`slot_give_back` uncounts one when an order is cancelled. The order's own record of its place
(`orders.SlotBooking`) is written by `orders.slots`, which calls these. Every rule of a slot
(cut-off, holiday, capacity) is decided here, the islands only show the answers.

A window's capacity on a date is the date's own when staff set one (`slot_capacity_set`: a van
off on Thursday), else the weekly window's; `slot_capacity` is the one place that decides it, for
the offer, the booking's re-check and staff's coming days alike. Lowering it below what is booked
takes no place away; the answer names the orders booked (`OverBooked`), as closing a booked date
does (`day_booked_warning`), so staff can call or move them: the warning offers the orders that
can still move (not yet packed), the ones to move by default (those over the capacity, the last
booked; every one of a closed day) and the slots of the coming days with places for them
(`move_targets`). Moving them is `orders.slot_moves`, which counts the places here
(`slot_places_move`).

Taking a place locks the slot's counter row (`Slot`, one per window and date) after the order's
packs and invoice number, as every placement does, so bookings of one slot queue instead of
deadlocking; the UPDATE that counts the place also re-checks the capacity, and the database's
CHECK keeps the count from going below 0.

How a slot is named to people (`slot_label`, `day_label`, `time_label`) is here too, in one place,
so the order page, invoice, staff list, SMS and checkout read the same.
"""

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.formats import date_format, time_format
from django.utils.translation import gettext_lazy

from common.errors import Conflict, DomainError, NotFound
from common.ids import as_row_id
from delivery.error_codes import DeliveryErrorCode
from delivery.models import DeliveryWindow, Holiday, Slot

DAYS_OFFERED = 3  # today and the two days after it

OPEN, FULL, CLOSED, HOLIDAY = "open", "full", "closed", "holiday"

SLOT_UNKNOWN = gettext_lazy("This delivery time is not one we offer. Please choose another.")
SLOT_PASSED = gettext_lazy("This delivery time has passed. Please choose another.")
SLOT_FULL = gettext_lazy("Sorry, the delivery time {slot} was just taken by other orders.")
SLOT_FULL_NEXT = gettext_lazy("The next free time is {slot}.")
SLOT_NONE_FREE = gettext_lazy("Sorry, every delivery time of the next {days} days is full or closed.")
REASON_FULL = gettext_lazy("Full")
REASON_CUTOFF = gettext_lazy("Closed: orders for this time closed at {time}")
REASON_HOLIDAY = gettext_lazy("Closed for the holiday")
REASON_HOLIDAY_NAMED = gettext_lazy("Closed for {name}")
SLOT_NOT_FOUND = gettext_lazy("Delivery slot not found")
CAPACITY_BELOW_BOOKED = gettext_lazy(
    "{slot}: {booked} booked, more than the {capacity} now allowed. Call or move these orders: {orders}."
)
DAY_CLOSED_BOOKED = gettext_lazy("{day} is closed with orders booked for it. Call or move these orders: {orders}.")
SLOT_MOVE_FULL = gettext_lazy(
    "{slot} has {left} places left, not enough for {count} orders. Choose fewer orders or another time."
)
# The coming days staff plan and move orders into: today and the six days after it.
STAFF_DAYS = 7


class SlotUnavailable(DomainError):
    """The slot asked for cannot be booked (unknown, passed or closed): 400."""


def day_label(day: date) -> str:
    """`Fri 27 Nov`, the weekday and month in the active language."""
    return date_format(day, "D j M")


def time_label(start: time, end: time) -> str:
    return "{start}–{end}".format(start=time_format(start, "G:i"), end=time_format(end, "G:i"))


def slot_label(day: date, start: time, end: time) -> str:
    """`Fri 27 Nov, 7:00–10:00`."""
    return f"{day_label(day)}, {time_label(start, end)}"


def slot_capacity(window: DeliveryWindow, own: int | None) -> int:
    """The window's capacity on one date: the date's own when staff set one, else the weekly one."""
    return window.capacity if own is None else own


@dataclass(frozen=True)
class BookedOrder:
    """An order holding a place in a slot, as the orders app tells it: its invoice number and
    whether it can still move to another slot (not packed yet)."""

    invoice_number: str
    movable: bool


@dataclass(frozen=True)
class OverBooked:
    """More orders booked than a slot (or a closed day) now takes: what staff are told, the orders'
    invoice numbers to call or move, those that can still move, the ones to move by default and
    the slots that can take them (`suggested`: the first with places for all of `move`)."""

    message: str
    orders: list[str]
    movable: list[str] = field(default_factory=list)
    move: list[str] = field(default_factory=list)
    targets: list["SlotOffer"] = field(default_factory=list)
    suggested: str | None = None


class _BookedOrders:
    """Which orders hold a place in a slot is the orders' knowledge (`orders.SlotBooking` stands
    above delivery, which imports no orders code): the orders app hands its reader over when it
    starts (`orders.apps`). `of(slot_ids)` answers the orders booked (`BookedOrder`, in invoice
    order: the latest orders last), per slot id."""

    of: Callable[[Iterable[int]], dict[int, list[BookedOrder]]] | None = None


booked_orders = _BookedOrders()


def _booked(slot_ids: list[int]) -> dict[int, list[BookedOrder]]:
    reader = booked_orders.of
    return reader(slot_ids) if reader is not None and slot_ids else {}


@dataclass(frozen=True)
class SlotOffer:
    window: DeliveryWindow
    date: date
    starts_at: datetime
    closes_at: datetime
    places_left: int
    state: str  # OPEN, FULL, CLOSED or HOLIDAY
    reason: str  # why it can't be chosen, in the active language; "" when open

    @property
    def id(self) -> str:
        return slot_id(self.date, self.window.pk)

    @property
    def choosable(self) -> bool:
        return self.state == OPEN

    @property
    def label(self) -> str:
        return slot_label(self.date, self.window.start, self.window.end)


def slot_id(day: date, window_id: int) -> str:
    """A slot as the wire names it: `2026-11-27.3` (the date, then the window's id)."""
    return f"{day:%Y-%m-%d}.{window_id}"


def _parse_slot_id(value: str) -> tuple[date, int] | None:
    day_text, _, window_text = str(value).strip().partition(".")
    window_id = as_row_id(window_text)
    try:
        day = date.fromisoformat(day_text) if len(day_text) == 10 else None
    except ValueError:
        day = None
    return (day, window_id) if day and window_id else None


def slots_defined() -> bool:
    """Whether the shop delivers in windows at all: an install without any places orders without one."""
    return DeliveryWindow.objects.filter(active=True).exists()


def _at(day: date, moment: time) -> datetime:
    return timezone.make_aware(datetime.combine(day, moment), timezone.get_current_timezone())


def _offer(
    window: DeliveryWindow, day: date, *, booked: int, capacity: int, holiday: Holiday | None, now: datetime
) -> SlotOffer:
    starts_at = _at(day, window.start)
    closes_at = starts_at - timedelta(hours=window.cutoff_hours)
    places_left = max(capacity - booked, 0)
    if holiday is not None:
        state = HOLIDAY
        reason = REASON_HOLIDAY_NAMED.format(name=holiday.name) if holiday.name else str(REASON_HOLIDAY)
    elif now >= closes_at:
        state, reason = CLOSED, REASON_CUTOFF.format(time=time_format(timezone.localtime(closes_at), "G:i"))
    elif places_left <= 0:
        state, reason = FULL, str(REASON_FULL)
    else:
        state, reason = OPEN, ""
    return SlotOffer(window, day, starts_at, closes_at, places_left, state, reason)


def slot_offers(*, now: datetime | None = None, days: int = DAYS_OFFERED) -> list[SlotOffer]:
    """Every active window of the next `days` days (today first), in time order, each with its
    state: three queries, however many windows."""
    now = now or timezone.now()
    today = timezone.localdate(now)
    dates = [today + timedelta(days=offset) for offset in range(days)]
    windows = list(DeliveryWindow.objects.filter(active=True, weekday__in={day.weekday() for day in dates}))
    holidays = {holiday.date: holiday for holiday in Holiday.objects.filter(date__in=dates)}
    counts = {
        (window_id, day): (booked, own)
        for window_id, day, booked, own in Slot.objects.filter(date__in=dates).values_list(
            "window_id", "date", "booked", "capacity"
        )
    }

    def offer(window: DeliveryWindow, day: date) -> SlotOffer:
        booked, own = counts.get((window.pk, day), (0, None))
        capacity = slot_capacity(window, own)
        return _offer(window, day, booked=booked, capacity=capacity, holiday=holidays.get(day), now=now)

    return [
        offer(window, day)
        for day in dates
        for window in sorted(windows, key=lambda window: window.start)
        if window.weekday == day.weekday()
    ]


def next_free_offer(*, now: datetime | None = None) -> SlotOffer | None:
    return next((offer for offer in slot_offers(now=now) if offer.choosable), None)


def offer_for(value: str, *, now: datetime, days: int = DAYS_OFFERED) -> SlotOffer:
    """The offer `value` names; 400 when it names none of the next `days` days' windows (checkout's
    3; staff moving orders plan `STAFF_DAYS`) or has passed."""
    parsed = _parse_slot_id(value)
    if parsed is None:
        raise SlotUnavailable(str(SLOT_UNKNOWN), code=DeliveryErrorCode.SLOT_UNKNOWN)
    day, window_id = parsed
    if day < timezone.localdate(now):
        raise SlotUnavailable(str(SLOT_PASSED), code=DeliveryErrorCode.SLOT_PASSED)
    offers = slot_offers(now=now, days=days)
    offer = next((offer for offer in offers if (offer.date, offer.window.pk) == parsed), None)
    if offer is None:
        raise SlotUnavailable(str(SLOT_UNKNOWN), code=DeliveryErrorCode.SLOT_UNKNOWN)
    if offer.state in (CLOSED, HOLIDAY):
        code = DeliveryErrorCode.SLOT_PASSED if offer.starts_at <= now else DeliveryErrorCode.SLOT_CLOSED
        raise SlotUnavailable(
            str(SLOT_PASSED) if code == DeliveryErrorCode.SLOT_PASSED else f"{offer.label}: {offer.reason}", code=code
        )
    return offer


def slot_full(offer: SlotOffer | None, *, now: datetime) -> Conflict:
    """409 `slot_full`, offering the next free slot (or saying there is none)."""
    # Imported here: delivery.serializers imports this module for the labels.
    from delivery.serializers import SlotOfferSerializer

    nearest = next_free_offer(now=now)
    message = SLOT_FULL.format(slot=offer.label) if offer else ""
    if nearest is not None:
        message = f"{message} {SLOT_FULL_NEXT.format(slot=nearest.label)}".strip()
    else:
        message = f"{message} {SLOT_NONE_FREE.format(days=DAYS_OFFERED)}".strip()
    return Conflict(
        message, code=DeliveryErrorCode.SLOT_FULL, nextSlot=dict(SlotOfferSerializer(nearest).data) if nearest else None
    )


def slot_take(offer: SlotOffer, *, now: datetime) -> tuple[Slot, DeliveryWindow]:
    """Count one place in `offer`'s slot, inside the caller's transaction: the slot's row is made
    on its first booking and locked; 409 `slot_full` (with `nextSlot`) when its last place was
    taken first. Answers the slot and its window as read under the lock."""
    Slot.objects.bulk_create([Slot(window=offer.window, date=offer.date)], ignore_conflicts=True)
    slot = Slot.objects.select_for_update().get(window=offer.window, date=offer.date)
    window = DeliveryWindow.objects.get(pk=offer.window.pk)  # its capacity now, read under the slot's lock
    capacity = slot_capacity(window, slot.capacity)
    counted = Slot.objects.filter(pk=slot.pk, booked__lt=capacity).update(booked=F("booked") + 1)
    if not counted:
        raise slot_full(offer, now=now)
    return slot, window


def slot_give_back(*, slot_id: int) -> None:
    """Uncount one place of the slot, inside the caller's transaction (after it locked and stamped
    the booking that held it, so a place comes back once)."""
    Slot.objects.filter(pk=slot_id).update(booked=F("booked") - 1)


@transaction.atomic
def slot_capacity_set(*, slot: str, capacity: int | None, today: date | None = None) -> tuple[Slot, OverBooked | None]:
    """Give the window a capacity of its own on one date (None: back to the weekly one). The slot's
    row is made if no order booked it yet, and locked as a booking locks it, so a booking and this
    change queue. Booked places stay; when more are booked than now allowed, the answer's
    `OverBooked` names them. 404 for a slot that names no window on that weekday; 400 for a past date."""
    parsed = _parse_slot_id(slot)
    window = DeliveryWindow.objects.filter(pk=parsed[1]).first() if parsed else None
    if window is None or window.weekday != parsed[0].weekday():
        raise NotFound(str(SLOT_NOT_FOUND))
    day = parsed[0]
    if day < (today or timezone.localdate()):
        raise SlotUnavailable(str(SLOT_PASSED), code=DeliveryErrorCode.SLOT_PASSED)
    Slot.objects.bulk_create([Slot(window=window, date=day)], ignore_conflicts=True)
    row = Slot.objects.select_for_update().get(window=window, date=day)
    row.capacity = capacity
    row.save(update_fields=["capacity"])
    allowed = slot_capacity(window, capacity)
    if row.booked <= allowed:
        return row, None
    booked = _booked([row.pk]).get(row.pk, [])
    orders = [order.invoice_number for order in booked]
    message = CAPACITY_BELOW_BOOKED.format(
        slot=slot_label(day, window.start, window.end), booked=row.booked, capacity=allowed, orders=", ".join(orders)
    )
    movable = [order.invoice_number for order in booked if order.movable]
    over = row.booked - allowed
    return row, _with_targets(message, orders, movable, movable[-over:], away_from=(day, window.pk))


def day_booked_warning(day: date) -> OverBooked | None:
    """The orders booked on `day`, when staff close it: None when there are none."""
    slot_ids = list(Slot.objects.filter(date=day, booked__gt=0).order_by("window__start").values_list("pk", flat=True))
    if not slot_ids:
        return None
    booked = _booked(slot_ids)
    every = [order for pk in slot_ids for order in booked.get(pk, [])]
    orders = [order.invoice_number for order in every]
    movable = [order.invoice_number for order in every if order.movable]
    message = DAY_CLOSED_BOOKED.format(day=day_label(day), orders=", ".join(orders))
    return _with_targets(message, orders, movable, movable, away_from=(day, None))


def move_targets(*, away_from: tuple[date, int | None], now: datetime | None = None) -> list[SlotOffer]:
    """The slots of the coming `STAFF_DAYS` days that can take moved orders: open ones with places
    left, other than the one (date and window) or the day (window None) the orders move away from."""
    day, window_id = away_from
    return [
        offer
        for offer in slot_offers(now=now, days=STAFF_DAYS)
        if offer.choosable and not (offer.date == day and window_id in (None, offer.window.pk))
    ]


def _with_targets(
    message: str, orders: list[str], movable: list[str], move: list[str], *, away_from: tuple[date, int | None]
) -> OverBooked:
    targets = move_targets(away_from=away_from) if movable else []
    suggested = next((offer.id for offer in targets if offer.places_left >= len(move)), None)
    return OverBooked(message, orders, movable, move, targets, suggested)


def slot_places_move(offer: SlotOffer, *, from_slots: list[int], now: datetime) -> tuple[Slot, DeliveryWindow]:
    """Move one place from each slot of `from_slots` (a slot id once per order) into `offer`'s
    slot, inside the caller's transaction (after it locked the orders and their bookings). Every
    slot involved is locked in id order, so two moves, or a move and a booking, queue instead of
    deadlocking; 409 `slot_full` when the target has fewer places left than orders to move, and
    nothing moves. Answers the target slot and its window as read under the lock."""
    Slot.objects.bulk_create([Slot(window=offer.window, date=offer.date)], ignore_conflicts=True)
    target_id = Slot.objects.values_list("pk", flat=True).get(window=offer.window, date=offer.date)
    locked = {
        row.pk: row for row in Slot.objects.select_for_update().filter(pk__in={target_id, *from_slots}).order_by("pk")
    }
    target = locked[target_id]
    window = DeliveryWindow.objects.get(pk=offer.window.pk)  # its capacity now, read under the lock
    capacity, count = slot_capacity(window, target.capacity), len(from_slots)
    # The UPDATE re-checks the capacity too, as `slot_take`'s does.
    counted = Slot.objects.filter(pk=target_id, booked__lte=capacity - count).update(booked=F("booked") + count)
    if not counted:
        left = max(capacity - target.booked, 0)
        raise Conflict(
            SLOT_MOVE_FULL.format(slot=offer.label, left=left, count=count), code=DeliveryErrorCode.SLOT_FULL
        )
    for slot_pk, places in Counter(from_slots).items():
        Slot.objects.filter(pk=slot_pk).update(booked=F("booked") - places)
    target.refresh_from_db(fields=["booked"])
    return target, window
