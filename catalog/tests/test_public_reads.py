"""Public catalog reads answered without DRF's request cycle (`api.PublicRead`) answer exactly what
DRF's cycle answers (status, every header, the bytes) for every kind of client, and whatever the
short way does not answer goes through DRF as before; cached answers are kept as bytes."""

import gzip
import json

import pytest
from django.core.cache import cache
from django.middleware.gzip import GZipMiddleware
from rest_framework.renderers import JSONRenderer
from rest_framework.views import APIView

from catalog import api, caching, public_reads
from common import cache as shared_cache
from conftest import client_for

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

OTHER_ORIGIN = "https://app.example.in"


@pytest.fixture
def oil(settings):
    settings.CORS_ALLOWED_ORIGINS = [OTHER_ORIGIN]
    oils = make_category("OILS")
    for n in range(4):  # answers long enough to be gzipped
        make_product(f"Sunflower Oil {n}", category=oils, brands={"Freedom": [("1", "L", "165", "150", 40)]})
    return make_product("Groundnut Oil", category=oils)


SHORT_WAY = [
    "/api/products",
    "/api/products?keyword=oil&pageSize=2&pageNumber=2",
    "/api/products?pageNumber=",
    "/api/products/categories",
    "/api/products/categories/oils/products",
    "/api/products/featured",
    "/api/products/suggestions?q=sunflower",
    "/api/products/suggestions?q=sunflowr",
    "/api/products/suggestions?q=su",
    "/api/products/suggestions",
    "/api/products/top",
    "/api/products/{slug}",
]
THROUGH_DRF = [  # refused by the serializer, an error, another format
    "/api/products?pageNumber=abc",
    "/api/products/suggestions?q=" + "a" * 201,
    "/api/products/categories/nope/products",
    "/api/products/no-such-product",
    "/api/products/top?format=json",
    "/api/products/top?format=xml",
]
CLIENTS = {
    "plain": {},
    "browser": {
        "HTTP_ACCEPT": "application/json, text/plain, */*",
        "HTTP_ACCEPT_ENCODING": "gzip, deflate, br",
        "HTTP_ACCEPT_LANGUAGE": "te-IN,te;q=0.9,en;q=0.8",
    },
    "other origin": {"HTTP_ORIGIN": OTHER_ORIGIN, "HTTP_ACCEPT_ENCODING": "gzip"},
    "html only": {"HTTP_ACCEPT": "text/html"},
    "token shaped garbage": {"HTTP_AUTHORIZATION": "Bearer abc.def.ghi"},
    "Bearer undefined": {"HTTP_AUTHORIZATION": "Bearer undefined"},
}


def _answer(client, url: str, headers: dict) -> tuple:
    response = client.get(url, **headers)
    kept = {name: value for name, value in response.headers.items() if name != "X-Request-ID"}
    return response.status_code, kept, response.content


@pytest.fixture
def through_drf(monkeypatch):
    """Counts DRF's request cycles; `through_drf.only()` sends every read through it, as before."""
    cycles = []
    initial = APIView.initial
    monkeypatch.setattr(APIView, "initial", lambda self, *a, **kw: cycles.append(1) or initial(self, *a, **kw))

    class Switch:
        count = cycles

        @staticmethod
        def only():
            monkeypatch.setattr(public_reads, "_accepts_json", lambda accept: False)

    return Switch


@pytest.mark.parametrize("who", CLIENTS)
def test_the_short_way_answers_what_drf_answers(oil, customer, through_drf, monkeypatch, who):
    # GZipMiddleware pads what it compresses with up to 100 random bytes (against BREACH), so an
    # error answer of 200-300 bytes is sometimes sent compressed and sometimes not: none here.
    monkeypatch.setattr(GZipMiddleware, "max_random_bytes", 0)
    clients = {"anonymous": client_for(None), "customer": client_for(customer)}
    urls = [url.format(slug=oil.slug) for url in SHORT_WAY + THROUGH_DRF]
    short = {(name, url): _answer(client, url, CLIENTS[who]) for name, client in clients.items() for url in urls}
    taken_by_drf = len(through_drf.count)

    cache.clear()
    caching._forget()
    through_drf.only()
    for (name, url), answered in short.items():
        assert _answer(clients[name], url, CLIENTS[who]) == answered, (name, url)

    # The short way took every read it may take (anything else, and any other client, went through DRF).
    assert taken_by_drf == (len(short) if who == "html only" else len(clients) * len(THROUGH_DRF))


def test_no_suggestions_are_written_as_drf_writes_them():
    assert api.NO_SUGGESTIONS == JSONRenderer().render({"products": [], "brands": []})


def test_a_signed_in_shopper_token_is_not_looked_up_by_a_public_read(oil, customer, django_assert_num_queries):
    shopper = client_for(customer)
    shopper.get("/api/products/top")
    with django_assert_num_queries(0):  # no user look-up, and the answer from the cache
        assert shopper.get("/api/products/top").status_code == 200


def _entries(key: str) -> list:
    kept = caching._entry_key(key)
    return shared_cache.get_bytes_many(cache, [kept, f"{kept}:gzip"])


def test_a_cached_answer_is_its_bytes_behind_a_version_line(oil, api_client):
    plain = api_client.get("/api/products/top")
    zipped = api_client.get("/api/products/top", HTTP_ACCEPT_ENCODING="gzip")
    version = caching.current_version()
    stored_plain, stored_gzip = _entries("top")
    assert stored_plain == version + b" \n" + plain.content
    assert stored_gzip == version + b" gzip\n" + zipped.content
    assert json.loads(gzip.decompress(zipped.content)) == plain.json()


def test_a_small_answer_is_kept_plain_for_gzip_clients_too(oil, api_client):
    api_client.get("/api/products/categories", HTTP_ACCEPT_ENCODING="gzip")
    stored_plain, stored_gzip = _entries("categories")
    version = caching.current_version()
    assert stored_gzip.startswith(version + b" \n")  # gzip would not be smaller: no encoding
    assert stored_gzip == stored_plain
    response = api_client.get("/api/products/categories", HTTP_ACCEPT_ENCODING="gzip")
    assert "Content-Encoding" not in response
    assert response.json()["categories"] == ["OILS"]


def test_an_entry_of_another_version_is_not_served(oil, api_client):
    top = api_client.get("/api/products/top").json()
    version = caching.current_version()
    key = caching._entry_key("top")
    shared_cache.set_bytes_many(cache, {key: version + b"0 \n[]"}, 60)  # a version that starts the same
    assert api_client.get("/api/products/top").json() == top
    shared_cache.set_bytes_many(cache, {key: version + b" \n[]"}, 60)
    assert api_client.get("/api/products/top").json() == []
