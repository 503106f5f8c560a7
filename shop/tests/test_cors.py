"""CORS for the API on its own host (spec section 1): only /api/, only the listed origins, with
credentials; the paged list's total headers are readable cross-origin."""

import os

import pytest
from django.test import override_settings

from shop import settings as shop_settings

pytestmark = pytest.mark.django_db

SHOP = "https://shop.example.in"
ELSEWHERE = "https://evil.example.com"
CORS_HEADERS = ("Access-Control-Allow-Origin", "Access-Control-Allow-Credentials", "Access-Control-Allow-Methods")


@pytest.fixture(autouse=True)
def allowed_origin():
    with override_settings(CORS_ALLOWED_ORIGINS=[SHOP]):
        yield


def preflight(client, origin: str, path: str = "/api/orders", method: str = "POST"):
    return client.options(
        path,
        HTTP_ORIGIN=origin,
        HTTP_ACCESS_CONTROL_REQUEST_METHOD=method,
        HTTP_ACCESS_CONTROL_REQUEST_HEADERS="authorization, content-type",
    )


def test_a_preflight_from_the_listed_origin_may_send_the_token_and_json(client):
    response = preflight(client, SHOP)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == SHOP
    assert response["Access-Control-Allow-Credentials"] == "true"
    assert "POST" in response["Access-Control-Allow-Methods"]
    allowed = {header.strip() for header in response["Access-Control-Allow-Headers"].split(",")}
    assert {"authorization", "content-type"} <= allowed


def test_a_credentialed_get_from_the_listed_origin_is_readable_with_the_paging_headers(as_user, admin_user):
    response = as_user(admin_user).get("/api/orders", HTTP_ORIGIN=SHOP)
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == SHOP
    assert response["Access-Control-Allow-Credentials"] == "true"
    exposed = {header.strip().lower() for header in response["Access-Control-Expose-Headers"].split(",")}
    assert exposed == {"x-total-count", "link"}
    assert "origin" in response["Vary"].lower()


def test_a_public_catalog_read_from_the_listed_origin_is_readable(client):
    response = client.get("/api/products", HTTP_ORIGIN=SHOP, HTTP_AUTHORIZATION="Bearer undefined")
    assert response.status_code == 200
    assert response["Access-Control-Allow-Origin"] == SHOP


def test_an_origin_not_listed_gets_no_cors_headers(client):
    for response in (preflight(client, ELSEWHERE), client.get("/api/products", HTTP_ORIGIN=ELSEWHERE)):
        assert not any(header in response for header in CORS_HEADERS)


def test_pages_outside_the_api_get_no_cors_headers(client):
    response = client.get("/", HTTP_ORIGIN=SHOP)
    assert "Access-Control-Allow-Origin" not in response


def test_no_origin_is_allowed_by_default(client):
    if "CORS_ALLOWED_ORIGINS" not in os.environ:
        assert shop_settings.CORS_ALLOWED_ORIGINS == []
    with override_settings(CORS_ALLOWED_ORIGINS=[]):
        assert "Access-Control-Allow-Origin" not in client.get("/api/products", HTTP_ORIGIN=SHOP)
