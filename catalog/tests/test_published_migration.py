"""Migration 0016 (issue 45) on a database with products, packs and orders: everything that was on
sale stays published; on PostgreSQL the kept count of products counts published ones only and
follows a product hidden or shown."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from catalog.models import Product
from catalog.tests.factories import make_category, make_product
from orders.models import Order, OrderItem

BEFORE = [("catalog", "0016_product_description_te")]
AFTER = [("catalog", "0017_published")]


def _migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def _kept_total() -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT products FROM catalog_product_total")
        return cursor.fetchone()[0]


@pytest.mark.django_db(transaction=True)
def test_existing_products_and_packs_stay_published(customer):
    old = _migrate(BEFORE)
    OldCategory, OldProduct = old.get_model("catalog", "Category"), old.get_model("catalog", "Product")
    OldDetail, OldFinancial = old.get_model("catalog", "Detail"), old.get_model("catalog", "Financial")
    category = OldCategory.objects.create(key="oils", name="OILS")
    product = OldProduct.objects.create(name="Sunflower Oil", slug="sunflower-oil", category=category)
    detail = OldDetail.objects.create(product=product, brand="Freedom")
    pack = OldFinancial.objects.create(detail=detail, quantity=1, units="L", price=165, dprice=150, count_in_stock=4)
    order = Order.objects.create(
        invoice_number="MIG-1",
        user_id=customer.pk,
        shipping_street="12 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Cash Or UPI",
        items_price=150,
        shipping_price=0,
        total_price=150,
    )
    OrderItem.objects.create(
        order=order, financial_id=pack.pk, product_id=product.pk, brand_id=detail.pk, name="Sunflower Oil", brand="Freedom",
        quantity="1", units="L", mrp=165, price=150, qty=1, line_total=150,
    )  # fmt: skip

    new = _migrate(AFTER)

    assert new.get_model("catalog", "Product").objects.get(pk=product.pk).published is True
    assert new.get_model("catalog", "Financial").objects.get(pk=pack.pk).published is True
    assert OrderItem.objects.get(order_id=order.pk).financial_id == pack.pk
    if connection.vendor == "postgresql":
        assert _kept_total() == 1


@pytest.mark.django_db
def test_the_kept_total_counts_published_products_only(on_postgres):
    if not on_postgres:
        pytest.skip("needs PostgreSQL: set DATABASE_URL (the CI run does)")
    start = _kept_total()
    category = make_category()
    shown, hidden = make_product(category=category), make_product(category=category)
    assert _kept_total() == start + 2
    Product.objects.filter(pk=hidden.pk).update(published=False)
    assert _kept_total() == start + 1
    Product.objects.filter(pk=hidden.pk).update(name="Renamed")  # no change of the flag: no change
    assert _kept_total() == start + 1
    hidden.delete()  # a hidden product deleted was not counted
    assert _kept_total() == start + 1
    Product.objects.filter(pk=shown.pk).update(published=False)
    Product.objects.filter(pk=shown.pk).update(published=True)
    assert _kept_total() == start + 1
    assert _kept_total() == Product.objects.filter(published=True).count()
