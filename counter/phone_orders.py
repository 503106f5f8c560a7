"""Orders taken by a cashier on the phone or from a WhatsApp message.

A phone order is an ordinary order: it is placed through `checkout.placement.order_place`, the same
placement as the website's (server prices, the packs' row locks, the slot, the invoice number), with
`channel=phone` and the cashier recorded on its first event; the view runs it under the cashier's
`Idempotency-Key`, so a retry after a timeout lands once. From then on the board, the pick list,
the delivery sheet, the shopper's My Orders, the SMS and the reports treat it as any other.

The customer is found by their phone number; a number with no account gets one made for it with no
password (`accounts.services.user_create_unclaimed`), which the owner of the number claims later
through the OTP sign-up, finding their orders there. The address given (a new one or a corrected
one) becomes the customer's saved address, as the website's shipping step does, so the
placement's rule "the order goes to the saved, deliverable address" holds for both.

Paying: cash (or UPI) at the door, or a payment link: the order is an online one, and
`phone_order_payment_link_send` starts a payment with the gateway and texts its link. That is a
separate step after the order commits: a gateway that is down leaves the order placed, and the
cashier sends the link again.
"""

import logging
from dataclasses import dataclass
from urllib.parse import quote

from django.conf import settings
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy

from accounts.models import User
from accounts.rules import clean_phone
from accounts.services import user_address_set, user_create_unclaimed
from catalog.models import Financial
from checkout import placement
from common.errors import Conflict, DomainError, NotFound
from counter.error_codes import CounterErrorCode
from counter.models import PhoneOrder
from delivery.slots import slot_label
from notifications.messages import order_summary_text, payment_link_text
from notifications.services import sms_after_commit
from orders.models import Order
from orders.selectors import booking_of
from payments.models import Payment
from payments.services import payment_initiate

logger = logging.getLogger(__name__)

CASH = "cash"
LINK = "link"
PAYMENTS = {CASH: Order.PaymentMethod.CASH_OR_UPI, LINK: Order.PaymentMethod.ONLINE}

CUSTOMER_INACTIVE = gettext_lazy("The account of {phone} is closed; it cannot order.")
NAME_FOR_NEW = gettext_lazy("{phone} has no account yet: type the customer's name to make one.")
ADDRESS_NEEDED = gettext_lazy("{phone} has no saved address: type the delivery address.")
PAYMENT_UNKNOWN = gettext_lazy("Choose cash at the door or a payment link.")
UNKNOWN_PACK = gettext_lazy("Item {position}: no pack has this id.")
NO_ACCOUNT_YET = gettext_lazy("No account has this number yet; the order will make one.")
NOT_A_PHONE_ORDER = gettext_lazy("Phone order not found.")
NO_LINK_FOR_CASH = gettext_lazy("This order is paid at the door; it has no payment link.")


class InvalidPhoneOrder(DomainError):
    status = 400


@dataclass(frozen=True)
class PhoneLine:
    financial_id: int
    qty: int


@dataclass(frozen=True)
class Customer:
    """Who the cashier is talking to: their number, and for a new account their name and language."""

    phone_no: str
    name: str = ""
    language: str = settings.LANGUAGE_CODE


def _line_requests(lines: list[PhoneLine]) -> list[placement.LineRequest]:
    """The cashier names packs; the placement's lines also name the pack's brand and product."""
    packs = Financial.objects.select_related("detail").in_bulk([line.financial_id for line in lines])
    requests = []
    for position, line in enumerate(lines, start=1):
        pack = packs.get(line.financial_id)
        if pack is None:
            raise InvalidPhoneOrder(UNKNOWN_PACK.format(position=position))
        requests.append(
            placement.LineRequest(
                product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=line.qty
            )
        )
    return requests


def phone_order_quote(*, lines: list[PhoneLine]) -> placement.Totals:
    """What the order would cost now, to read out to the shopper (priced by the placement's owner)."""
    return placement.order_totals(_line_requests(lines))


def customer_lookup(*, phone_no) -> User | None:
    """The account of this number, if it has one (the screen shows its name and saved address)."""
    return User.objects.filter(phone_no=clean_phone(phone_no)).first()


def _customer(customer: Customer) -> tuple[User, bool]:
    phone = clean_phone(customer.phone_no)
    user = User.objects.filter(phone_no=phone).first()
    if user is not None:
        if not user.is_active:
            raise InvalidPhoneOrder(CUSTOMER_INACTIVE.format(phone=phone))
        return user, False
    if not str(customer.name or "").strip():
        raise InvalidPhoneOrder(NAME_FOR_NEW.format(phone=phone))
    return user_create_unclaimed(phone_no=phone, name=customer.name, language=customer.language), True


