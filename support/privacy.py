"""What support holds about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py):
their tickets, problem reports and grievances alike, with the lines and the contact details.

Erasure clears how to reach them (the contact's name, phone and email) and takes them out of the
tickets' texts; the ticket's number, kind, dates, outcome, amount approved and the ids of the
refund, credit entry and credit note stay, as the money they record is in the books.
"""

from common.scrub import scrub_text
from orders.privacy import personal_identifiers
from support.models import Ticket


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user) -> dict:
    """The tickets, their order, lines and those lines' items, in three queries whatever their number."""
    tickets = (
        Ticket.objects.filter(user=user)
        .select_related("order")
        .prefetch_related("lines__order_item")
        .order_by("opened_at", "id")
    )
    return {
        "tickets": [
            {
                "number": ticket.number,
                "kind": ticket.kind,
                "status": ticket.status,
                "openedAt": _iso(ticket.opened_at),
                "order": ticket.order.public_id if ticket.order else None,
                "text": ticket.text,
                "contact": {"name": ticket.contact_name, "phone": ticket.contact_phone, "email": ticket.contact_email},
                "lines": [
                    {"item": line.order_item.name, "problem": line.problem, "quantity": line.quantity}
                    for line in ticket.lines.all()
                ],
                "decision": ticket.decision_reason,
            }
            for ticket in tickets
        ],
    }


def personal_data_erase(user) -> dict[str, int]:
    """The contact details on every ticket of theirs, and the person out of its texts (the
    shopper's own and staff's decision: `common.scrub`, their name, numbers, email and addresses,
    and any email or mobile number at all). A ticket with a user needs no phone of its own to be
    answered (support.Ticket's constraint)."""
    tickets = list(Ticket.objects.filter(user=user).only("pk", "text", "decision_reason", *_CONTACT).order_by("pk"))
    contacts = [getattr(ticket, field) for ticket in tickets for field in _CONTACT]
    values = personal_identifiers(user, others=contacts)
    texts = 0
    for ticket in tickets:
        text, reason = scrub_text(ticket.text, values), scrub_text(ticket.decision_reason, values)
        if (text, reason) != (ticket.text, ticket.decision_reason):
            Ticket.objects.filter(pk=ticket.pk).update(text=text, decision_reason=reason)
            texts += 1
    cleared = Ticket.objects.filter(user=user).update(contact_name="", contact_phone="", contact_email="")
    return {"tickets": cleared, "ticketTexts": texts}


_CONTACT = ("contact_name", "contact_phone", "contact_email")
