"""The shop's commerce rules that the browser must also know: one place for each.

`shop.context_processors.shop_config` hands these to the browser (in the page and at
`GET /api/config`); order placement enforces them. React keeps no copy.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy

from orders.models import Order

# Pack counts a shopper may choose: on a product card, and on the product page (the largest an
# order line may hold; OrderItem's CHECK constraint is the database's guard for it).
CARD_PACK_COUNT = (1, 9)
PRODUCT_PAGE_PACK_COUNT = (1, 10)
MIN_QTY, MAX_QTY = PRODUCT_PAGE_PACK_COUNT
# An order line's problem, named by its place in the order (the first line is 1).
ITEM_PROBLEM = gettext_lazy("Item {position}: {problem}")
QTY_RULE = format_lazy(gettext_lazy("Pack count must be a whole number from {min} to {max}."), min=MIN_QTY, max=MAX_QTY)

MAX_LINES = 100
SHIPPING_PRICE = Decimal("0.00")

# What the shopper reads for each stored payment method (the spec's 'Cash/UPI', sent as 'Cash Or UPI').
PAYMENT_METHOD_LABELS = {
    Order.PaymentMethod.CASH_OR_UPI: gettext_lazy("Cash/UPI"),
    Order.PaymentMethod.ONLINE: gettext_lazy("Online"),
}


@dataclass(frozen=True)
class PaymentMethodOffer:
    value: str
    label: str


def online_payment_enabled() -> bool:
    return str(settings.ONLINE_PAYMENT_ENABLED).strip().upper() in {"Y", "YES", "TRUE", "1"}


def payment_methods_offered() -> list[PaymentMethodOffer]:
    """The payment methods switched on, in the order the payment step lists them."""
    methods = [Order.PaymentMethod.CASH_OR_UPI]
    if online_payment_enabled():
        methods.append(Order.PaymentMethod.ONLINE)
    return [PaymentMethodOffer(value=method.value, label=str(PAYMENT_METHOD_LABELS[method])) for method in methods]


def substitution_preferences() -> list[dict[str, str]]:
    """What the shopper may ask staff to do with an unavailable pack, in the order checkout lists
    them, labelled in the active language (`Order.SubstitutionPreference`; "call" is the default)."""
    return [{"value": choice.value, "label": str(choice.label)} for choice in Order.SubstitutionPreference]


def pack_limits() -> dict[str, dict[str, int]]:
    return {
        "card": {"min": CARD_PACK_COUNT[0], "max": CARD_PACK_COUNT[1]},
        "productPage": {"min": PRODUCT_PAGE_PACK_COUNT[0], "max": PRODUCT_PAGE_PACK_COUNT[1]},
    }


def store_credit_to_apply(*, wanted: Decimal | None, balance: Decimal, total: Decimal) -> Decimal:
    """The store credit an order uses: what the shopper asked for, at most their balance and the
    order's total, never negative (none asked for: none used). Checkout's "to pay" figure and
    placement both come from here, so what the shopper is shown is what is charged."""
    if wanted is None or wanted <= 0:
        return Decimal("0.00")
    return max(min(Decimal(wanted), Decimal(balance), Decimal(total)), Decimal("0.00"))