def phone_order_place(
    *,
    cashier,
    customer: Customer,
    lines: list[PhoneLine],
    address: placement.Address | None,
    payment: str,
    client_totals: placement.Totals,
    delivery_slot: str | None = None,
    via: str = PhoneOrder.Via.PHONE,
    substitution_preference: str = Order.SubstitutionPreference.CALL,
    buyer: tuple[str, str] = ("", ""),
) -> PhoneOrder:
    """Place the order the cashier took for `customer` (found or made by number), to `address` (their
    saved one when None), paid `payment` (`CASH` at the door or by `LINK`), with a business `buyer`
    (GSTIN, legal name) for a B2B invoice when given. All or nothing: a refused placement (stock,
    prices, slot, address, buyer) leaves no account, address or order behind."""
    if payment not in PAYMENTS:
        raise InvalidPhoneOrder(PAYMENT_UNKNOWN)
    if via not in PhoneOrder.Via.values:
        raise InvalidPhoneOrder(gettext("Say whether the order came by phone or WhatsApp."))
    requests = _line_requests(lines)
    with transaction.atomic():
        user, created = _customer(customer)
        if address is not None:
            user_address_set(user=user, street=address.street, city=address.city, postal_code=address.postal_code)
        elif not user.has_complete_address:
            raise InvalidPhoneOrder(ADDRESS_NEEDED.format(phone=user.phone_no))
        order = placement.order_place(
            user=user,
            items=requests,
            shipping_address=placement.Address(street=user.street, city=user.city, postal_code=user.postal_code),
            payment_method=PAYMENTS[payment],
            client_totals=client_totals,
            substitution_preference=substitution_preference,
            delivery_slot=delivery_slot,
            channel=Order.Channel.PHONE,
            placed_by=cashier,
            buyer=buyer,
        )
        phone_order = PhoneOrder.objects.create(order=order, via=via, taken_by=cashier, customer_created=created)
    logger.info("phone order %s taken by %s (%s)", order.public_id, cashier.pk, via)
    return phone_order


def phone_order_get(*, public_id: str) -> PhoneOrder:
    found = (
        PhoneOrder.objects.select_related("order__user", "taken_by")
        .prefetch_related("order__items")
        .filter(order__public_id=str(public_id)[:21])
        .first()
    )
    if found is None:
        raise NotFound(NOT_A_PHONE_ORDER)
    return found


def _open_link(order: Order) -> str:
    payment = (
        Payment.objects.filter(order=order)
        .exclude(payment_link="")
        .filter(status__in=[Payment.Status.NEW, Payment.Status.PENDING])
        .order_by("-id")
        .first()
    )
    return payment.payment_link if payment else ""


def phone_order_payment_link_send(*, public_id: str, by) -> PhoneOrder:
    """Start (or resume) the order's online payment with the gateway and text its link to the
    shopper, in their language. Sending again texts the same live link (the gateway session is
    resumed, not doubled: `payments.services.payment_initiate`)."""
    phone_order = phone_order_get(public_id=public_id)
    order = phone_order.order
    if order.payment_method != Order.PaymentMethod.ONLINE:
        raise Conflict(NO_LINK_FOR_CASH, code=CounterErrorCode.PAID_AT_DOOR)
    payment, _status = payment_initiate(user=order.user, public_id=order.public_id)
    with transaction.atomic():
        sms_after_commit(
            phone_no=order.user.phone_no,
            text=payment_link_text(
                amount=payment.amount,
                invoice_number=order.invoice_number,
                link=payment.payment_link,
                language=order.user.language,
            ),
            about=f"payment link SMS for order {order.public_id}",
        )
        PhoneOrder.objects.filter(pk=phone_order.pk).update(payment_link_sent_at=timezone.now())
    logger.info("payment link for phone order %s sent by %s", order.public_id, getattr(by, "pk", None))
    return phone_order_get(public_id=public_id)


def whatsapp_link(phone_order: PhoneOrder) -> str:
    """The order's summary as a prepared WhatsApp message to the shopper's number (`wa.me`), which the
    cashier sends from the shop's phone: a shopper who ordered on WhatsApp expects the answer there."""
    order = phone_order.order
    booking = booking_of(order)
    customer = order.user
    telugu = customer.language == "te"
    with translation.override(customer.language):
        text = order_summary_text(
            order_id=order.public_id,
            invoice_number=order.invoice_number,
            lines=[
                (f"{item.brand} {item.name_te if telugu and item.name_te else item.name}", item.qty)
                for item in order.items.all()
            ],
            total=order.total_price,
            language=customer.language,
            delivery=slot_label(booking.date, booking.start, booking.end) if booking else "",
            pay_link=_open_link(order)
            if order.payment_method == Order.PaymentMethod.ONLINE and not order.is_paid
            else "",
        )
    return f"https://wa.me/91{customer.phone_no}?text={quote(text)}"
