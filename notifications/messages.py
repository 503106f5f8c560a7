"""Every text the shop sends by SMS, in one place: MSG91 sends only DLT-registered templates, so
whoever registers them (and whoever changes a wording) finds them all here."""

from decimal import Decimal

from django.conf import settings

from common.money import rupees

ORDER_TEXTS: dict[str, str] = {
    "placed": (
        "Your {store} order {order_id} for ₹{total} is placed. We will deliver it within 24 hours. "
        "Track it at {site}/order/{order_id}"
    ),
    "dispatched": "Your {store} order {order_id} is dispatched and on its way to you.",
    "delivered": "Your {store} order {order_id} is delivered. Thank you for shopping with {store}!",
    "cancelled": "Your {store} order {order_id} is cancelled: {reason} Questions? Call {phone}.",
}


def otp_text(*, code: str) -> str:
    minutes = settings.OTP_TTL_SECONDS // 60
    return f"Your {settings.STORE_NAME} verification code is {code}. It expires in {minutes} minutes."


def order_text(*, event: str, order_id: str, total: Decimal, reason: str = "") -> str:
    """The customer's text for an order status `event` (a key of ORDER_TEXTS); `reason` is why it
    was cancelled."""
    return ORDER_TEXTS[event].format(
        store=settings.STORE_NAME,
        order_id=order_id,
        total=rupees(total),
        site=settings.SITE_URL.rstrip("/"),
        reason=reason.rstrip(".") + ".",
        phone=settings.STORE_SUPPORT_PHONE,
    )


def lucky_draw_won_text(*, promotion: str, month: str) -> str:
    """A winner of a month's lucky draw (`month` as "November 2026")."""
    return (
        f"Congratulations! Your {settings.STORE_NAME} coupon won the {promotion} lucky draw for {month}. "
        f"Please visit the store to collect your prize. Questions? Call {settings.STORE_SUPPORT_PHONE}."
    )
