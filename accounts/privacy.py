"""The Digital Personal Data Protection Act 2023 in the shop (issue 28): the notice shown at
sign-up, consent with its notice version and time, withdrawing the optional consent, a shopper's
copy of their data, and deleting an account.

Deleting an account is two steps. At the shopper's request (`account_deletion_request`) the
account becomes inactive at once: no sign-in, every token refused (`accounts.authentication`
refuses inactive users), the token in hand revoked. Its personal data is then erased
(`personal_data_erase`) by a Celery task queued after the request commits, and again by the hourly
`purge_personal_data` for any request an hour old that is still not erased (a lost task).

What erasure keeps, and why (README "Personal data"): the orders, their lines, their GST amounts,
invoice and credit-note numbers, dates and place of supply stay, tied to the pseudonymised user,
because the CGST Act 2017 s.36 with Rule 56 has a registered person keep its accounts and invoices
for 72 months from the annual return's due date. Rule 46 asks for the recipient's name and address
on a B2C invoice only from ₹50,000, so an order of that value keeps its delivery address; every
other order's street, city and pincode are erased. Everything else personal goes: the name
("Deleted user"), the phone number (a placeholder that is not a phone number, so the number can
register again), the address and location, the contact details of support tickets, stock alerts,
OTP records and the SMS outbox rows to the number.
"""

import json
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.db.models import Prefetch, QuerySet
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.errors import CANNOT_DELETE_ADMIN, Conflict, InvalidInput
from accounts.models import Consent, PhoneOtp, User
from accounts.roles import is_staff_member, role_of
from accounts.rules import clean_language
from accounts.tokens import access_token_revoke
from common.fields import money
from common.seller import seller
from notifications.models import SmsMessage, StockAlert
from orders.models import Order, OrderItem
from support.models import Ticket

# The notice's version: change it whenever the notice says something new, so each consent names
# the text the shopper was shown.
NOTICE_VERSION = "2026-11-26"

# Registration: the version the client showed must be this one (an old client sends none).
NOTICE_CHANGED = gettext_lazy("The privacy notice has changed. Please read it again and register.")
OPEN_ORDERS = gettext_lazy(
    "You have an order that is not delivered yet. You can delete your account once it is delivered or cancelled."
)
ACCOUNT_DELETED = gettext_lazy("Your account is deleted. Your personal data will be erased within 24 hours.")
ERASED_NAME = "Deleted user"

# A B2C invoice names the recipient and the delivery address from this value (CGST Rules, rule 46).
INVOICE_NEEDS_ADDRESS_FROM = Decimal("50000")
# The hourly purge leaves a request this young to the task it queued.
ERASE_AFTER = timedelta(hours=1)


def privacy_notice() -> dict:
    """The itemised notice of DPDP Act s.5 in the active language: what, why, how to withdraw or
    complain, whom to contact (the grievance officer from the seller settings, common/seller.py)."""
    found = seller()
    officer = ", ".join(
        part
        for part in (found.officer_name, found.officer_designation, found.officer_phone, found.officer_email)
        if part
    )
    items = [
        {
            "key": "collected",
            "title": gettext("What we collect"),
            "text": gettext(
                "Your name, mobile number and password; your delivery address and, if you share it, your "
                "location; your orders and the problems you report."
            ),
        },
        {
            "key": "purpose",
            "title": gettext("Why"),
            "text": gettext(
                "To run your account, deliver your orders, send order and OTP messages by SMS, issue GST "
                "invoices and answer your complaints. We do not sell your data."
            ),
        },
        {
            "key": "offers",
            "title": gettext("Offers by SMS (optional)"),
            "text": gettext("Only if you tick the box below. You can stop them at any time in your profile."),
        },
        {
            "key": "rights",
            "title": gettext("Your choices"),
            "text": gettext(
                "In your profile you can withdraw consent for offers, download your data and delete your "
                "account. Invoices are kept for the time tax law requires."
            ),
        },
        {
            "key": "contact",
            "title": gettext("Questions or complaints"),
            "text": gettext(
                "Grievance Officer: %(officer)s. You may also complain to the Data Protection Board of India."
            )
            % {"officer": officer or found.care_phone},
        },
    ]
    return {
        "version": NOTICE_VERSION,
        "items": items,
        "agreement": gettext("By registering you agree to this use of your data."),
        "offerSmsLabel": gettext("Send me offers by SMS"),
    }


