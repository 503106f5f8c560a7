"""The order status pipeline: placed → packed → dispatched → delivered, or cancelled on the way.

The pipeline is data: `MOVES` says which statuses may follow which, `STEP_TIMESTAMP` where each
step records when it happened. `order_advance` moves an order one step forward, `order_cancel_move`
cancels it (staff while placed or packed, the shopper who placed it while placed, or the system
for an abandoned online order); both lock the row, so of two concurrent moves one wins and the
other gets a 409. A cancellation gives back what was paid with a GST credit note for it, in the same
transaction: that flow moves money, so it is `aftersale.cancellation.order_cancel`, above orders and
payments, which calls `order_cancel_move` here for the pipeline's part. Every move, placement
included, is recorded as an `OrderEvent`. Payment is a separate flag and never moves an order.
"""

import logging

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.roles import Role, has_role, is_owner, is_staff_member
from catalog.stock import stock_return
from common.errors import Conflict, Forbidden, NotFound
from common.text import REASON_MAX_LENGTH, clean_reason
from orders.error_codes import OrderErrorCode
from orders.events import announce_order_changed
from orders.models import Order, OrderEvent
from orders.selectors import ORDER_NOT_FOUND
from orders.slots import slot_release
from orders.sms import order_sms_after_commit

logger = logging.getLogger(__name__)

Status = Order.Status

MOVES: dict[str, tuple[str, ...]] = {
    Status.PLACED: (Status.PACKED, Status.CANCELLED),
    Status.PACKED: (Status.DISPATCHED, Status.CANCELLED),
    Status.DISPATCHED: (Status.DELIVERED,),
    Status.DELIVERED: (),
    Status.CANCELLED: (),
}

# Which staff roles make each move (accounts/roles.py; the owner makes all of them): packers pack
# and hand over to the rider, riders deliver, cashiers cancel for a shopper on the phone.
MOVE_ROLES: dict[str, tuple[Role, ...]] = {
    Status.PACKED: (Role.PACKER,),
    Status.DISPATCHED: (Role.PACKER, Role.RIDER),
    Status.DELIVERED: (Role.RIDER,),
    Status.CANCELLED: (Role.CASHIER,),
}
MOVE_NOT_YOURS = gettext_lazy("Your staff role does not make this move.")

# The forward step from each status (the timeline the order page shows).
TRANSITIONS: dict[str, str] = {
    current: next_status for current, moves in MOVES.items() for next_status in moves if next_status != Status.CANCELLED
}

STEP_TIMESTAMP: dict[str, str] = {
    Status.PACKED: "packed_at",
    Status.DISPATCHED: "dispatched_at",
    Status.DELIVERED: "delivered_at",
    Status.CANCELLED: "cancelled_at",
}

# Steps the customer hears about by SMS.
NOTIFIED_STEPS = frozenset({Status.DISPATCHED, Status.DELIVERED, Status.CANCELLED})

# Staff may still change an order's lines (short picks, substitutions: `orders.packing`) until it
# leaves the shop.
LINE_CHANGE_STATUSES = frozenset({Status.PLACED, Status.PACKED})

CANCEL_REASON_MAX_LENGTH = REASON_MAX_LENGTH

# The statuses from which the shopper who placed an order may cancel it themselves (staff: `MOVES`).
CUSTOMER_CANCELS_FROM = frozenset({Status.PLACED})

CANCELLED_BY_CUSTOMER = gettext_lazy("Cancelled by the customer.")
CANCEL_AFTER_PACKING = gettext_lazy(
    "Order {order} is already packed, so it can't be cancelled any more. "
    "Please call us on {phone} if something is wrong."
)

_ORDER = [Status.PLACED, Status.PACKED, Status.DISPATCHED, Status.DELIVERED]


def allowed_moves(*, order: Order, user) -> list[str]:
    """The statuses `user` may move `order` to next: staff follow `MOVES` and their role's
    `MOVE_ROLES`, customers move nothing."""
    return [status for status in MOVES[order.status] if has_role(user, *MOVE_ROLES[status])]


def may_cancel(*, order: Order, user) -> bool:
    """Whether `user` may cancel `order` now: staff while it is placed or packed (`MOVES`), the
    customer who placed it while it is placed (`CUSTOMER_CANCELS_FROM`). The order page's
    Cancel button shows exactly when this says yes."""
    if user is None or not user.is_authenticated:
        return False
    if is_staff_member(user):
        return Status.CANCELLED in allowed_moves(order=order, user=user)
    return order.user_id == user.pk and order.status in CUSTOMER_CANCELS_FROM


def line_changes_allowed(*, order: Order, user) -> bool:
    """Whether `user` may change `order`'s lines now: packers (and the owner), while it is placed or packed."""
    return bool(has_role(user, Role.PACKER) and order.status in LINE_CHANGE_STATUSES)


