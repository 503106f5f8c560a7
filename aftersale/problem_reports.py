"""A problem report's outcome that moves money: approving a ticket gives back a GST credit note and
the money for the reported packs, in one transaction.

A flow above `support`, `orders` and `payments` (none of them imports it): the ticket, its lock and
its decision are support's (`support.services`), the credit note orders' (`orders.credit_notes`),
where the money goes payments' (`payments.refunds.money_back`). Rejecting, acknowledging and
resolving move no money and stay in support.

Locks, in support's order: the order's row, then the ticket's (`ticket_locked`), then, inside
`money_back`, the payment and the credit account, then the credit note's series.
"""

import logging
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

from common.errors import Conflict, InvalidValue
from common.money import round_to_paise
from common.text import TICKET_REASON, shop_reason
from orders.credit_notes import credit_note_issue_value
from orders.events import announce_order_changed
from payments.refunds import money_back
from support.models import Ticket
from support.services import (
    ticket_claim_value,
    ticket_decide,
    ticket_locked,
    ticket_still_open,
    ticket_text_shopper,
)

logger = logging.getLogger(__name__)

NOT_ABOUT_ORDER = gettext_lazy("Ticket {ticket} is not about an order; nothing can be refunded.")
ORDER_UNPAID = gettext_lazy(
    "Order {order} is not paid yet: record its payment before approving ticket {ticket}, so the money can go back."
)
AMOUNT_TOO_HIGH = gettext_lazy("The amount can be at most ₹{most}, the value of the reported packs.")
AMOUNT_NOT_POSITIVE = gettext_lazy("The amount must be more than ₹0.")


def ticket_approve(*, number: str, by, amount: Decimal | None = None) -> Ticket:
    """Approve an open problem report: in one transaction, a GST credit note for the reported packs,
    the money back (`payments.refunds.money_back`: a refund to the payment of an online order,
    store credit for a paid cash order), the decision; then an SMS to the shopper (for store credit,
    the one `money_back` sends). An order not yet paid is refused (409 `order_unpaid`).

    The credit note states exactly the value that goes back: the reported packs' whole value when
    staff keep the amount, else a value credit note for the lowered amount against those packs
    (`orders.credit_notes.credit_note_issue_value`: its GST split back out at each line's rate,
    HSN kept), so the invoice less its credit notes is what the shopper paid and kept paying.

    `amount` defaults to the reported packs' value and may be lowered, never raised (400). A
    ticket already decided answers 409, so concurrent approvals give back money once.
    """
    with transaction.atomic():
        order, ticket = ticket_locked(number)
        ticket_still_open(ticket)
        if order is None:
            raise Conflict(NOT_ABOUT_ORDER.format(ticket=ticket.number), code="ticket_without_order")
        if not order.is_paid:
            # Nothing was paid to give back, and a delivered order's total is not lowered here.
            raise Conflict(ORDER_UNPAID.format(order=order.invoice_number, ticket=ticket.number), code="order_unpaid")
        most = ticket_claim_value(ticket=ticket)
        amount = most if amount is None else round_to_paise(Decimal(amount))
        if amount <= 0:
            raise InvalidValue(AMOUNT_NOT_POSITIVE)
        if amount > most:
            raise InvalidValue(AMOUNT_TOO_HIGH.format(most=most), code="amount_exceeds_claim", most=most)
        lines = [(line.order_item, line.quantity) for line in ticket.lines.select_related("order_item")]
        reason = shop_reason(TICKET_REASON, number=ticket.number)
        note = credit_note_issue_value(order=order, lines=lines, amount=amount, reason=reason, by=by)
        back = money_back(order=order, amount=amount, reason=reason, by=by)
        now = timezone.now()
        ticket_decide(ticket, by=by, status=Ticket.Status.APPROVED, now=now)
        ticket.amount_approved = amount
        ticket.outcome = back.kind
        ticket.refund_id = back.refund.pk if back.refund is not None else None
        ticket.credit_entry_id = back.credit_entry.pk if back.credit_entry is not None else None
        ticket.credit_note_id = note.pk if note is not None else None
        ticket.save()
        announce_order_changed(order_id=order.pk)  # its problem is closed (once, with the money's own)
        if back.kind != "credit":
            # Store credit is texted by `money_back` itself (the amount and the new balance).
            ticket_text_shopper(ticket=ticket, event=back.kind, amount=amount)
    logger.info("ticket %s approved by %s: %s %s", ticket.number, getattr(by, "pk", None), back.kind, amount)
    return ticket
