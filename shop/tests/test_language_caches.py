"""Shared caches and the language: an answer whose text depends on the language varies on it; the
catalog's shared answers carry no translated text, so one entry serves both languages."""

import pytest
from django.conf import settings
from django.core.cache import cache
from django.test import Client

from catalog.tests.factories import make_category, make_product

pytestmark = pytest.mark.django_db

CATALOG_READS = [
    "/api/products",
    "/api/products/categories",
    "/api/products/featured",
    "/api/products/top",
    "/api/products/{slug}",
]


def _client(language: str) -> Client:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def test_the_config_labels_follow_the_language_and_the_answer_varies_on_it():
    english, telugu = _client("en").get("/api/config"), _client("te").get("/api/config")
    assert english.json()["paymentMethods"][0] == {"value": "Cash Or UPI", "label": "Cash/UPI"}
    assert telugu.json()["paymentMethods"][0] == {"value": "Cash Or UPI", "label": "నగదు/UPI"}
    vary = {part.strip() for part in telugu["Vary"].split(",")}
    assert {"Cookie", "Accept-Language"} <= vary
    assert "public" in telugu["Cache-Control"]


@pytest.mark.parametrize("url", CATALOG_READS)
def test_a_catalog_answer_built_in_telugu_is_the_same_in_english(url):
    oil = make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Freedom": [("1", "L", "165", "150", 40)]}
    )
    url = url.format(slug=oil.slug)
    cache.clear()
    telugu = _client("te").get(url)
    english = _client("en").get(url)
    assert telugu.status_code == english.status_code == 200
    assert telugu.content == english.content
