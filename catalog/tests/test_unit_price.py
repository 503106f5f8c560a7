"""The unit sale price (Legal Metrology rule 6(10)): `unit_price.unit_price` and its SQL twin."""

from decimal import Decimal

import pytest
from django.db import connection

from catalog.unit_price import sql_unit_price, sql_unit_price_basis, unit_price

from .factories import make_pack, make_product

CASES = [
    # dprice, quantity, units -> amount, basis
    ("399", "5", "kg", "79.80", "kg"),
    ("60", "0.5", "kg", "12.00", "100 g"),
    ("45", "200", "g", "22.50", "100 g"),
    ("10", "3", "g", "333.33", "100 g"),  # 333.333… down
    ("20", "3", "g", "666.67", "100 g"),  # 666.666… up
    ("0.01", "200", "g", "0.01", "100 g"),  # 0.005 exactly: halves go up
    ("0.01", "600", "g", "0.00", "100 g"),  # 0.00166…
    ("99", "1000", "g", "99.00", "kg"),  # 1 kg is priced per kg
    ("170", "1", "L", "170.00", "L"),
    ("81", "500", "ml", "16.20", "100 ml"),
    ("25.50", "0.75", "L", "3.40", "100 ml"),
    ("130", "1.5", "L", "86.67", "L"),
    ("60", "12", "pcs", "5.00", "piece"),
    ("100", "7", "pcs", "14.29", "piece"),
    ("299", "1", "pack", "299.00", "pack"),
]


@pytest.mark.parametrize(("dprice", "quantity", "units", "amount", "basis"), CASES)
def test_unit_price(dprice, quantity, units, amount, basis):
    found = unit_price(dprice=Decimal(dprice), quantity=Decimal(quantity), units=units)
    assert (found.amount, found.basis) == (Decimal(amount), basis)
    assert str(found.amount) == amount  # always 2 decimals


@pytest.mark.parametrize(("quantity", "units"), [("0", "kg"), ("-1", "g"), ("1", "dozen")])
def test_no_unit_price_without_a_size_or_known_units(quantity, units):
    assert unit_price(dprice=Decimal(10), quantity=Decimal(quantity), units=units) is None


@pytest.mark.django_db
def test_sql_twin_agrees_on_every_case():
    """The fast path's SQL follows the same table and rounds the same (halves up) as `unit_price`."""
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL: set DATABASE_URL (the CI run does)")
    detail = make_product("Rounding").details.get()
    for dprice, quantity, units, amount, basis in CASES:
        detail.financials.all().delete()
        pack = make_pack(detail, quantity=quantity, units=units, price=dprice, dprice=dprice)
        with connection.cursor() as cursor:
            cursor.execute(
                f"SELECT {sql_unit_price('f')}, {sql_unit_price_basis('f')} FROM catalog_financial f WHERE f.id = %s",
                [pack.pk],
            )
            assert cursor.fetchone() == (Decimal(amount), basis), (dprice, quantity, units)
