"""`/robots.txt` and `/sitemap.xml` are real answers, not the home page."""

import xml.etree.ElementTree as ET

import pytest

from catalog import services
from catalog.tests.factories import make_category, make_product

pytestmark = pytest.mark.django_db

SITEMAP = "{http://www.sitemaps.org/schemas/sitemap/0.9}"


def test_robots_txt_opens_the_shop_and_closes_the_api_and_private_pages(client, settings):
    settings.SITE_URL = "https://shop.example.in"
    response = client.get("/robots.txt")

    assert response.status_code == 200
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    lines = response.content.decode().splitlines()
    assert lines[0] == "User-agent: *"
    for private in ("/api/", "/staff/", "/profile", "/order/", "/placeorder"):
        assert f"Disallow: {private}" in lines
    assert "Disallow: /cart" not in lines  # an empty cart harms nothing; Lighthouse's SEO audit wants it open
    assert "Disallow: /" not in lines  # the shop's own pages stay open
    assert "Sitemap: https://shop.example.in/sitemap.xml" in lines
    assert "public" in response["Cache-Control"]


def test_sitemap_lists_home_every_category_and_every_product(client, settings, django_assert_max_num_queries):
    settings.SITE_URL = "https://shop.example.in/"
    rice = make_category("RICE & PULSES")
    sona = make_product("Sona Masoori Rice", category=rice)
    other = make_product("Toor Dal", category=make_category("DALS"))

    with django_assert_max_num_queries(2):
        response = client.get("/sitemap.xml")

    assert response.status_code == 200
    assert response["Content-Type"] == "application/xml"
    root = ET.fromstring(response.content)
    locations = [url.find(f"{SITEMAP}loc").text for url in root.iter(f"{SITEMAP}url")]
    assert locations[:2] == ["https://shop.example.in/", "https://shop.example.in/category/all"]
    assert "https://shop.example.in/category/RICE%20%26%20PULSES" in locations
    assert "https://shop.example.in/category/DALS" in locations
    assert f"https://shop.example.in/product/{sona.slug}" in locations
    assert f"https://shop.example.in/product/{other.slug}" in locations
    lastmods = [url.find(f"{SITEMAP}lastmod") for url in root.iter(f"{SITEMAP}url")]
    assert lastmods[-1].text == other.updated_at.date().isoformat()


def test_sitemap_follows_catalog_changes(client, settings):
    settings.CATALOG_READ_CACHE_SECONDS = 60
    make_category("RICE & PULSES")
    client.get("/sitemap.xml")
    product = services.product_create()  # a catalog write drops the shared answers
    # Issue 45: a new product starts hidden, and the sitemap lists only what shoppers see.
    assert f"/product/{product.slug}<" not in client.get("/sitemap.xml").content.decode()
    services.pack_publish(financial=product.details.get().financials.get(), published=True)
    services.product_publish(product=product, published=True)

    assert f"/product/{product.slug}<" in client.get("/sitemap.xml").content.decode()
