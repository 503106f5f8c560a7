"""The suggested purchase order as a text for the supplier: the message itself, a `wa.me` link
that opens WhatsApp with it on the shop's phone, ready to send to the supplier's number, and the
same message sent as an SMS through the shop's SMS task."""

import hashlib
from dataclasses import dataclass
from urllib.parse import quote

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext

from accounts.rules import typed_phone
from common.errors import Conflict, InvalidValue

from .entry import pack_name


def reorder_text(rows) -> str:
    """`rows` are one supplier's suggestions (`selectors.Suggestion`), in the reader's language."""
    head = gettext("Purchase order from {shop} (GSTIN {gstin}):").format(
        shop=settings.STORE_NAME, gstin=settings.STORE_GST_NUMBER
    )
    lines = [gettext("{pack}: {qty} packs").format(pack=pack_name(row.pack), qty=row.qty) for row in rows]
    return "\n".join([head, *lines, gettext("Please confirm the delivery date.")])


def supplier_mobile(supplier) -> str | None:
    """The supplier's 10-digit mobile number; None when it has none a text can reach (a landline,
    no phone written)."""
    if supplier is None or not supplier.phone:
        return None
    try:
        return typed_phone(supplier.phone)
    except InvalidValue:
        return None


def whatsapp_url(supplier, rows) -> str | None:
    """The message to the supplier's mobile number; None when it has none WhatsApp can reach."""
    phone = supplier_mobile(supplier)
    return None if phone is None else f"https://wa.me/91{phone}?text={quote(reorder_text(rows))}"


@dataclass(frozen=True)
class ReorderSms:
    phone: str
    text: str
    sent_before: bool  # the same order went to this number today already: not sent again


def reorder_sms_send(*, supplier_id) -> ReorderSms:
    """Text the supplier's suggested purchase order to the supplier's mobile number, through the
    shop's SMS task (`notifications.services.sms_queue`), in the manager's language as the screen
    shows it. Idempotent: the message's key is the supplier, the India day and the text, so the
    same order pressed twice, retried or sent by two managers goes once a day; a changed order
    (another pack running low, another quantity) is a new message. 404 for no such supplier, 400
    without a mobile number, 409 with nothing to reorder from it."""
    from notifications.services import sms_queue, sms_sent_already

    from .selectors import reorder_suggestions
    from .services import supplier_get

    supplier = supplier_get(supplier_id=supplier_id)
    phone = supplier_mobile(supplier)
    if phone is None:
        raise InvalidValue(
            gettext("{supplier} has no mobile number to text. Add one to the supplier first.").format(
                supplier=supplier.name
            ),
            code="no_mobile",
        )
    rows = reorder_suggestions().get(supplier)
    if not rows:
        raise Conflict(
            gettext("Nothing to reorder from {supplier} just now.").format(supplier=supplier.name),
            code="nothing_to_reorder",
        )
    text = reorder_text(rows)
    digest = hashlib.sha256(f"{phone}\n{text}".encode()).hexdigest()[:24]
    key = f"reorder:{supplier.pk}:{timezone.localdate():%Y%m%d}:{digest}"
    sent_before = sms_sent_already(key=key)
    if not sent_before:
        sms_queue(phone_no=phone, text=text, about=f"purchase order to supplier {supplier.pk}", key=key)
    return ReorderSms(phone, text, sent_before)
