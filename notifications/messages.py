"""Every text the shop sends by SMS, in one place: MSG91 sends only DLT-registered templates, so
whoever registers them (and whoever changes a wording) finds them all here, with their Telugu in
locale/te/LC_MESSAGES/django.po.

Each text is written in the language it is asked for (a code of settings.LANGUAGES): the
customer's `User.language`, or, for a number with no account yet, the language of the request
that asked for the code. The language is passed in, never taken from whatever is active, because
order texts are also written by staff actions and background tasks in another language.
"""

from datetime import date
from decimal import Decimal

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from common.dates import format_month
from common.money import rupees

ORDER_TEXTS = {
    "placed": _(
        "Your {store} order {order} for ₹{total} is placed. We will deliver it within 24 hours. "
        "Track it at {site}/order/{order_id}"
    ),
    "dispatched": _("Your {store} order {order} is dispatched and on its way to you."),
    "delivered": _("Your {store} order {order} is delivered. Thank you for shopping with {store}!"),
    "cancelled": _("Your {store} order {order} is cancelled: {reason} Questions? Call {phone}."),
}

# The placed text of an order booked in a delivery slot (`delivery` is the slot's label).
PLACED_IN_SLOT_TEXT = _(
    "Your {store} order {order} for ₹{total} is placed. We will deliver it on {delivery}. "
    "Track it at {site}/order/{order_id}"
)


# Appended to a cancelled order's text when its online payment is being refunded.
CANCELLED_REFUND_TEXT = _("₹{refund} will be refunded to your original payment method within 5-7 working days.")


def order_cancelled_text(*, order_id: str, invoice_number: str, reason: str, refund: Decimal, language: str) -> str:
    """The customer's text for a cancelled order, with the refund on its way to the payment's
    source when there is one (store credit given back has a text of its own)."""
    text = order_text(
        event="cancelled",
        order_id=order_id,
        invoice_number=invoice_number,
        total=Decimal("0"),
        reason=reason,
        language=language,
    )
    if refund:
        with translation.override(language):
            text += " " + str(CANCELLED_REFUND_TEXT).format(refund=rupees(refund))
    return text


def otp_text(*, code: str, language: str, minutes: int) -> str:
    with translation.override(language):
        return gettext("Your {store} verification code is {code}. It expires in {minutes} minutes.").format(
            store=settings.STORE_NAME, code=code, minutes=minutes
        )


def order_text(
    *, event: str, order_id: str, invoice_number: str, total: Decimal, language: str, reason: str = "", delivery=None
) -> str:
    """The customer's text for an order status `event` (a key of ORDER_TEXTS), naming the order by its
    invoice number (what the shopper's bill and staff screens show; `order_id` only makes the link); `reason` is why it
    was cancelled, as staff wrote it; `delivery()` names the delivery slot of a placed order (called
    in the customer's language)."""
    with translation.override(language):
        template = PLACED_IN_SLOT_TEXT if event == "placed" and delivery is not None else ORDER_TEXTS[event]
        return str(template).format(
            delivery=delivery() if delivery is not None else "",
            store=settings.STORE_NAME,
            order=invoice_number,
            order_id=order_id,
            total=rupees(total),
            site=settings.SITE_URL.rstrip("/"),
            reason=reason.rstrip(".") + ".",
            phone=settings.STORE_SUPPORT_PHONE,
        )


def order_changed_text(
    *, invoice_number: str, old_pack: str, old_qty: int, new_pack: str, new_qty: int, total: Decimal, language: str
) -> str:
    """A line changed at packing: fewer packs (`new_pack` is `old_pack`), none (`new_qty` 0), or
    another pack instead; `total` is the order's new total."""
    with translation.override(language):
        if not new_qty:
            change = gettext("{pack} removed").format(pack=old_pack)
        elif new_pack == old_pack:
            change = gettext("{pack}: {old} packs now {new}").format(pack=old_pack, old=old_qty, new=new_qty)
        else:
            change = gettext("{old_qty} × {old_pack} replaced by {new_qty} × {new_pack}").format(
                old_qty=old_qty, old_pack=old_pack, new_qty=new_qty, new_pack=new_pack
            )
        return gettext(
            "Your {store} order {order} was changed at packing: {change}. New total ₹{total}. Questions? Call {phone}."
        ).format(
            store=settings.STORE_NAME,
            order=invoice_number,
            change=change,
            total=rupees(total),
            phone=settings.STORE_SUPPORT_PHONE,
        )


def lucky_draw_won_text(*, promotion: str, month: date, language: str) -> str:
    """A winner of `month`'s lucky draw (named as "November 2026", or its Telugu)."""
    with translation.override(language):
        return gettext(
            "Congratulations! Your {store} coupon won the {promotion} lucky draw for {month}. "
            "Please visit the store to collect your prize. Questions? Call {phone}."
        ).format(
            store=settings.STORE_NAME,
            promotion=promotion,
            month=format_month(month),
            phone=settings.STORE_SUPPORT_PHONE,
        )


