"""Grievances (Consumer Protection (E-Commerce) Rules 2020, rule 4(4)-(5)): anyone, signed in or
not, files a complaint on /grievance.html and gets a ticket number at once (and by SMS); staff
acknowledge it and resolve it with an answer within the clocks of `support.clocks`; the person
follows it by ticket number and phone number.

A grievance is a `Ticket` of kind grievance in the same queue as the problem reports, numbered from
the same sequence. Locks: the ticket's row alone (a grievance has no order to lock first).
"""

import logging

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from accounts.errors import InvalidInput
from accounts.rules import clean_phone, typed_phone
from common.errors import Conflict, InvalidValue, NotFound
from common.text import clean_text
from notifications.budget import sms_budget_allows
from notifications.services import sms_after_commit
from support.models import Ticket
from support.services import TEXT_MAX_LENGTH, TICKET_NOT_FOUND, next_ticket_number

logger = logging.getLogger(__name__)

NAME_MAX_LENGTH = Ticket._meta.get_field("contact_name").max_length
ANSWER_MAX_LENGTH = Ticket._meta.get_field("decision_reason").max_length
COMPLAINT_LABEL = gettext_lazy("Your complaint")
NAME_LABEL = gettext_lazy("Your name")
ANSWER_LABEL = gettext_lazy("The answer")
EMAIL_INVALID = gettext_lazy("Please enter a valid e-mail address, or leave it empty.")
NOT_A_GRIEVANCE = gettext_lazy("Ticket {ticket} is a problem report: approve or reject it instead.")
ALREADY_CLOSED = gettext_lazy("Ticket {ticket} is already {status}.")
FILED_TEXT = gettext_lazy(
    "We have your complaint to {store}. Your ticket number is {ticket}. We will acknowledge it within "
    "48 hours and resolve it within 30 days. Status: {site}/grievance.html"
)
RESOLVED_TEXT = gettext_lazy("Your {store} complaint {ticket} is resolved: {answer}")


def _proven(ticket: Ticket, phone: str) -> bool:
    """The number is known to be its owner's: the signed-in filer's own, or an account's (each
    proved by an OTP when it registered)."""
    from accounts.models import User

    if ticket.user_id and ticket.user.phone_no == phone:
        return True
    return User.objects.filter(phone_no=phone).exists()


def _sms(*, ticket: Ticket, text, language: str, **values) -> None:
    phone = ticket.contact_phone or (ticket.user.phone_no if ticket.user_id else "")
    if not sms_budget_allows(phone_no=phone, proven=_proven(ticket, phone)):
        # The ticket stands and its number is on the page; only the text to a number nobody
        # proved is held back while the shop's SMS budget is spent (issue 46.3).
        logger.warning("grievance SMS for ticket %s not sent: the shop's SMS budget is spent", ticket.number)
        return
    with translation.override(language):
        body = str(text).format(
            store=settings.STORE_NAME, ticket=ticket.number, site=settings.SITE_URL.rstrip("/"), **values
        )
    sms_after_commit(phone_no=phone, text=body, about=f"grievance SMS for ticket {ticket.number}")


def _clean_email(value) -> str:
    email = str(value or "").strip()
    if email:
        try:
            validate_email(email)
        except ValidationError:
            raise InvalidValue(EMAIL_INVALID) from None
    return email[:254]


def grievance_file(*, user=None, name: str = "", phone: str = "", email: str = "", text: str, language: str) -> Ticket:
    """A grievance with its ticket number, texted to the phone given (a signed-in person's own
    number when none is given). No text, a bad phone or e-mail is a 400."""
    text = clean_text(text, label=COMPLAINT_LABEL, max_length=TEXT_MAX_LENGTH)
    signed_in = user is not None and getattr(user, "is_authenticated", False)
    name = clean_text(name or (user.name if signed_in else ""), label=NAME_LABEL, max_length=NAME_MAX_LENGTH)
    phone = typed_phone(phone) if phone else clean_phone(user.phone_no if signed_in else "")
    with transaction.atomic():
        ticket = Ticket.objects.create(
            number=next_ticket_number(),
            kind=Ticket.Kind.GRIEVANCE,
            user=user if signed_in else None,
            contact_name=name,
            contact_phone=phone,
            contact_email=_clean_email(email),
            text=text,
        )
        _sms(ticket=ticket, text=FILED_TEXT, language=language)
    logger.info("grievance %s filed", ticket.number)
    return ticket


def grievance_status(*, number: str, phone: str) -> Ticket:
    """The grievance or report with this number, for the phone number it was filed with (or its
    shopper's). Any mismatch is the same 404, so the page tells nobody which numbers exist."""
    try:
        phone = typed_phone(phone)
    except InvalidInput:
        phone = ""
    ticket = Ticket.objects.select_related("user").filter(number=str(number or "").strip().upper()[:20]).first()
    if ticket is None or not phone or phone not in (ticket.contact_phone, getattr(ticket.user, "phone_no", None)):
        raise NotFound(TICKET_NOT_FOUND)
    return ticket


def _locked_ticket(number: str) -> Ticket:
    ticket = Ticket.objects.select_for_update().filter(number=str(number)[:20]).first()
    if ticket is None:
        raise NotFound(TICKET_NOT_FOUND)
    return ticket


def ticket_acknowledge(*, number: str, by) -> Ticket:
    """Stop the 48-hour clock of a ticket of either kind (a second acknowledgement changes nothing)."""
    with transaction.atomic():
        ticket = _locked_ticket(number)
        if ticket.acknowledged_at is None:
            ticket.acknowledged_at = timezone.now()
            ticket.save(update_fields=["acknowledged_at"])
    logger.info("ticket %s acknowledged by %s", ticket.number, getattr(by, "pk", None))
    return ticket


def grievance_resolve(*, number: str, by, answer: str, language: str = "en") -> Ticket:
    """Close an open grievance with the answer the person reads (on the status page and by SMS)."""
    answer = clean_text(answer, label=ANSWER_LABEL, max_length=ANSWER_MAX_LENGTH)
    with transaction.atomic():
        ticket = _locked_ticket(number)
        if ticket.kind != Ticket.Kind.GRIEVANCE:
            raise Conflict(NOT_A_GRIEVANCE.format(ticket=ticket.number))
        if not ticket.is_open:
            raise Conflict(ALREADY_CLOSED.format(ticket=ticket.number, status=ticket.get_status_display()))
        now = timezone.now()
        ticket.status = Ticket.Status.RESOLVED
        ticket.resolved_at = now
        ticket.acknowledged_at = ticket.acknowledged_at or now
        ticket.decided_by = by if getattr(by, "is_authenticated", False) else None
        ticket.decision_reason = answer
        ticket.save()
        language = ticket.user.language if ticket.user_id else language
        _sms(ticket=ticket, text=RESOLVED_TEXT, language=language, answer=answer)
    logger.info("grievance %s resolved by %s", ticket.number, getattr(by, "pk", None))
    return ticket


def status_label(ticket: Ticket) -> str:
    """What the person reads about where their ticket stands."""
    if not ticket.is_open:
        return ticket.get_status_display()
    return gettext("Acknowledged, being worked on") if ticket.acknowledged_at else gettext("Received")
