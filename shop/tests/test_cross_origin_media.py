"""Pictures a client on another origin can draw (issue 31, DESIGN.md "Cross-origin clients"): media
paths in API answers become absolute for an allowed origin or with PUBLIC_BASE_URL, rows stored
long ago too, without one origin's answer reaching another through the cache; /media/ answers
CORS for the allowed origins only."""

import gzip
import json

import pytest
from django.test import override_settings

from catalog.tests.factories import make_category, make_product
from common.media_urls import absolute_media

pytestmark = pytest.mark.django_db

SHOP = "https://shop.example.in"
ELSEWHERE = "https://evil.example.com"
API_HOST = "http://testserver"
PUBLIC = ["/api/products", "/api/products/top", "/api/products/featured", "/api/products/categories/all/products"]


@pytest.fixture(autouse=True)
def allowed_origin(settings):
    settings.CORS_ALLOWED_ORIGINS = [SHOP]
    settings.PUBLIC_BASE_URL = ""


@pytest.fixture
def stored():
    """A product as rows stored long ago hold it: the picture a path on this host."""
    category = make_category("Oils")
    return make_product("Sunflower Oil", category=category)


def media_values(body) -> list[str]:
    """Every string in a JSON answer that names a media file."""
    if isinstance(body, dict):
        return [value for item in body.values() for value in media_values(item)]
    if isinstance(body, list):
        return [value for item in body for value in media_values(item)]
    return [body] if isinstance(body, str) and "/media/" in body else []


def decoded(response):
    content = response.content
    if response.get("Content-Encoding") == "gzip":
        content = gzip.decompress(content)
    return json.loads(content)


@pytest.mark.parametrize("path", [*PUBLIC, "product"])
def test_an_allowed_origin_gets_absolute_pictures_and_the_shop_keeps_its_paths(client, stored, path):
    path = f"/api/products/{stored.slug}" if path == "product" else path
    for _ in range(2):  # the second time from the shared cache, warmed by the other origin
        theirs = client.get(path, HTTP_ORIGIN=SHOP, HTTP_ACCEPT_ENCODING="gzip")
        ours = client.get(path, HTTP_ACCEPT_ENCODING="gzip")
        assert theirs.status_code == ours.status_code == 200
        absolute, relative = media_values(decoded(theirs)), media_values(decoded(ours))
        assert absolute and len(absolute) == len(relative)
        assert absolute == [f"{API_HOST}{value}" for value in relative]
        assert all(value.startswith("/media/") for value in relative)
        assert "origin" in theirs["Vary"].lower() and "origin" in ours["Vary"].lower()


def test_an_origin_not_allowed_and_the_shops_own_keep_paths(client, stored):
    for origin in (ELSEWHERE, API_HOST):
        values = media_values(client.get("/api/products", HTTP_ORIGIN=origin).json())
        assert values and all(value.startswith("/media/") for value in values)


def test_a_public_base_url_makes_every_answer_absolute(client, stored, settings):
    settings.PUBLIC_BASE_URL = "https://media.example.in/"
    for origin in ({}, {"HTTP_ORIGIN": SHOP}):
        values = media_values(client.get("/api/products", **origin).json())
        assert values and all(value.startswith("https://media.example.in/media/") for value in values)


def test_a_large_page_is_rewritten_whole(client):
    category = make_category("Rice")
    for _ in range(60):
        make_product(category=category)
    body = decoded(client.get("/api/products?pageSize=500", HTTP_ORIGIN=SHOP, HTTP_ACCEPT_ENCODING="gzip"))
    assert len(body["products"]) == 60
    assert all(value.startswith(f"{API_HOST}/media/") for value in media_values(body))


def test_only_whole_values_that_are_media_paths_change():
    body = json.dumps(
        {"image": "/media/a.svg", "images": ["/media/b.svg"], "description": 'see "/media/c.svg", /media/d'}
    ).encode()
    rewritten = json.loads(absolute_media(body, SHOP))
    assert rewritten == {
        "image": f"{SHOP}/media/a.svg",
        "images": [f"{SHOP}/media/b.svg"],
        "description": 'see "/media/c.svg", /media/d',
    }
    assert absolute_media(body, "") == body
    with override_settings(MEDIA_URL="https://bucket.example/media/"):
        assert absolute_media(body, SHOP) == body  # storage gives absolute URLs itself


def test_media_files_answer_cors_for_the_allowed_origins_only(client, settings, tmp_path):
    settings.MEDIA_ROOT = tmp_path
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "rice.svg").write_text("<svg xmlns='http://www.w3.org/2000/svg'/>")

    allowed = client.get("/media/catalog/rice.svg", HTTP_ORIGIN=SHOP)
    refused = client.get("/media/catalog/rice.svg", HTTP_ORIGIN=ELSEWHERE)
    assert allowed.status_code == refused.status_code == 200
    assert allowed["Access-Control-Allow-Origin"] == SHOP
    assert "Access-Control-Allow-Origin" not in refused


def test_the_shops_own_pages_may_load_pictures_from_the_public_base_url(settings):
    from shop.csp import content_security_policy

    def img_src() -> list[str]:
        policy = content_security_policy(nonce="n", path="/")
        [directive] = [part.split()[1:] for part in policy.split("; ") if part.startswith("img-src ")]
        return directive

    assert "https://media.example.in" not in img_src()
    settings.PUBLIC_BASE_URL = "https://media.example.in/"
    assert "https://media.example.in" in img_src()