# --- Consent ------------------------------------------------------------------------------------


def consent_check_notice_version(version) -> None:
    """A client that showed the notice names its version; an old one (None) showed none."""
    if version not in (None, "") and str(version) != NOTICE_VERSION:
        raise Conflict(NOTICE_CHANGED)


def consents_record_at_registration(*, user: User, offer_sms: bool, language: str) -> None:
    """Registering is consenting to the essential processing the notice describes; `offer_sms`
    only when the shopper ticked it."""
    now = timezone.now()
    purposes = [Consent.Purpose.ESSENTIAL] + ([Consent.Purpose.OFFER_SMS] if offer_sms else [])
    Consent.objects.bulk_create(
        Consent(user=user, purpose=purpose, notice_version=NOTICE_VERSION, language=language, granted_at=now)
        for purpose in purposes
    )


def offer_sms_allowed(*, user: User) -> bool:
    return Consent.objects.filter(user=user, purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True).exists()


def users_accepting_offer_sms() -> QuerySet[User]:
    """Whom an offer SMS may go to: active accounts with an offer consent not withdrawn. The shop
    sends no offers by SMS yet; whatever does must pick its recipients here."""
    consenting = Consent.objects.filter(purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True)
    return User.objects.filter(is_active=True, pk__in=consenting.values("user_id"))


@transaction.atomic
def offer_sms_set(*, user: User, allowed: bool, language: str = "") -> bool:
    """Grant (a new consent under the current notice) or withdraw (the open one closes); asking for
    the state it is already in changes nothing."""
    User.objects.select_for_update().filter(pk=user.pk).first()  # two taps at once: one row
    open_consents = Consent.objects.filter(user=user, purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True)
    if allowed and not open_consents.exists():
        Consent.objects.create(
            user=user,
            purpose=Consent.Purpose.OFFER_SMS,
            notice_version=NOTICE_VERSION,
            language=clean_language(language or user.language),
        )
    elif not allowed:
        open_consents.update(withdrawn_at=timezone.now())
    return bool(allowed)


# --- Download my data ---------------------------------------------------------------------------


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(*, user: User) -> dict:
    """Everything the shop holds about the shopper, in the same queries whatever its size (six at
    most): the orders, their lines, the tickets, their lines and those lines' items, the consents."""
    orders = (
        Order.objects.filter(user=user)
        .order_by("created_at", "id")
        .prefetch_related(Prefetch("items", queryset=OrderItem.objects.order_by("id")))
    )
    tickets = (
        Ticket.objects.filter(user=user)
        .select_related("order")
        .prefetch_related("lines__order_item")
        .order_by("opened_at", "id")
    )
    return {
        "exportedAt": _iso(timezone.now()),
        "profile": {
            "name": user.name,
            "phoneNo": user.phone_no,
            "language": user.language,
            "dateJoined": _iso(user.date_joined),
            "isAdmin": user.is_staff,
            "role": role_of(user),
        },
        "addresses": [
            {
                "street": user.street,
                "city": user.city,
                "postalCode": user.postal_code,
                "location": (
                    {"latitude": float(user.latitude), "longitude": float(user.longitude)}
                    if user.latitude is not None and user.longitude is not None
                    else None
                ),
            }
        ]
        if (user.street or user.city or user.postal_code or user.latitude is not None)
        else [],
        "orders": [
            {
                "_id": order.public_id,
                "invoiceNumber": order.invoice_number,
                "createdAt": _iso(order.created_at),
                "status": order.status,
                "shippingAddress": {
                    "address": order.shipping_street,
                    "city": order.shipping_city,
                    "postalCode": order.shipping_postal_code,
                },
                "placeOfSupply": order.place_of_supply,
                "paymentMethod": order.payment_method,
                "itemsPrice": money(order.items_price),
                "shippingPrice": money(order.shipping_price),
                "totalPrice": money(order.total_price),
                "isPaid": order.is_paid,
                "paidAt": _iso(order.paid_at),
                "deliveredAt": _iso(order.delivered_at),
                "orderItems": [
                    {
                        "name": item.name,
                        "brand": item.brand,
                        "quantity": item.quantity,
                        "units": item.units,
                        "qty": item.qty,
                        "price": money(item.price),
                        "lineTotal": money(item.line_total),
                    }
                    for item in order.items.all()
                ],
            }
            for order in orders
        ],
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
        "consents": [
            {
                "purpose": consent.purpose,
                "noticeVersion": consent.notice_version,
                "language": consent.language,
                "grantedAt": _iso(consent.granted_at),
                "withdrawnAt": _iso(consent.withdrawn_at),
            }
            for consent in Consent.objects.filter(user=user).order_by("granted_at", "id")
        ],
    }