def _refusal(order: Order, to_status: str) -> str:
    current = Status(order.status)
    target = Status(to_status)
    names = {"order": order.invoice_number, "current": current.label.lower(), "target": target.label.lower()}
    if target == current:
        return gettext("Order {order} is already {current}.").format(**names)
    if current == Status.CANCELLED:
        return gettext("Order {order} is cancelled; it cannot be {target}.").format(**names)
    if target == Status.CANCELLED:
        return gettext("Order {order} is already {current}; it can no longer be cancelled.").format(**names)
    if _ORDER.index(target) < _ORDER.index(current):
        return gettext("Order {order} is already {current}; it cannot go back to {target}.").format(**names)
    expected = Status(TRANSITIONS[current])
    return gettext("Order {order} is {current}; it must be {expected} before it can be {target}.").format(
        expected=expected.label.lower(), **names
    )


def _record(*, order: Order, from_status: str, to_status: str, by=None, reason: str = "", at=None) -> OrderEvent:
    by = by if by is not None and getattr(by, "is_authenticated", False) else None
    announce_order_changed(order_id=order.pk)
    return OrderEvent.objects.create(
        order=order, from_status=from_status, to_status=to_status, by=by, reason=reason, at=at or timezone.now()
    )


def order_placed(*, order: Order, by) -> OrderEvent:
    """The first event of an order, written by placement in its transaction."""
    return _record(order=order, from_status="", to_status=Status.PLACED, by=by, at=order.created_at)


def order_slot_moved(*, order: Order, by, reason: str) -> OrderEvent:
    """Staff moved the order's delivery slot (`orders.slot_moves`): its status stays, the event
    says from which slot to which, in the move's transaction."""
    return _record(order=order, from_status=order.status, to_status=order.status, by=by, reason=reason)


def order_handed_over(*, order: Order, by, reason: str) -> None:
    """An order sold over the counter: placed, packed, dispatched and delivered in the one moment
    the shopper takes the goods (the caller made it with all four stamps). Two events: its placement
    and its delivery, with who sold it and why."""
    order_placed(order=order, by=by)
    _record(
        order=order, from_status=Status.PLACED, to_status=Status.DELIVERED, by=by, reason=reason, at=order.created_at
    )


def _move(*, order: Order, to_status: str, by, reason: str = "", texted: bool = True) -> Order:
    """Lock the row, check the move against `MOVES`, stamp it, record it; returns the locked row.
    `texted`: the shopper hears of a notified step (False for a step walked through on the way)."""
    locked = Order.objects.select_for_update().get(pk=order.pk)
    if is_staff_member(by) and not has_role(by, *MOVE_ROLES[to_status]):
        raise Forbidden(MOVE_NOT_YOURS)
    if to_status not in MOVES[locked.status]:
        raise Conflict(_refusal(locked, to_status), code=OrderErrorCode.INVALID_TRANSITION, currentStatus=locked.status)
    from_status, field, now = locked.status, STEP_TIMESTAMP[to_status], timezone.now()
    setattr(locked, field, now)
    locked.status = to_status
    fields = ["status", field]
    if to_status == Status.CANCELLED:
        locked.cancel_reason = reason
        fields.append("cancel_reason")
    locked.save(update_fields=fields)
    _record(order=locked, from_status=from_status, to_status=to_status, by=by, reason=reason, at=now)
    if texted and to_status in NOTIFIED_STEPS and to_status != Status.CANCELLED:  # a cancellation says what comes back
        order_sms_after_commit(order=locked, event=to_status)
    return locked


def copy_progress(*, to: Order, source: Order) -> Order:
    for name in ("status", "cancel_reason", *STEP_TIMESTAMP.values()):
        setattr(to, name, getattr(source, name))
    return to


def order_advance(*, order: Order, to_status: str, by=None) -> Order:
    """Move `order` one step along the pipeline and record when; 409 for any other move.

    The row is locked and re-read, so two staff members pressing the same button at once give one
    move and one 409. Cancelling is `aftersale.cancellation.order_cancel` (it needs a reason, returns stock and money).
    """
    if to_status not in STEP_TIMESTAMP or to_status == Status.CANCELLED:
        raise Conflict(
            gettext("Orders cannot be moved to '{status}'.").format(status=to_status),
            code=OrderErrorCode.INVALID_TRANSITION,
        )
    with transaction.atomic():
        locked = _move(order=order, to_status=to_status, by=by)
    logger.info("order %s moved to %s by %s", locked.public_id, to_status, getattr(by, "pk", None))
    return copy_progress(to=order, source=locked)


def order_deliver(*, order: Order, by=None) -> Order:
    """`PUT /api/orders/{id}/deliver`: mark `order` delivered. The shop's existing client has only
    "Mark as delivered" on its admin screen, so from the owner this walks the order through every
    step it skipped (placed → packed → dispatched → delivered), each its own event, in one
    transaction: one move as the caller sees it, and the shopper gets one text (delivered). Anyone
    else (a rider) delivers a dispatched order only, as `order_advance`."""
    if not is_owner(by):
        return order_advance(order=order, to_status=Status.DELIVERED, by=by)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        steps = _ORDER[_ORDER.index(locked.status) + 1 :] if locked.status in _ORDER[:-1] else [Status.DELIVERED]
        for step in steps:
            locked = _move(order=locked, to_status=step, by=by, texted=step == Status.DELIVERED)
    logger.info("order %s delivered through %s by %s", locked.public_id, "/".join(steps), getattr(by, "pk", None))
    return copy_progress(to=order, source=locked)


