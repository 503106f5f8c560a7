"""The order status pipeline: placed → packed → dispatched → delivered, or cancelled on the way.

The pipeline is data: `MOVES` says which statuses may follow which, `STEP_TIMESTAMP` where each
step records when it happened. `order_advance` moves an order one step forward, `order_cancel`
cancels it (staff while placed or packed, the shopper who placed it while placed, or the payments
work for an abandoned online order); both lock the row, so of two concurrent moves one wins and the
other gets a 409. A cancellation gives back what was paid (`payments.refunds.refund_order_in_full`)
with a GST credit note for it (`orders.credit_notes`), in the same transaction. Every move, placement included, is
recorded as an `OrderEvent`. Payment is a separate flag and never moves an order.
"""

import logging
from decimal import Decimal

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from catalog.stock import stock_return
from common.errors import Conflict, DomainError, NotFound
from common.text import squeezed
from orders.credit_notes import credit_note_issue_for_rest
from orders.events import announce_order_changed
from orders.models import Order, OrderEvent
from orders.slots import slot_release
from orders.sms import order_cancelled_sms_after_commit, order_sms_after_commit

logger = logging.getLogger(__name__)

Status = Order.Status

MOVES: dict[str, tuple[str, ...]] = {
    Status.PLACED: (Status.PACKED, Status.CANCELLED),
    Status.PACKED: (Status.DISPATCHED, Status.CANCELLED),
    Status.DISPATCHED: (Status.DELIVERED,),
    Status.DELIVERED: (),
    Status.CANCELLED: (),
}

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

CANCEL_REASON_MAX_LENGTH = OrderEvent._meta.get_field("reason").max_length

# The statuses from which the shopper who placed an order may cancel it themselves (staff: `MOVES`).
CUSTOMER_CANCELS_FROM = frozenset({Status.PLACED})

CANCELLED_BY_CUSTOMER = gettext_lazy("Cancelled by the customer.")
CANCEL_AFTER_PACKING = gettext_lazy(
    "Order {order} is already packed, so it can't be cancelled any more. "
    "Please call us on {phone} if something is wrong."
)

ZERO = Decimal("0.00")

_ORDER = [Status.PLACED, Status.PACKED, Status.DISPATCHED, Status.DELIVERED]


def allowed_moves(*, order: Order, user) -> list[str]:
    """The statuses `user` may move `order` to next: staff follow `MOVES`, customers move nothing."""
    if user is None or not user.is_authenticated or not user.is_staff:
        return []
    return list(MOVES[order.status])


def _is_staff(user) -> bool:
    return user is not None and user.is_authenticated and user.is_staff


def may_cancel(*, order: Order, user) -> bool:
    """Whether `user` may cancel `order` now: staff while it is placed or packed (`MOVES`), the
    customer who placed it while it is placed (`CUSTOMER_CANCELS_FROM`). The order page's
    Cancel button shows exactly when this says yes."""
    if user is None or not user.is_authenticated:
        return False
    if user.is_staff:
        return Status.CANCELLED in MOVES[order.status]
    return order.user_id == user.pk and order.status in CUSTOMER_CANCELS_FROM


def line_changes_allowed(*, order: Order, user) -> bool:
    """Whether `user` may change `order`'s lines now: staff, while it is placed or packed."""
    return bool(_is_staff(user) and order.status in LINE_CHANGE_STATUSES)


def _refusal(order: Order, to_status: str) -> str:
    current = Status(order.status)
    target = Status(to_status)
    names = {"order": order.public_id, "current": current.label.lower(), "target": target.label.lower()}
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


def _move(*, order: Order, to_status: str, by, reason: str = "") -> Order:
    """Lock the row, check the move against `MOVES`, stamp it, record it; returns the locked row."""
    locked = Order.objects.select_for_update().get(pk=order.pk)
    if to_status not in MOVES[locked.status]:
        raise Conflict(_refusal(locked, to_status), code="invalid_transition", currentStatus=locked.status)
    from_status, field, now = locked.status, STEP_TIMESTAMP[to_status], timezone.now()
    setattr(locked, field, now)
    locked.status = to_status
    fields = ["status", field]
    if to_status == Status.CANCELLED:
        locked.cancel_reason = reason
        fields.append("cancel_reason")
    locked.save(update_fields=fields)
    _record(order=locked, from_status=from_status, to_status=to_status, by=by, reason=reason, at=now)
    if to_status in NOTIFIED_STEPS and to_status != Status.CANCELLED:  # `order_cancel` says what comes back
        order_sms_after_commit(order=locked, event=to_status)
    return locked


