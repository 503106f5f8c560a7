"""The database's checks on money compare exact amounts on SQLite as on PostgreSQL (issue 30).

SQLite keeps decimals as binary floating point, where 299.97 - 14.28 is 285.69000000000005 and
0.10 + 0.20 is 0.30000000000000004: the checks compare whole paise (`common.money.sql_paise`). These
run on the database of the run: SQLite with no variables set, PostgreSQL in CI.
"""

import itertools
from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction
from django.db.models import F

from catalog.models import Financial
from common.money import sql_paise, sql_paise_sum, to_rupees
from orders.models import Order, OrderItem

pytestmark = pytest.mark.django_db
_invoices = itertools.count(1)


def make_order(user, *, items: str, shipping: str, total: str) -> Order:
    return Order.objects.create(
        invoice_number=f"TEST-{next(_invoices)}",
        user=user,
        shipping_street="12 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Cash Or UPI",
        items_price=Decimal(items),
        shipping_price=Decimal(shipping),
        total_price=Decimal(total),
    )


def refused(make) -> bool:
    try:
        with transaction.atomic():
            make()
    except IntegrityError:
        return True
    return False


def make_line(order, *, line_total: str, taxable_value: str | None, tax: str | None, gst_rate: int | None = 5):
    price = Decimal(line_total)
    return OrderItem.objects.create(
        order=order,
        product_id=1,
        brand_id=1,
        name="Dishwash Liquid",
        brand="Vim",
        quantity="750",
        units="ml",
        mrp=price,
        price=price,
        qty=1,
        line_total=price,
        gst_rate=gst_rate,
        taxable_value=None if taxable_value is None else Decimal(taxable_value),
        tax=None if tax is None else Decimal(tax),
    )


@pytest.mark.parametrize(
    ("items", "shipping", "total", "ok"),
    [
        ("0.10", "0.20", "0.30", True),  # 0.30000000000000004 in floating point
        ("285.69", "14.28", "299.97", True),
        ("1234567890.12", "0.01", "1234567890.13", True),
        ("0.10", "0.20", "0.31", False),
        ("299.97", "0.00", "299.96", False),
    ],
)
def test_an_orders_total_is_its_items_plus_shipping_to_the_paisa(customer, items, shipping, total, ok):
    assert refused(lambda: make_order(customer, items=items, shipping=shipping, total=total)) is not ok


@pytest.mark.parametrize(
    ("line_total", "taxable_value", "tax", "ok"),
    [
        ("299.97", "285.69", "14.28", True),  # 3 × Vim Dishwash Liquid 99.99 at 5 %: the 500
        ("0.30", "0.10", "0.20", True),
        ("70.07", "54.74", "15.33", True),
        ("299.97", "285.68", "14.28", False),
        ("299.97", "285.70", "14.28", False),
        ("299.97", "300.97", "-1.00", False),  # a negative tax
    ],
)
def test_a_lines_taxable_value_is_its_total_less_its_tax_to_the_paisa(customer, line_total, taxable_value, tax, ok):
    order = make_order(customer, items=line_total, shipping="0.00", total=line_total)
    made = refused(lambda: make_line(order, line_total=line_total, taxable_value=taxable_value, tax=tax))
    assert made is not ok


def test_a_line_with_a_rate_has_both_its_tax_and_its_taxable_value(customer):
    order = make_order(customer, items="10.00", shipping="0.00", total="10.00")
    assert refused(lambda: make_line(order, line_total="10.00", taxable_value=None, tax="0.48"))
    assert refused(lambda: make_line(order, line_total="10.00", taxable_value="9.52", tax=None))
    assert not refused(lambda: make_line(order, line_total="10.00", taxable_value=None, tax=None, gst_rate=None))


@pytest.mark.parametrize(
    ("price", "dprice", "ok"),
    [("145.5", "145.50", True), ("0.30", "0.30", True), ("100.00", "99.99", True), ("145.50", "145.51", False)],
)
def test_a_packs_selling_price_is_at_most_its_mrp_to_the_paisa(packs, price, dprice, ok):
    pack = packs.oil_1l

    def set_prices():
        Financial.objects.filter(pk=pack.pk).update(price=Decimal(price), dprice=Decimal(dprice))

    assert refused(set_prices) is not ok


def test_money_sums_and_paise_are_exact_integers(customer):
    for items in ("0.10", "0.20", "285.69", "0.01"):
        make_order(customer, items=items, shipping="0.00", total=items)
    paise = Order.objects.aggregate(paise=sql_paise_sum("total_price"))["paise"]
    assert int(paise) == 28600 and to_rupees(paise) == Decimal("286.00") and str(to_rupees(paise)) == "286.00"
    assert str(to_rupees(None)) == "0.00"
    by_paise = Order.objects.annotate(
        paise=sql_paise("total_price"), difference=sql_paise("total_price") - sql_paise(F("items_price"))
    ).order_by("paise")
    assert [(int(row.paise), int(row.difference)) for row in by_paise] == [(1, 0), (10, 0), (20, 0), (28569, 0)]


def test_django_admin_validates_the_paise_checks_before_saving(packs, customer):
    """Django admin runs the checks as a query (Model.validate_constraints) before it saves."""
    from django.core.exceptions import ValidationError

    pack = packs.oil_1l
    pack.price, pack.dprice = Decimal("145.5"), Decimal("145.50")
    pack.validate_constraints()
    pack.dprice = Decimal("145.51")
    with pytest.raises(ValidationError):
        pack.validate_constraints()
    order = make_order(customer, items="0.10", shipping="0.20", total="0.30")
    order.validate_constraints()
    order.total_price = Decimal("0.31")
    with pytest.raises(ValidationError):
        order.validate_constraints()