def _wire_number(value):
    """Money as the API writes it: a JSON number (`120`, `120.5`)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def personal_data_json(*, user: User) -> bytes:
    return json.dumps(personal_data_export(user=user), ensure_ascii=False, indent=2, default=_wire_number).encode()


# --- Delete my account --------------------------------------------------------------------------


def account_deletion_request(*, user: User, token=None) -> User:
    """The shopper's own request (the caller checked the password): the account stops at once and
    its personal data is erased by a task queued after commit. Refused while an order is still on
    its way (its delivery needs the address) and for admins (the shop keeps one)."""
    if is_staff_member(user):
        raise InvalidInput(CANNOT_DELETE_ADMIN)
    with transaction.atomic():
        locked = User.objects.select_for_update().get(pk=user.pk)
        open_statuses = [Order.Status.PLACED, Order.Status.PACKED, Order.Status.DISPATCHED]
        if Order.objects.filter(user=locked, status__in=open_statuses).exists():
            raise Conflict(OPEN_ORDERS)
        if locked.deletion_requested_at is None:
            locked.deletion_requested_at = timezone.now()
        locked.is_active = False
        locked.save(update_fields=["deletion_requested_at", "is_active"])
        Consent.objects.filter(user=locked, withdrawn_at__isnull=True).update(withdrawn_at=timezone.now())
        if token is not None:
            access_token_revoke(token=token, user=locked)
        transaction.on_commit(lambda: _queue_erase(locked.pk), robust=True)
    return locked


def _queue_erase(user_id: int) -> None:
    from accounts.tasks import erase_personal_data

    erase_personal_data.delay(user_id)


def erased_phone(user_id: int) -> str:
    """Unique and never a phone number (those start 6-9): `d` and the id, 10 characters."""
    return f"d{user_id:09d}"


@transaction.atomic
def personal_data_erase(*, user_id: int) -> bool:
    """Pseudonymise one account whose deletion was requested; False when there is nothing to do
    (never requested, or already erased). See the module's docstring for what stays."""
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None or user.deletion_requested_at is None or user.erased_at is not None:
        return False
    phone = user.phone_no
    (
        Order.objects.filter(user=user, total_price__lt=INVOICE_NEEDS_ADDRESS_FROM).update(
            shipping_street="", shipping_city="", shipping_postal_code=""
        )
    )
    # A ticket with a user needs no phone of its own to be answered (support.Ticket's constraint).
    Ticket.objects.filter(user=user).update(contact_name="", contact_phone="", contact_email="")
    StockAlert.objects.filter(user=user).delete()
    PhoneOtp.objects.filter(phone_no=phone).delete()
    SmsMessage.objects.filter(phone_no=phone).delete()
    user.name = ERASED_NAME
    user.phone_no = erased_phone(user.pk)
    user.street = user.city = user.postal_code = ""
    user.latitude = user.longitude = None
    user.is_active = False
    user.set_unusable_password()
    user.erased_at = timezone.now()
    user.save()
    return True


def personal_data_purge(*, now: bool = False) -> dict[str, int]:
    """Erase every account whose deletion is due (requested `ERASE_AFTER` ago; with `now`, every
    requested one); the counts for `manage.py purge_personal_data`."""
    pending = User.objects.filter(deletion_requested_at__isnull=False, erased_at__isnull=True)
    due = pending if now else pending.filter(deletion_requested_at__lte=timezone.now() - ERASE_AFTER)
    erased = sum(personal_data_erase(user_id=user_id) for user_id in list(due.values_list("pk", flat=True)))
    return {"erased": erased, "waiting": pending.count()}


def phone_free_for_registration(*, phone_no: str) -> None:
    """A number whose account is being deleted registers again at once: that account's data is
    erased now rather than within the day."""
    for user_id in User.objects.filter(
        phone_no=phone_no, deletion_requested_at__isnull=False, erased_at__isnull=True
    ).values_list("pk", flat=True):
        personal_data_erase(user_id=user_id)
