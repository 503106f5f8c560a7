"""Every list answers in the same few queries whatever its page size (no query per row)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from catalog import services
from catalog.models import SearchSynonym
from conftest import deliver_product

from .factories import make_category, make_product, make_products

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _uncached(settings):
    # These tests measure the work of building each answer, not the shared cache in front of it.
    settings.CATALOG_READ_CACHE_SECONDS = 0


# COUNT for the pager + products with category + brands + packs.
PAGE_QUERIES = 4
# A search reads no synonyms: each process keeps the table per catalog version (`catalog/search.py`;
# test_search.py shows the one read after each change)...
SYNONYMS = 0
# ...and, when a word of 5+ letters may be a typo, whether anything matches as typed.
TYPO_CHECK = 1


@pytest.fixture
def many_products():
    category = make_category("RICE & PULSES", name_te="బియ్యం & పప్పులు")
    return make_products(30, category=category, brands=3, packs=3)


@pytest.fixture
def synonyms():
    SearchSynonym.objects.create(word="biyyam", means="rice")


def _queries(client, method, url, body=None) -> int:
    with CaptureQueriesContext(connection) as context:
        response = getattr(client, method)(url, body, format="json")
    assert response.status_code == 200, response.content
    return len(context.captured_queries)


@pytest.mark.parametrize(
    ("url", "most"),
    [
        ("/api/products?pageSize={size}", PAGE_QUERIES),
        ("/api/products?keyword=rice&pageSize={size}", PAGE_QUERIES + SYNONYMS),
        ("/api/products?keyword=brand&pageSize={size}", PAGE_QUERIES + SYNONYMS + TYPO_CHECK),
        ("/api/products?keyword=biyyam&pageSize={size}", PAGE_QUERIES + SYNONYMS + TYPO_CHECK),
        ("/api/products?keyword=బియ్యం&pageSize={size}", PAGE_QUERIES + SYNONYMS),
        ("/api/products?keyword=produkt&pageSize={size}", PAGE_QUERIES + SYNONYMS + TYPO_CHECK),  # a typo
        ("/api/products/categories/rice-pulses/products?pageSize={size}", PAGE_QUERIES + 1),  # + the category
        ("/api/products/categories/all/products?pageSize={size}", PAGE_QUERIES),
    ],
)
def test_product_pages(api_client, many_products, synonyms, django_assert_max_num_queries, url, most):
    counts = []
    for size in (2, 30):
        api_client.get(url.format(size=size))  # the synonyms table is read once per catalog version
        with django_assert_max_num_queries(most):
            counts.append(_queries(api_client, "get", url.format(size=size)))
    assert counts[0] == counts[1]
    found = api_client.get(url.format(size=48)).json()["products"]
    assert len(found) > 2  # every search above finds products, so the pages hold more than one row


def test_featured(api_client, django_assert_max_num_queries):
    small = make_category("SMALL", sequence=1)
    make_product(category=small)
    with django_assert_max_num_queries(4):
        one = _queries(api_client, "get", "/api/products/featured")
    for n in range(2, 6):
        make_products(7, category=make_category(f"CATEGORY {n}", sequence=n), brands=2, packs=3)
    with django_assert_max_num_queries(4):
        many = _queries(api_client, "get", "/api/products/featured")
    assert one == many


# Products + brands + packs + the brand names (the synonyms are known: see SYNONYMS).
SUGGESTION_QUERIES = 4


@pytest.mark.parametrize(
    ("q", "most"),
    [
        ("rice", SUGGESTION_QUERIES),
        ("biyyam", SUGGESTION_QUERIES),  # a local name
        ("బియ్యం", SUGGESTION_QUERIES),  # Telugu script
        ("rcie", SUGGESTION_QUERIES),  # a typo: corrected before the database is asked (issue 29)
        ("basmti", SUGGESTION_QUERIES),
        ("zzzz", SUGGESTION_QUERIES - 2),  # nothing found: no brands or packs read
    ],
)
def test_suggestions(api_client, django_assert_max_num_queries, q, most):
    SearchSynonym.objects.create(word="biyyam", means="rice")
    make_product("Basmati Rice", name_te="బాస్మతి బియ్యం")
    api_client.get(f"/api/products/suggestions?q={q}")  # the synonyms table is read once per catalog version
    with django_assert_max_num_queries(most):
        few = _queries(api_client, "get", f"/api/products/suggestions?q={q}")
    for n in range(12):
        make_product(
            f"Basmati Rice {n}", name_te=f"బియ్యం {n}", brands={f"Brand {n}": [("1", "kg", "1", "1", 1)], "Other": []}
        )
    api_client.get(f"/api/products/suggestions?q={q}")
    with django_assert_max_num_queries(most):
        many = _queries(api_client, "get", f"/api/products/suggestions?q={q}")
    assert few == many


def test_top(api_client, django_assert_max_num_queries):
    make_product()
    with django_assert_max_num_queries(3):
        few = _queries(api_client, "get", "/api/products/top")
    make_products(10, brands=3, packs=3)
    with django_assert_max_num_queries(3):
        many = _queries(api_client, "get", "/api/products/top")
    assert few == many


def test_single_product_with_many_reviews(api_client, make_user, django_assert_max_num_queries):
    packs = [("1", "kg", "1", "1", 1), ("2", "kg", "2", "2", 1)]
    product = make_product(brands={f"Brand {n}": packs for n in range(4)})
    reviewer = make_user()
    deliver_product(reviewer, product)
    deliver_product(reviewer, product)
    services.review_create(product=product, user=reviewer, rating=5)
    with django_assert_max_num_queries(4):
        few = _queries(api_client, "get", f"/api/products/{product.slug}")
    for _ in range(5):
        reviewer = make_user()
        deliver_product(reviewer, product)
        deliver_product(reviewer, product)
        services.review_create(product=product, user=reviewer, rating=4)
    with django_assert_max_num_queries(4):
        many = _queries(api_client, "get", f"/api/products/{product.slug}")
    assert few == many


def test_financial_batch(api_client, django_assert_max_num_queries):
    products = make_products(10, brands=2, packs=2)
    items = [
        {"productId": p.pk, "brandId": d.pk, "financialId": f.pk}
        for p in products
        for d in p.details.all()
        for f in d.financials.all()
    ]
    with django_assert_max_num_queries(1):
        _queries(api_client, "post", "/api/products/financials/batch", {"items": items[:1]})
    with django_assert_max_num_queries(1):
        _queries(api_client, "post", "/api/products/financials/batch", {"items": items})
