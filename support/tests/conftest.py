"""Delivered orders to report about: the orders app's packs and shoppers, moved along the pipeline."""

import pytest

from orders.pipeline import order_advance
from orders.tests.conftest import other_shopper, packs, place_order, shopper  # noqa: F401  (fixtures)


@pytest.fixture
def deliver(admin_user):
    """deliver(order) → the order packed, dispatched and delivered by staff (and paid, if cash)."""
    from orders.services import order_record_cash_payment

    def move(order, *, paid: bool = True):
        for status in ("packed", "dispatched", "delivered"):
            order_advance(order=order, to_status=status, by=admin_user)
        if paid and order.payment_method == "Cash Or UPI":
            order_record_cash_payment(order=order, by=admin_user)
        order.refresh_from_db()
        return order

    return move


@pytest.fixture
def delivered(shopper, packs, place_order, deliver):  # noqa: F811 - the imported fixtures
    """The shopper's delivered, paid cash order: 3 × oil 1 L (145.50) and 2 × rice 5 kg (399.00)."""
    return deliver(place_order(shopper, (packs.oil_1l, 3), (packs.rice_5kg, 2)))


def lines_of(order):
    oil, rice = order.items.order_by("id")
    return oil, rice
