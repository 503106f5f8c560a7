"""The business buyer an invoice names: the one writer of `orders.InvoiceBuyer`.

A shopper gives it at checkout, staff at the counter, on a phone order or later on the order's
invoice (`buyer_checked` before the placement's transaction, so a bad GSTIN writes nothing;
`invoice_buyer_set` inside it). The pair is checked by `common.gstin.buyer_checked`, the one check,
which the profile's business buyer shares; an order whose invoice has been cancelled, or one placed
before GST was recorded, takes none.
"""

from django.db import transaction
from django.utils.translation import gettext_lazy

from accounts.roles import Role, has_role
from common.errors import Conflict
from common.gstin import buyer_checked, buyer_name_checked, to_gstin
from orders.error_codes import OrderErrorCode
from orders.models import InvoiceBuyer, Order

__all__ = ["buyer_checked", "buyer_naming_allowed", "invoice_buyer_set"]

# Who names a buyer on an existing invoice: the owner or manager, and the cashier (who names one at
# the counter anyway, and is asked for it by a shopper who comes back with the bill).
NAMING_ROLES = (Role.CASHIER,)

NOT_TAXED = gettext_lazy("This order was placed before GST was recorded: it has no tax invoice to name a buyer on.")
CANCELLED = gettext_lazy("This order is cancelled: its invoice names no buyer.")


def buyer_naming_allowed(*, order: Order, user) -> bool:
    """Whether `user` may name the buyer on `order`'s invoice now (`invoice_buyer_set`'s own rule:
    a tax invoice that is not cancelled), for the staff screen's form."""
    return bool(
        has_role(user, *NAMING_ROLES) and order.gst_interstate is not None and order.status != Order.Status.CANCELLED
    )


def invoice_buyer_set(*, order: Order, gstin, name, by=None) -> InvoiceBuyer:
    """Name `gstin` and `name` as the buyer on `order`'s invoice (again: the latest wins)."""
    gstin = to_gstin(gstin)
    name = buyer_name_checked(name)
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
