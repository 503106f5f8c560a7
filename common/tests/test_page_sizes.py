"""Page sizes have one owner (`common.pagination`): the selectors' defaults, the request
serializers, the OpenAPI descriptions and the README's table all say what it says."""

import inspect
import re

import pytest
from django.conf import settings

from accounts import selectors as account_selectors
from catalog import selectors as catalog_selectors
from common import pagination
from common.pagination import PageSizes
from orders import selectors as order_selectors

ROUTES = {
    "/api/products": pagination.PRODUCT_LIST,
    "/api/products/categories/{category}/products": pagination.CATEGORY_PRODUCTS,
    "/api/admin/products": pagination.ADMIN_PRODUCT_LIST,
    "/api/orders": pagination.ADMIN_ORDER_LIST,
    "/api/users": pagination.USER_LIST,
    "/api/promotions/rewards": pagination.REWARD_LIST,
    "/api/support/tickets": pagination.TICKET_LIST,
}


def test_every_page_size_of_the_owner_is_listed_here():
    owned = {name for name, value in vars(pagination).items() if isinstance(value, PageSizes)}
    assert {name for name, value in vars(pagination).items() if value in ROUTES.values()} == owned


def test_the_readme_table_says_what_the_owner_says():
    readme = (settings.BASE_DIR / "README.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\s*\| `GET (/api/[^`]+)`([^|]*)\| (\d+) \| (\d+) \|$", readme, flags=re.MULTILINE)
    assert {
        path: PageSizes(default=int(default), most=int(most), whole_when_unpaged="neither `pageNumber`" in note)
        for path, note, default, most in rows
    } == ROUTES


@pytest.mark.parametrize(
    ("selector", "sizes"),
    [
        (catalog_selectors.product_list, pagination.PRODUCT_LIST),
        (catalog_selectors.category_products, pagination.CATEGORY_PRODUCTS),
        (catalog_selectors.admin_product_list, pagination.ADMIN_PRODUCT_LIST),
        (order_selectors.orders_for_admin, pagination.ADMIN_ORDER_LIST),
        (account_selectors.user_page, pagination.USER_LIST),
    ],
)
def test_the_selectors_defaults_are_the_owners(selector, sizes):
    assert inspect.signature(selector).parameters["page_size"].default == sizes.default


@pytest.fixture(scope="module")
def schema(django_db_setup, django_db_blocker):
    from rest_framework.test import APIClient

    with django_db_blocker.unblock():
        return APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()


@pytest.mark.parametrize(("path", "sizes"), ROUTES.items())
def test_the_published_schema_describes_each_lists_page_size(schema, path, sizes):
    [parameter] = [p for p in schema["paths"][path]["get"]["parameters"] if p["name"] == "pageSize"]
    assert parameter["description"] == sizes.describe()


@pytest.fixture
def built_with(monkeypatch, settings) -> list[int]:
    """The page sizes the public product lists are built with (their answers carry none)."""
    from catalog import answers

    settings.CATALOG_READ_CACHE_SECONDS = 0
    sizes: list[int] = []
    for name in ("product_list", "category_products"):
        build = getattr(answers, name)
        monkeypatch.setattr(answers, name, lambda build=build, **kw: sizes.append(kw["page_size"]) or build(**kw))
    return sizes


@pytest.mark.django_db
@pytest.mark.parametrize(("path", "sizes"), ROUTES.items())
def test_each_list_pages_by_its_default_and_caps_at_its_most(path, sizes, as_user, admin_user, built_with):
    admin = as_user(admin_user)

    def size_for(query: str) -> int:
        built_with.clear()
        response = admin.get(path.replace("{category}", "all") + query)
        assert response.status_code == 200, response.content
        # The staff's lists answer the size in their `Link` header.
        return built_with[0] if built_with else int(re.search(r"[?&]pageSize=(\d+)", response["Link"]).group(1))

    assert size_for("?pageNumber=1") == sizes.default
    assert size_for("") == (sizes.most if sizes.whole_when_unpaged else sizes.default)
    assert size_for("?pageSize=") == sizes.default
    assert size_for(f"?pageSize={sizes.most + 1000}") == sizes.most
    assert size_for("?pageSize=3") == 3


def test_every_list_honours_pages_of_five_hundred():
    assert {sizes.most for sizes in ROUTES.values()} == {pagination.MOST_PAGE_SIZE} == {500}


@pytest.mark.django_db
def test_the_user_list_asked_without_paging_answers_every_user_with_the_total(as_user, admin_user, django_user_model):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    admin = as_user(admin_user)
    with CaptureQueriesContext(connection) as few:
        admin.get("/api/users")
    django_user_model.objects.bulk_create(
        django_user_model(phone_no=f"99{number:08d}", name=f"Shopper {number}") for number in range(26)
    )
    with CaptureQueriesContext(connection) as many:
        everyone = admin.get("/api/users")
    assert len(many) == len(few)  # whatever the number of users
    paged = admin.get("/api/users", {"pageNumber": 1})
    total = django_user_model.objects.count()
    assert total > pagination.USER_LIST.default
    assert len(everyone.json()) == total and everyone["X-Total-Count"] == str(total)
    assert len(paged.json()) == pagination.USER_LIST.default and paged["X-Total-Count"] == str(total)
