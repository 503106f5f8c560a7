"""The shop's commerce rules that the browser must also know: one place for each.

`shop.context_processors.shop_config` hands these to the browser (in the page and at
`GET /api/config`); order placement enforces them. React keeps no copy.
"""

from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import models
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy, ngettext

from common.errors import Conflict, DomainError
from orders.error_codes import OrderErrorCode
from orders.models import Order, OrderItem


class TooManyPlacements(DomainError):
    status = 429


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


# --- hoarding: what one customer's unpaid orders may hold (issue 33) ---------------------------------
#
# A cash order takes its stock when placed and pays at the door, so without a cap one customer could
# empty a pack with unpaid orders (two orders in 0.7 s took one from 14 to 0). Open = placed, packed or
# dispatched. The throttle (`order_placement_throttle`) counts before placement's transaction; the caps
# (`order_hoarding_check`) are read inside it, after the customer's row is locked, so two placements
# racing each other take turns and the second reads what the first committed
# (orders/tests/test_hoarding_race.py). Staff find hoards in Django admin (Orders, "unpaid hoard"
# filter) and release them with the cancel action.

OPEN_STATUSES = (Order.Status.PLACED, Order.Status.PACKED, Order.Status.DISPATCHED)
PACK_UNITS_HELD = gettext_lazy("Your unpaid orders already hold {held} of {name}; at most {most} can be held at once.")
PLACING_TOO_FAST = gettext_lazy("Please wait a minute before placing another order.")


def open_unpaid_orders(*, user):
    return Order.objects.filter(user=user, is_paid=False, status__in=OPEN_STATUSES)


def order_placement_throttle(*, user) -> None:
    """Refuse a placement that comes too fast after the customer's others (429)."""
    key = f"orders:placements:{user.pk}"
    cache.add(key, 0, 60)
    try:
        placements = cache.incr(key)
    except ValueError:
        placements = 1
    if placements > settings.ORDER_PLACEMENTS_PER_MINUTE:
        raise TooManyPlacements(str(PLACING_TOO_FAST), code=OrderErrorCode.PLACING_TOO_FAST, retryAfter=60)


def lock_customer(*, user) -> None:
    """Hold the customer's row until the transaction ends: placements of one customer take turns.
    FOR NO KEY UPDATE, so rows that merely refer to the customer (a review, a ticket) are not held up."""
    get_user_model().objects.select_for_update(no_key=True).filter(pk=user.pk).values_list("pk").first()


def order_hoarding_check(*, user, items) -> None:
    """Refuse a placement that would let one customer hold too much unpaid (409).

    Call inside placement's transaction, before its order is written: the customer's row is locked
    first, so the open orders read here include every placement of theirs that committed before."""
    lock_customer(user=user)
    open_orders = open_unpaid_orders(user=user)
    count = open_orders.count()
    if count >= settings.UNPAID_ORDERS_PER_CUSTOMER:
        message = ngettext(
            "You have {count} unpaid order on its way. Please pay for or receive it before placing another.",
            "You have {count} unpaid orders on their way. Please pay for or receive one before placing another.",
            count,
        ).format(count=count)
        raise Conflict(message, code=OrderErrorCode.TOO_MANY_UNPAID_ORDERS)
    wanted: dict[int, int] = {}
    for line in items:
        wanted[line.financial_id] = wanted.get(line.financial_id, 0) + line.qty
    held = dict(
        OrderItem.objects.filter(order__in=open_orders, financial_id__in=list(wanted))
        .order_by()
        .values("financial_id")
        .annotate(units=models.Sum("qty"))
        .values_list("financial_id", "units")
    )
    most = settings.UNPAID_PACK_UNITS_PER_CUSTOMER
    for financial_id in sorted(wanted):
        if held.get(financial_id, 0) + wanted[financial_id] > most:
            name = (
                OrderItem.objects.filter(order__in=open_orders, financial_id=financial_id)
                .values_list("name", flat=True)
                .first()
            )
            raise Conflict(
                str(PACK_UNITS_HELD).format(held=held.get(financial_id, 0), name=name or "", most=most),
                code=OrderErrorCode.PACK_HOARDED,
                financialId=str(financial_id),
            )
