"""The customer's order SMS: sent only after the order's transaction commits, and nothing that goes
wrong while sending (a broker that is down, a provider error) can undo or fail the order."""

from decimal import Decimal

from django.utils import translation

from catalog.labels import pack_label
from delivery.slots import slot_label
from notifications.messages import order_cancelled_text, order_changed_text, order_text, slot_moved_text
from notifications.services import sms_after_commit
from orders.models import Order, OrderItem, SlotBooking
from orders.selectors import booking_of


def _delivery(order: Order):
    """The order's delivery slot, named when called (in the SMS's language); None without one."""
    booking = booking_of(order)
    if booking is None:
        return None
    return lambda: slot_label(booking.date, booking.start, booking.end)


def order_sms_after_commit(*, order: Order, event: str) -> None:
    """Text the order's customer, in their language, about `event` (a key of ORDER_TEXTS) once the
    surrounding transaction commits; a placed order's text names its delivery slot."""
    customer = order.user
    sms_after_commit(
        phone_no=customer.phone_no,
        text=order_text(
            event=event,
            order_id=order.public_id,
            invoice_number=order.invoice_number,
            total=order.total_price,
            reason=order.cancel_reason,
            language=customer.language,
            delivery=_delivery(order) if event == Order.Status.PLACED else None,
        ),
        about=f"{event} SMS for order {order.public_id}",
    )


def order_cancelled_sms_after_commit(*, order: Order, refund: Decimal) -> None:
    """Text the customer of a cancelled order, in their language, once the cancellation commits,
    with the `refund` on its way to the payment's source (store credit is texted as it is added)."""
    customer = order.user
    sms_after_commit(
        phone_no=customer.phone_no,
        text=order_cancelled_text(
            order_id=order.public_id,
            invoice_number=order.invoice_number,
            reason=order.cancel_reason,
            refund=refund,
            language=customer.language,
        ),
        about=f"cancelled SMS for order {order.public_id}",
    )


def order_changed_sms_after_commit(*, order: Order, before: str, before_qty: int, after: OrderItem | None) -> None:
    """Text the customer, in their language, what staff changed in one line at packing (`before`
    is the line's pack as it read, `after` the line now, None when removed) once it commits."""
    customer = order.user
    new_pack = pack_label(after, named=True) if after is not None else ""
    sms_after_commit(
        phone_no=customer.phone_no,
        text=order_changed_text(
            invoice_number=order.invoice_number,
            old_pack=before,
            old_qty=before_qty,
            new_pack=new_pack,
            new_qty=after.qty if after is not None else 0,
            total=order.total_price,
            language=customer.language,
        ),
        about=f"line changed SMS for order {order.public_id}",
    )


def order_slot_moved_sms_after_commit(*, order: Order, booking: SlotBooking) -> None:
    """Text the customer, in their language, the order's new delivery slot once the move commits."""
    customer = order.user
    with translation.override(customer.language):
        delivery = slot_label(booking.date, booking.start, booking.end)
    sms_after_commit(
        phone_no=customer.phone_no,
        text=slot_moved_text(invoice_number=order.invoice_number, delivery=delivery, language=customer.language),
        about=f"slot moved SMS for order {order.public_id}",
    )
