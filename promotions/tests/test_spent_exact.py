"""What a customer spent is added up to the paisa on every database (issue 30): a plain Sum of
decimals is floating point on SQLite (0.10 + 0.20 read back as 0.300000000000000)."""

from decimal import Decimal

import pytest

from promotions import rules, selectors
from promotions.tests.conftest import india, make_order

pytestmark = pytest.mark.django_db


def test_a_months_spending_and_what_is_on_the_way_add_up_to_the_paisa(customer):
    delivered = india(2026, 3, 10)
    for total in ("0.10", "0.20", "1234.57", "99999.99"):
        make_order(customer, total, status="delivered", paid=True, at=delivered)
    for total in ("0.10", "0.20", "0.01"):
        make_order(customer, total, status="placed")

    spent = selectors.month_spent(customer_id=customer.pk, month=rules.month_of(delivered))
    assert spent == Decimal("101234.86") and str(spent) == "101234.86"
    on_the_way = selectors._on_the_way(customer_id=customer.pk)
    assert on_the_way == Decimal("0.31") and str(on_the_way) == "0.31"


def test_a_month_with_nothing_delivered_spent_zero(customer):
    spent = selectors.month_spent(customer_id=customer.pk, month=rules.month_of(india(2026, 3, 10)))
    assert str(spent) == "0.00"
