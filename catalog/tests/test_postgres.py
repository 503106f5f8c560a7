"""PostgreSQL only: the trigram indexes exist and serve the catalog's `icontains`, Telugu and typo searches."""

import pytest
from django.db import connection

from catalog import search
from catalog.models import Detail, Product

from .factories import make_products

pytestmark = [pytest.mark.postgres, pytest.mark.django_db]

INDEXES = {
    "catalog_product_name_trgm": "catalog_product",
    "catalog_detail_brand_trgm": "catalog_detail",
    "catalog_category_name_trgm": "catalog_category",
}


def test_pg_trgm_extension_and_trigram_indexes_exist():
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'")
        assert cursor.fetchone()
        cursor.execute("SELECT indexname, tablename, indexdef FROM pg_indexes WHERE indexname LIKE %s", ["%_trgm"])
        found = {name: (table, definition) for name, table, definition in cursor.fetchall()}
    for name, table in INDEXES.items():
        assert found[name][0] == table
        assert "USING gin (upper(" in found[name][1] and "gin_trgm_ops" in found[name][1]


@pytest.mark.parametrize(
    ("queryset", "index"),
    [
        (lambda: Product.objects.filter(name__icontains="rice").order_by(), "catalog_product_name_trgm"),
        (lambda: Detail.objects.filter(brand__icontains="tata").order_by(), "catalog_detail_brand_trgm"),
    ],
)
def test_icontains_searches_can_use_the_trigram_index(queryset, index):
    make_products(5)
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
        cursor.execute("ANALYZE catalog_detail")
        # The tables are tiny here, so forbid the sequential scan to see which index the planner picks.
        cursor.execute("SET LOCAL enable_seqscan = off")
    plan = queryset().explain()
    assert index in plan, plan


def test_the_kept_upper_cased_name_has_its_trigram_index():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'catalog_product_search_name_trgm'")
        (definition,) = cursor.fetchone()
    assert "USING gin (search_name gin_trgm_ops)" in definition


def test_the_telugu_name_has_its_trigram_index_too():
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'catalog_product_name_te_trgm'")
        (definition,) = cursor.fetchone()
    assert "USING gin (upper((name_te)::text) gin_trgm_ops)" in definition


@pytest.mark.parametrize(
    ("queryset", "index"),
    [
        (
            # A typo is corrected before the database is asked (issue 29): the corrected name part
            # reads the name's trigram index like any other.
            lambda: search.matching_ids(search.understand("basmti"), brands=False),
            "catalog_product_search_name_trgm",
        ),
        # Issue 47: the search's names are matched on the kept upper-cased name, by its own index.
        (
            lambda: Product.objects.filter(search.understand("rice").names()).order_by(),
            "catalog_product_search_name_trgm",
        ),
        (
            lambda: Detail.objects.filter(search.understand("fortine").brands()).order_by(),
            "catalog_detail_brand_trgm",
        ),
        (lambda: Product.objects.filter(name_te__icontains="బియ్యం").order_by(), "catalog_product_name_te_trgm"),
    ],
)
def test_typo_and_telugu_searches_can_use_the_trigram_indexes(queryset, index):
    make_products(5)
    Product.objects.create(name="Basmati Rice", slug="basmati-rice", category=Product.objects.first().category)
    Detail.objects.create(product=Product.objects.first(), brand="Fortune")
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE catalog_product")
        cursor.execute("ANALYZE catalog_detail")
        cursor.execute("SET LOCAL enable_seqscan = off")
    plan = queryset().explain()
    assert index in plan, plan
