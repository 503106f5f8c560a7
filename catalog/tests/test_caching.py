"""The shared cache in front of the public catalog reads: hits run no SQL, writes drop it."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from catalog import caching, services
from catalog.models import Financial

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

READS = [
    "/api/products",
    "/api/products?keyword=oil",
    "/api/products/categories",
    "/api/products/categories/oils/products",
    "/api/products/featured",
    "/api/products/suggestions?q=sunflower",
    "/api/products/top",
]


@pytest.fixture
def oil():
    return make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Freedom": [("1", "L", "165", "150", 40)]}
    )


def _get(client, url):
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200
    return response.json(), len(queries)


@pytest.mark.parametrize("url", [*READS, "/api/products/{slug}"])
def test_a_second_read_is_served_from_the_cache_without_sql(api_client, oil, url):
    url = url.format(slug=oil.slug)
    first, first_queries = _get(api_client, url)
    second, second_queries = _get(api_client, url)
    assert first_queries > 0
    assert (second, second_queries) == (first, 0)


def test_equivalent_requests_share_an_entry_and_junk_parameters_do_not_multiply_them(api_client, oil):
    _get(api_client, "/api/products?keyword=Oil")
    for url in (
        "/api/products?keyword=%20oil%20",
        "/api/products?keyword=OIL&pageNumber=1&pageSize=12",
        "/api/products?keyword=oil&utm_source=x&_=123",
    ):
        assert _get(api_client, url)[1] == 0, url
    assert _get(api_client, "/api/products?keyword=oil&pageNumber=2")[1] > 0


def test_an_admin_edit_shows_at_once(as_user, admin_user, api_client, oil):
    detail = oil.details.get()
    for url in READS:
        _get(api_client, url)
    response = as_user(admin_user).put(
        f"/api/products/{oil.pk}/details/{detail.pk}",
        {"quantity": "1", "price": "180", "discount": "10"},
        format="json",
    )
    assert response.status_code == 200
    body, queries = _get(api_client, "/api/products")
    assert queries > 0
    assert body["products"][0]["details"][0]["financials"][0]["dprice"] == 162


def test_a_django_admin_edit_shows_at_once(admin_user, api_client, oil):
    pack = Financial.objects.get()
    _get(api_client, "/api/products")
    staff = Client()
    staff.force_login(admin_user)
    staff.post(
        "/staff/catalog/financial/",
        {
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "1",
            "form-MIN_NUM_FORMS": "0",
            "form-MAX_NUM_FORMS": "1000",
            "form-0-id": pack.pk,
            "form-0-price": "165",
            "form-0-dprice": "140",
            "form-0-count_in_stock": "40",
            "_save": "Save",
        },
    )
    assert _get(api_client, "/api/products")[0]["products"][0]["details"][0]["financials"][0]["dprice"] == 140


def test_invalidation_is_repeated_once_after_commit(oil, django_capture_on_commit_callbacks):
    detail = oil.details.get()
    with django_capture_on_commit_callbacks() as callbacks:
        for price in ("170", "171", "172"):
            services.financial_update(financial=detail.financials.get(), price=price)
    # One cache drop and one "packs changed" announcement, however many writes.
    assert [callback.action for callback in callbacks if callback.key[1] == caching.AFTER_COMMIT_KEY] == [
        caching._new_version
    ]
    assert len(callbacks) == 2


def test_an_answer_built_before_a_commit_is_not_served_after_it(api_client, oil):
    _get(api_client, "/api/products")
    # A concurrent request stored an answer under the version current before the commit ...
    version_before_commit = cache.get(caching.VERSION_KEY)
    caching._new_version()  # ... and the write's after-commit drop runs.
    assert cache.get(caching.VERSION_KEY) != version_before_commit
    assert _get(api_client, "/api/products")[1] > 0


def test_zero_seconds_turns_the_cache_off(api_client, oil, settings):
    settings.CATALOG_READ_CACHE_SECONDS = 0
    _get(api_client, "/api/products")
    assert _get(api_client, "/api/products")[1] > 0


def test_errors_are_not_cached(api_client, oil):
    assert api_client.get("/api/products/categories/NOPE/products").status_code == 404
    make_category("NOPE")
    assert api_client.get("/api/products/categories/NOPE/products").status_code == 200


def test_gzip_is_stored_once_and_served_to_browsers_that_accept_it(api_client, oil):
    import gzip
    import json

    for n in range(5):  # a body big enough to be worth compressing
        make_product(f"Oil {n}", category=oil.category)
    plain = api_client.get("/api/products")
    assert "Content-Encoding" not in plain
    with CaptureQueriesContext(connection) as queries:
        zipped = api_client.get("/api/products", HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert len(queries) == 0
    assert zipped["Content-Encoding"] == "gzip"
    assert "Accept-Encoding" in zipped["Vary"]
    assert json.loads(gzip.decompress(zipped.content)) == plain.json()
    assert zipped["Cache-Control"] == "public, max-age=30"
