"""Reads for orders. Each returns orders with their user and items loaded in a fixed number of
queries, however many orders or lines there are."""

from django.db.models import Prefetch, QuerySet
from django.utils.translation import gettext_lazy

from accounts.roles import is_staff_member
from common.errors import NotFound
from common.pagination import ADMIN_ORDER_LIST, Page, paginate
from orders.models import CreditNoteLine, Order, OrderItem, SlotBooking

ORDER_NOT_FOUND = gettext_lazy("Order not found")
MAX_PUBLIC_ID_LENGTH = 21


def _flagged_payments() -> Prefetch:
    """Online payments the payments app flagged for staff (money that could not pay the order),
    loaded with the orders so a list costs one more query, whatever its length."""
    payments = Order._meta.get_field("payments").related_model.objects
    return Prefetch("payments", queryset=payments.exclude(flag="").order_by("id"), to_attr="flagged_payments")


def refunds_prefetch() -> Prefetch:
    """The order's refunds (payments.Refund), oldest first: one more query for a whole list."""
    refunds = Order._meta.get_field("refunds").related_model.objects
    return Prefetch("refunds", queryset=refunds.order_by("created_at", "id"))


def credit_back_prefetch() -> Prefetch:
    """Store credit that came back to the order's shopper (a cash order's money back, spent credit
    given back), for the order's payment state (`orders.payment_state`): one more query a list."""
    entries = Order._meta.get_field("store_credit_entries").related_model.objects
    return Prefetch("store_credit_entries", queryset=entries.filter(amount_paise__gt=0), to_attr="credit_back")


def _orders() -> QuerySet[Order]:
    return (
        Order.objects.select_related("user", "slot_booking__slot", "invoice_buyer")
        .prefetch_related(
            "items",
            "line_changes",
            _flagged_payments(),
            refunds_prefetch(),
            credit_back_prefetch(),
            # Each line with its order line, for the Telugu name it was sold under (a join, not a query).
            Prefetch("credit_notes__lines", queryset=CreditNoteLine.objects.select_related("order_item")),
        )
        .order_by("-created_at", "-id")
    )


def orders_for_user(*, user) -> list[Order]:
    """The customer's own orders, newest first."""
    return list(_orders().filter(user=user))


def order_get_for(*, user, public_id: str) -> Order:
    """The order, for its owner or an admin; anyone else is told it does not exist."""
    public_id = str(public_id)
    if len(public_id) > MAX_PUBLIC_ID_LENGTH:
        raise NotFound(ORDER_NOT_FOUND)
    orders = _orders().filter(public_id=public_id)
    if not is_staff_member(user):
        orders = orders.filter(user=user)
    order = orders.first()
    if order is None:
        raise NotFound(ORDER_NOT_FOUND)
    return order


def orders_for_admin(
    *, status: str | None = None, page: int = 1, page_size: int = ADMIN_ORDER_LIST.default
) -> Page[Order]:
    """Every order (optionally of one status), newest first, one page at a time.

    A page past the end is empty rather than an error, and `pages` counts as the product lists do
    (0 when there is no order at all).
    """
    orders = _orders()
    if status:
        orders = orders.filter(status=status)
    return paginate(orders, page=page, page_size=page_size)


def product_delivered_to(*, user, product_id: int) -> bool:
    """True when one of the customer's orders holding the product has been delivered (a cancelled
    order never is): what makes a review a verified purchase (`catalog.services.review_create`)."""
    return Order.objects.filter(
        user=user, status=Order.Status.DELIVERED, items__product_id=product_id, items__qty__gt=0
    ).exists()


def packs_ordered(financial_ids) -> set[int]:
    """The packs among `financial_ids` that order lines hold (any order, cancelled ones too: their
    invoices and credit notes name them): the catalog hides these instead of deleting them
    (`catalog.services.publishing`)."""
    rows = OrderItem.objects.filter(financial_id__in=list(financial_ids)).values_list("financial_id", flat=True)
    return set(rows.distinct())


# An order's delivery slot.


def booking_of(order) -> SlotBooking | None:
    """The order's slot booking (loaded with it by the order selectors), or None when it has none."""
    try:
        return order.slot_booking
    except SlotBooking.DoesNotExist:
        return None
