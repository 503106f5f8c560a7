"""The business buyer an invoice names: the one writer of `orders.InvoiceBuyer`.

A shopper gives it at checkout, staff at the counter or on a phone order (`buyer_checked` before the
placement's transaction, so a bad GSTIN writes nothing; `invoice_buyer_set` inside it). The GSTIN is
checked (`common.gstin`); an order whose invoice has been cancelled, or one placed before GST was
recorded, takes none.
"""

from django.db import transaction
from django.utils.translation import gettext_lazy

from common.errors import Conflict, InvalidValue
from common.gstin import to_gstin
from common.text import squeezed
from orders.error_codes import OrderErrorCode
from orders.models import InvoiceBuyer, Order

NAME_RULE = gettext_lazy("The buyer's legal name is needed, at most {limit} characters.")
NOT_TAXED = gettext_lazy("This order was placed before GST was recorded: it has no tax invoice to name a buyer on.")
CANCELLED = gettext_lazy("This order is cancelled: its invoice names no buyer.")
BUYER_NEEDS_BOTH = gettext_lazy("A business buyer needs both the GSTIN and the legal name.")
NAME_LIMIT = InvoiceBuyer._meta.get_field("name").max_length


def buyer_checked(gstin, name) -> tuple[str, str] | None:
    """A business buyer's GSTIN (checked by `common.gstin`) and legal name, both or neither: None
    when neither was given (a sale to a shopper without a GSTIN), else the pair as it is kept."""
    gstin = str(gstin or "").strip()
    name = squeezed(name) if isinstance(name, str) else ""
    if not gstin and not name:
        return None
    if not gstin or not name:
        raise InvalidValue(str(BUYER_NEEDS_BOTH), code=OrderErrorCode.BUYER_NEEDS_BOTH)
    if len(name) > NAME_LIMIT:
        raise InvalidValue(str(NAME_RULE).format(limit=NAME_LIMIT), code=OrderErrorCode.INVALID_BUYER_NAME)
    return to_gstin(gstin), name


def invoice_buyer_set(*, order: Order, gstin, name, by=None) -> InvoiceBuyer:
    """Name `gstin` and `name` as the buyer on `order`'s invoice (again: the latest wins)."""
    gstin = to_gstin(gstin)
    name = squeezed(name) if isinstance(name, str) else ""
    if not name or len(name) > NAME_LIMIT:
        raise InvalidValue(str(NAME_RULE).format(limit=NAME_LIMIT), code=OrderErrorCode.INVALID_BUYER_NAME)
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=order.pk)
        if locked.gst_interstate is None:
            raise Conflict(str(NOT_TAXED), code=OrderErrorCode.NOT_TAXED)
        if locked.status == Order.Status.CANCELLED:
            raise Conflict(str(CANCELLED), code=OrderErrorCode.ORDER_CANCELLED)
        buyer, _ = InvoiceBuyer.objects.update_or_create(
            order=locked,
            defaults={
                "gstin": gstin,
                "name": name,
                "by": by if by is not None and getattr(by, "is_authenticated", False) else None,
            },
        )
    return buyer