# Support tickets (support/services.py): a problem reported with a delivered order, and the decision.
TICKET_TEXTS = {
    "opened": _(
        "We have your report about {store} order {order}. Your ticket number is {ticket}. "
        "Follow it at {site}/order/{order_id}/report"
    ),
    "refund": _("Your {store} ticket {ticket} is approved: ₹{amount} is being refunded to your payment."),
    "none": _("Your {store} ticket {ticket} is approved: ₹{amount} is taken off what you owe for the order."),
    "rejected": _("Your {store} ticket {ticket} was not approved: {reason} Questions? Call {phone}."),
}


def ticket_text(
    *,
    event: str,
    ticket: str,
    order_id: str,
    invoice_number: str,
    language: str,
    amount: Decimal | None = None,
    reason: str = "",
) -> str:
    """The shopper's text about their ticket: `event` is a key of TICKET_TEXTS (opened, rejected, or
    what an approval gave back: refund, none; store credit is texted by payments.refunds); `reason` is staff's, as they wrote it."""
    with translation.override(language):
        return str(TICKET_TEXTS[event]).format(
            store=settings.STORE_NAME,
            ticket=ticket,
            order=invoice_number,
            order_id=order_id,
            amount=rupees(amount or Decimal("0")),
            site=settings.SITE_URL.rstrip("/"),
            reason=reason.rstrip(".") + ".",
            phone=settings.STORE_SUPPORT_PHONE,
        )


def refund_text(*, amount: Decimal, invoice_number: str, language: str) -> str:
    """A refund the gateway says reached the shopper's card, UPI or bank."""
    with translation.override(language):
        return gettext(
            "₹{amount} refunded to your original payment method for {store} order {order}. "
            "Your bank may take 5-7 working days to show it."
        ).format(amount=rupees(amount), store=settings.STORE_NAME, order=invoice_number)


def store_credit_text(*, amount: Decimal, invoice_number: str, balance: Decimal, language: str) -> str:
    """Money back as store credit (a cash order, or credit the order had spent)."""
    with translation.override(language):
        return gettext(
            "₹{amount} added to your {store} store credit for order {order}. Your balance is ₹{balance}."
        ).format(amount=rupees(amount), store=settings.STORE_NAME, order=invoice_number, balance=rupees(balance))


def back_in_stock_text(*, name: str, name_te: str, brand: str, pack: str, slug: str, language: str) -> str:
    """A pack the shopper asked to hear about is back in stock (notifications/alerts.py); the product's
    Telugu name in Telugu when it has one."""
    with translation.override(language):
        product = name_te if language == "te" and name_te else name
        return gettext("{brand} {product} {pack} is back in stock at {store}. Order now: {site}/product/{slug}").format(
            brand=brand,
            product=product,
            pack=pack,
            store=settings.STORE_NAME,
            site=settings.SITE_URL.rstrip("/"),
            slug=slug,
        )


def slot_moved_text(*, invoice_number: str, delivery: str, language: str) -> str:
    """Staff moved the order to another delivery slot (a day closed, a van off): `delivery` is the
    new slot's label, named in the shopper's language."""
    with translation.override(language):
        return gettext(
            "Your {store} order {order} will now be delivered on {delivery}. Sorry for the change. "
            "Questions? Call {phone}."
        ).format(store=settings.STORE_NAME, order=invoice_number, delivery=delivery, phone=settings.STORE_SUPPORT_PHONE)


def payment_link_text(*, amount: Decimal, invoice_number: str, link: str, language: str) -> str:
    """The payment link of an order taken on the phone, texted when the shopper chose to pay online."""
    with translation.override(language):
        return gettext("Pay ₹{amount} for your {store} order {order} here: {link}").format(
            amount=rupees(amount), store=settings.STORE_NAME, order=invoice_number, link=link
        )


def order_summary_text(
    *,
    order_id: str,
    invoice_number: str,
    lines: list[tuple[str, int]],
    total: Decimal,
    language: str,
    delivery: str = "",
    pay_link: str = "",
) -> str:
    """An order taken on the phone or from WhatsApp, as the message the shop's phone sends back on
    WhatsApp: the lines, the total, the delivery slot, where to follow it (and pay, if a link was made)."""
    with translation.override(language):
        parts = [gettext("{store} order {order}").format(store=settings.STORE_NAME, order=invoice_number)]
        parts += [f"{qty} × {name}" for name, qty in lines]
        parts.append(gettext("Total ₹{total}").format(total=rupees(total)))
        if delivery:
            parts.append(gettext("Delivery: {delivery}").format(delivery=delivery))
        if pay_link:
            parts.append(gettext("Pay here: {link}").format(link=pay_link))
        parts.append(
            gettext("Follow it at {site}/order/{order_id}").format(
                site=settings.SITE_URL.rstrip("/"), order_id=order_id
            )
        )
        return "\n".join(parts)
