"""The suggested purchase order as a text for the supplier: the message itself, and a `wa.me` link
that opens WhatsApp with it on the shop's phone, ready to send to the supplier's number."""

from urllib.parse import quote

from django.conf import settings
from django.utils.translation import gettext

from accounts.rules import typed_phone
from common.errors import InvalidValue

from .entry import pack_name


def reorder_text(rows) -> str:
    """`rows` are one supplier's suggestions (`selectors.Suggestion`), in the reader's language."""
    head = gettext("Purchase order from {shop} (GSTIN {gstin}):").format(
        shop=settings.STORE_NAME, gstin=settings.STORE_GST_NUMBER
    )
    lines = [gettext("{pack}: {qty} packs").format(pack=pack_name(row.pack), qty=row.qty) for row in rows]
    return "\n".join([head, *lines, gettext("Please confirm the delivery date.")])


def whatsapp_url(supplier, rows) -> str | None:
    """The message to the supplier's mobile number; None when it has none WhatsApp can reach (a
    landline, no phone written)."""
    if supplier is None or not supplier.phone:
        return None
    try:
        phone = typed_phone(supplier.phone)
    except InvalidValue:
        return None
    return f"https://wa.me/91{phone}?text={quote(reorder_text(rows))}"