def clean_cancel_reason(reason, *, required: bool = True) -> str:
    """The reason as written, spaces tidied; 400 when empty (if `required`) or too long."""
    return clean_reason(
        reason, required_message=gettext("Please give a reason for cancelling the order.") if required else ""
    )


def cancel_reason_for(reason, *, by) -> str:
    """The reason a cancellation records: staff must give one (`clean_cancel_reason`), a customer
    need not (then "Cancelled by the customer."), the system (None) gives its own."""
    customer = by is not None and not is_staff_member(by)
    return clean_cancel_reason(reason, required=not customer) or str(CANCELLED_BY_CUSTOMER)


def _check_cancel_by(*, locked: Order, by) -> None:
    """Staff and the system follow `MOVES` (checked by `_move`); a customer cancels only their own
    order (404 for anyone else's, as every order route), and only while it is placed (409)."""
    if by is None or is_staff_member(by):
        return
    if not by.is_authenticated or locked.user_id != by.pk:
        raise NotFound(str(ORDER_NOT_FOUND))
    if locked.status not in CUSTOMER_CANCELS_FROM and locked.status != Status.CANCELLED:
        raise Conflict(
            CANCEL_AFTER_PACKING.format(order=locked.invoice_number, phone=settings.STORE_SUPPORT_PHONE),
            code=OrderErrorCode.INVALID_TRANSITION,
            currentStatus=locked.status,
        )


def order_cancel_move(*, order: Order, reason: str, by=None) -> Order:
    """The pipeline's part of a cancellation, inside the caller's transaction: the order row locked
    and re-read (of two concurrent cancels one wins, the other gets a 409, as does cancelling too
    late), the move checked for `by` and recorded with its reason, every line's stock back on the
    shelf once and the delivery slot's place given back. Returns the locked row.

    The money is not here: a cancellation gives back what was paid, and orders never imports
    payments, so the one caller is `aftersale.cancellation.order_cancel`, which gives the money back
    and texts the shopper in the same transaction. `reason` is cleaned already
    (`clean_cancel_reason`).
    """
    locked = Order.objects.select_for_update().get(pk=order.pk)
    _check_cancel_by(locked=locked, by=by)
    locked = _move(order=locked, to_status=Status.CANCELLED, by=by, reason=reason)
    stock_return(list(locked.items.values_list("financial_id", "qty")), reference=locked.stock_reference, by=by)
    slot_release(order=locked)
    return locked


# Undoing a mistaken move (issue 48): a dispatched order back to packed, a delivered one back to
# dispatched, by the owner or manager only, with a reason; the undo is a move of its own (an event
# from the wrong status back to the right one), so the history keeps both. Nothing else changes:
# stock left the shelf at placement and payment is a flag of its own, so a door collection or a
# payment recorded with a wrong delivery stays (the manager corrects those in their own screens).
UNDO_TO: dict[str, str] = {Status.DISPATCHED: Status.PACKED, Status.DELIVERED: Status.DISPATCHED}
UNDO_NOT_YOURS = gettext_lazy("Only the manager can undo a move.")
UNDO_REASON_NEEDED = gettext_lazy("Say why the move is undone.")
UNDO_NOTHING = gettext_lazy("Order {order} is {current}; only a dispatched or delivered move can be undone.")


def undo_to(*, order: Order, user) -> str | None:
    """The status `user` may put `order` back to (`UNDO_TO`), or None: the owner or manager only,
    from dispatched or delivered. The board's Undo button shows exactly when this says one."""
    return UNDO_TO.get(order.status) if is_owner(user) else None


def order_move_undo(*, order: Order, reason, by) -> Order:
    """Put `order` back one step (dispatched → packed, delivered → dispatched) with `reason`;
    403 for anyone but the owner, 400 without a reason, 409 from any other status."""
    if not is_owner(by):
        raise Forbidden(UNDO_NOT_YOURS)
    text = clean_reason(reason, required_message=UNDO_REASON_NEEDED)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        back_to = UNDO_TO.get(locked.status)
        if back_to is None:
            current = Status(locked.status).label.lower()
            raise Conflict(
                UNDO_NOTHING.format(order=locked.invoice_number, current=current),
                code=OrderErrorCode.INVALID_TRANSITION,
                currentStatus=locked.status,
            )
        from_status = locked.status
        setattr(locked, STEP_TIMESTAMP[from_status], None)
        locked.status = back_to
        locked.save(update_fields=["status", STEP_TIMESTAMP[from_status]])
        _record(order=locked, from_status=from_status, to_status=back_to, by=by, reason=text)
    logger.info(
        "order %s moved back from %s to %s by %s", locked.public_id, from_status, back_to, getattr(by, "pk", None)
    )
    return copy_progress(to=order, source=locked)
