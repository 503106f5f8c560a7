"""Pages carry their island's first API answers (shop/preload.py), the same the API gives, in the
page's language and only what the first screen shows."""

import json
import re
from urllib.parse import quote

import pytest
from django.conf import settings

from catalog.tests.factories import make_category, make_product
from shop.pages import PRODUCT_NOT_SHOWN
from shop.preload import uri_component, without_telugu

pytestmark = pytest.mark.django_db

PRELOAD = re.compile(r'<script id="api-preload" type="application/json">(.*?)</script>', re.S)


def preloaded(client, url: str, **headers) -> dict:
    response = client.get(url, **headers)
    assert response.status_code in (200, 404)
    found = PRELOAD.search(response.content.decode())
    assert found, f"{url} carries no preloaded answers"
    return json.loads(found.group(1))


def api(client, path: str, *, english: bool = True):
    """The API's answer to `path`, as an English page carries it (without the Telugu fields)."""
    response = client.get(path)
    assert response.status_code == 200, path
    return without_telugu(response.json()) if english else response.json()


@pytest.fixture
def catalog():
    budget = make_category("BUDGET FRIENDLY PACKAGES", name_te="బడ్జెట్ ప్యాకేజీలు")
    oils = make_category("OILS", name_te="నూనెలు")
    make_product("Family Pack", category=budget)
    make_product("Groundnut Oil", category=oils, name_te="వేరుశనగ నూనె")
    make_product("Rice Bran Oil", category=oils)
    return {"budget": budget, "oils": oils}


def test_the_home_page_carries_the_first_screen_answers_as_the_api_gives_them(client, catalog):
    answers = preloaded(client, "/")

    # The budget packages are at the bottom of the page: the island fetches them.
    assert set(answers) == {"/api/products/categories", "/api/products/featured", "/api/promotions"}
    for path in ("/api/products/categories", "/api/promotions"):
        assert answers[path] == api(client, path), path
    # The featured categories as the category grid shows them: their rows of products are further
    # down, and the island fetches the whole answer when the first row comes near.
    whole = api(client, "/api/products/featured")["categories"]
    assert answers["/api/products/featured"]["categories"] == [
        {key: value for key, value in entry.items() if key != "products"} for entry in whole
    ]
    assert any(entry["products"] for entry in whole)


def test_an_english_page_carries_no_telugu_and_a_telugu_page_both_names(client, catalog):
    english = json.dumps(preloaded(client, "/category/OILS"), ensure_ascii=False)
    assert "Groundnut Oil" in english
    assert 'Te":' not in english and "వేరుశనగ" not in english

    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "te"
    answers = preloaded(client, "/category/OILS")
    path = "/api/products/categories/OILS/products?pageNumber=1&pageSize=24"
    assert answers == {path: api(client, path, english=False)}
    groundnut = next(product for product in answers[path]["products"] if product["name"] == "Groundnut Oil")
    assert groundnut["nameTe"] == "వేరుశనగ నూనె"

    telugu_home = preloaded(client, "/")
    assert {entry["nameTe"] for entry in telugu_home["/api/products/featured"]["categories"]} >= {"నూనెలు"}


def test_the_english_home_page_carries_neither_the_featured_rows_nor_telugu(client, catalog):
    html = client.get("/").content.decode()

    # Both were in the page before: 152 kB of HTML with the demo catalog.
    assert "Groundnut Oil" not in html and "Rice Bran Oil" not in html
    assert "నూనెలు" not in html and 'Te":' not in html


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


def test_the_product_page_carries_the_product_as_its_page_shows_it(client, catalog):
    product = make_product("Sunflower Oil", name_te="పొద్దుతిరుగుడు నూనె", category=catalog["oils"])
    path = f"/api/products/{product.slug}"

    answers = preloaded(client, f"/product/{product.slug}")
    telugu = preloaded(client, f"/product/{product.slug}", HTTP_COOKIE="django_language=te")

    # Everything the page shows (names, category, picture, description, brands, packs and their
    # declarations), but not what it never shows: the reviews and the invoice's tax fields.
    whole = api(client, path)
    assert set(PRODUCT_NOT_SHOWN) <= set(whole) and whole["details"][0]["financials"]
    assert answers == {path: {key: value for key, value in whole.items() if key not in PRODUCT_NOT_SHOWN}}
    # A Telugu page keeps the Telugu names, with the English beneath them.
    assert telugu[path]["nameTe"] == "పొద్దుతిరుగుడు నూనె" and telugu[path]["name"] == "Sunflower Oil"
    assert not set(PRODUCT_NOT_SHOWN) & set(telugu[path])


def test_an_answer_that_is_not_a_200_is_left_to_the_island(client, catalog):
    assert preloaded(client, "/category/NO%20SUCH%20CATEGORY") == {}


def test_the_answers_are_public_whoever_asks(client, catalog, django_user_model):
    anonymous = preloaded(client, "/")
    signed_in = preloaded(client, "/", HTTP_AUTHORIZATION="Bearer not-a-token", HTTP_COOKIE="sessionid=x")

    assert signed_in == anonymous


def test_catalog_text_cannot_close_the_script(client, catalog):
    make_product("Oil </script><script>alert(1)</script>", category=catalog["oils"])

    html = client.get("/category/OILS").content.decode()

    assert "<script>alert(1)" not in html
    names = [
        product["name"]
        for answer in json.loads(PRELOAD.search(html).group(1)).values()
        for product in answer["products"]
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