def _copy_progress(*, to: Order, source: Order) -> Order:
    for name in ("status", "cancel_reason", *STEP_TIMESTAMP.values()):
        setattr(to, name, getattr(source, name))
    return to


def order_advance(*, order: Order, to_status: str, by=None) -> Order:
    """Move `order` one step along the pipeline and record when; 409 for any other move.

    The row is locked and re-read, so two staff members pressing the same button at once give one
    move and one 409. Cancelling is `order_cancel` (it needs a reason and returns stock).
    """
    if to_status not in STEP_TIMESTAMP or to_status == Status.CANCELLED:
        raise Conflict(
            gettext("Orders cannot be moved to '{status}'.").format(status=to_status), code="invalid_transition"
        )
    with transaction.atomic():
        locked = _move(order=order, to_status=to_status, by=by)
    logger.info("order %s moved to %s by %s", locked.public_id, to_status, getattr(by, "pk", None))
    return _copy_progress(to=order, source=locked)


def clean_cancel_reason(reason, *, required: bool = True) -> str:
    """The reason as written, spaces tidied; 400 when empty (if `required`) or too long."""
    text = squeezed(reason) if isinstance(reason, str) else ""
    if not text and required:
        raise DomainError(gettext("Please give a reason for cancelling the order."))
    if len(text) > CANCEL_REASON_MAX_LENGTH:
        raise DomainError(
            gettext("The reason can have at most {count} characters.").format(count=CANCEL_REASON_MAX_LENGTH)
        )
    return text


def _check_cancel_by(*, locked: Order, by) -> None:
    """Staff and the system follow `MOVES` (checked by `_move`); a customer cancels only their own
    order (404 for anyone else's, as every order route), and only while it is placed (409)."""
    if by is None or _is_staff(by):
        return
    if not by.is_authenticated or locked.user_id != by.pk:
        from orders.selectors import ORDER_NOT_FOUND

        raise NotFound(str(ORDER_NOT_FOUND))
    if locked.status not in CUSTOMER_CANCELS_FROM and locked.status != Status.CANCELLED:
        raise Conflict(
            CANCEL_AFTER_PACKING.format(order=locked.public_id, phone=settings.STORE_SUPPORT_PHONE),
            code="invalid_transition",
            currentStatus=locked.status,
        )


def order_cancel(*, order: Order, reason: str, by=None) -> Order:
    """Cancel an order: staff while placed or packed, the customer who placed it while placed.

    In one transaction, with the order row locked and re-read (so of two concurrent cancels one
    wins and the other gets a 409, as does cancelling too late): every line's stock goes back to
    the shelf exactly once, and so does its delivery slot's place; what was paid comes back
    (`refund_order_in_full`: an online payment is refunded to its source, a cash payment becomes
    store credit, store credit the order spent is restored), with a GST credit note for everything still on the order; the reason and time are
    recorded on the order and in its history. Anything failing on the way leaves stock, money and
    documents as they were. Once it commits, the customer gets an SMS in their language saying
    what comes back. No fee is kept. `by` is the staff member or customer, or None for the system
    (an abandoned online payment). A customer need not give a reason.
    """
    customer = by is not None and not _is_staff(by)
    reason = clean_cancel_reason(reason, required=not customer) or str(CANCELLED_BY_CUSTOMER)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        _check_cancel_by(locked=locked, by=by)
        locked = _move(order=locked, to_status=Status.CANCELLED, by=by, reason=reason)
        stock_return(list(locked.items.values_list("financial_id", "qty")), reference=locked.stock_reference, by=by)
        slot_release(order=locked)
        refunded = _money_back(order=locked, reason=reason, by=by)
        order_cancelled_sms_after_commit(order=locked, refund=refunded)
    logger.info("order %s cancelled by %s: %s", locked.public_id, getattr(by, "pk", None), reason)
    return _copy_progress(to=order, source=locked)


def _money_back(*, order: Order, reason: str, by) -> Decimal:
    """Give back what a cancelled order was paid (and the store credit it spent), with a credit
    note for the rest of the order; answers what goes back to the payment's source. (Store credit
    given back is texted by `payments.refunds` itself.)"""
    if not (order.is_paid or order.store_credit_applied):
        return ZERO
    # payments builds on orders (it imports this module), so orders reach it only here.
    from payments.refunds import refund_order_in_full

    back = refund_order_in_full(order=order, reason=reason, by=by)
    credit_note_issue_for_rest(order=order, reason=reason, by=by)
    return back.refund.amount if back.refund is not None else ZERO
