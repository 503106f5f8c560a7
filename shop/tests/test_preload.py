"""Pages carry their island's first API answers (shop/preload.py), the same the API gives."""

import json
import re
from urllib.parse import quote

import pytest

from catalog.tests.factories import make_category, make_product
from shop.preload import uri_component

pytestmark = pytest.mark.django_db

PRELOAD = re.compile(r'<script id="api-preload" type="application/json">(.*?)</script>', re.S)


def preloaded(client, url: str, **headers) -> dict:
    response = client.get(url, **headers)
    assert response.status_code in (200, 404)
    found = PRELOAD.search(response.content.decode())
    assert found, f"{url} carries no preloaded answers"
    return json.loads(found.group(1))


def api(client, path: str):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.json()


@pytest.fixture
def catalog():
    budget = make_category("BUDGET FRIENDLY PACKAGES")
    oils = make_category("OILS")
    make_product("Family Pack", category=budget)
    make_product("Groundnut Oil", category=oils)
    make_product("Rice Bran Oil", category=oils)
    return {"budget": budget, "oils": oils}


def test_the_home_page_carries_the_first_screen_answers_exactly_as_the_api_gives_them(client, catalog):
    answers = preloaded(client, "/")

    budget_path = "/api/products/categories/BUDGET%20FRIENDLY%20PACKAGES/products?pageNumber=1&pageSize=6"
    assert set(answers) == {"/api/products/categories", "/api/products/featured", "/api/promotions", budget_path}
    for path, answer in answers.items():
        assert answer == api(client, path), path
    assert [product["name"] for product in answers[budget_path]["products"]] == ["Family Pack"]
    featured = {
        entry["name"]: [product["name"] for product in entry["products"]]
        for entry in answers["/api/products/featured"]["categories"]
    }
    assert sorted(featured["OILS"]) == ["Groundnut Oil", "Rice Bran Oil"]


def test_the_home_list_page_n_carries_that_page_of_every_product(client, catalog):
    answers = preloaded(client, "/page/1")

    assert answers["/api/products?keyword=&pageNumber=1"] == api(client, "/api/products?keyword=&pageNumber=1")
    assert "/api/promotions" not in answers


def test_a_category_page_carries_its_first_page_under_the_islands_path(client, catalog):
    name = "EGGS & DAIRY"
    make_product("Country Eggs", category=make_category(name))

    answers = preloaded(client, f"/category/{quote(name)}")

    path = f"/api/products/categories/{uri_component(name)}/products?pageNumber=1&pageSize=24"
    assert path == "/api/products/categories/EGGS%20%26%20DAIRY/products?pageNumber=1&pageSize=24"
    assert answers == {path: api(client, path)}
    assert [product["name"] for product in answers[path]["products"]] == ["Country Eggs"]


@pytest.mark.parametrize(
    ("url", "path"),
    [
        ("/search?query=ground%20nut's", "/api/products?keyword=ground%20nut's&pageNumber=1"),
        ("/search/oil", "/api/products?keyword=oil&pageNumber=1"),
        ("/search/oil/page/2", "/api/products?keyword=oil&pageNumber=2"),
    ],
)
def test_a_search_page_carries_its_results(client, catalog, url, path):
    answers = preloaded(client, url)

    assert answers == {path: api(client, path)}


def test_the_product_page_carries_the_product(client, catalog):
    product = make_product("Sunflower Oil", category=catalog["oils"])

    answers = preloaded(client, f"/product/{product.slug}")

    assert answers == {f"/api/products/{product.slug}": api(client, f"/api/products/{product.slug}")}


def test_an_answer_that_is_not_a_200_is_left_to_the_island(client, catalog):
    assert preloaded(client, "/category/NO%20SUCH%20CATEGORY") == {}


def test_the_answers_are_public_whoever_asks(client, catalog, django_user_model):
    anonymous = preloaded(client, "/")
    signed_in = preloaded(client, "/", HTTP_AUTHORIZATION="Bearer not-a-token", HTTP_COOKIE="sessionid=x")

    assert signed_in == anonymous


def test_catalog_text_cannot_close_the_script(client, catalog):
    make_product("Oil </script><script>alert(1)</script>", category=catalog["oils"])

    html = client.get("/").content.decode()

    assert "<script>alert(1)" not in html
    names = [
        product["name"]
        for entry in json.loads(PRELOAD.search(html).group(1))["/api/products/featured"]["categories"]
        for product in entry["products"]
    ]
    assert "Oil </script><script>alert(1)</script>" in names


def test_a_page_whose_answer_fails_still_renders(client, catalog, monkeypatch):
    from catalog import answers

    def broken(**kwargs):
        raise RuntimeError("database gone")

    monkeypatch.setattr(answers, "featured", broken)

    response = client.get("/")

    assert response.status_code == 200
    assert "/api/products/featured" not in json.loads(PRELOAD.search(response.content.decode()).group(1))
