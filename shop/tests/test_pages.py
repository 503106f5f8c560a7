"""Every route of spec section 2 renders its template, with its title, island and gate.

Most titles are the route table's (`shop/pages.py`); search and category pages name what they show."""

import json
import re

import pytest

from shop import pages

ROUTES = [
    ("/", pages.HOME, "Fresh groceries delivered in 24 hours"),
    ("/page/2", pages.HOME, "Fresh groceries delivered in 24 hours"),
    ("/search?query=rice", pages.SEARCH, 'Search Results for "rice"'),
    ("/search/rice", pages.SEARCH, 'Search Results for "rice"'),
    ("/search/rice/page/2", pages.SEARCH, 'Search Results for "rice"'),
    ("/category/all", pages.CATEGORY, "All Products"),
    ("/category/EGGS%20%26%20DAIRY", pages.CATEGORY, "EGGS &amp; DAIRY"),
    ("/cart", pages.CART, "Your cart"),
    ("/login?redirect=/shipping", pages.LOGIN, "Sign in"),
    ("/register", pages.REGISTER, "Create your account"),
    ("/shipping", pages.SHIPPING, "Shipping"),
    ("/payment", pages.PAYMENT, "Payment method"),
    ("/placeorder", pages.PLACE_ORDER, "Place order"),
    ("/order/abc123", pages.ORDER, "Order details"),
    ("/profile", pages.PROFILE, "My profile"),
    ("/payment/success?orderId=x", pages.PAYMENT_SUCCESS, "Payment successful"),
    ("/payment/failure", pages.PAYMENT_FAILURE, "Payment failed"),
    ("/admin/orderlist", pages.ADMIN_ORDERS, "Orders"),
    ("/admin/productlist", pages.ADMIN_PRODUCTS, "Products"),
    ("/admin/productlist/2", pages.ADMIN_PRODUCTS, "Products"),
    ("/admin/product/sona-masoori-rice/edit/3", pages.ADMIN_PRODUCT_EDIT, "Edit Product Details"),
    ("/admin/userlist", pages.ADMIN_USERS, "Users"),
    ("/admin/user/4/edit", pages.ADMIN_USER_EDIT, "Edit User"),
    ("/admin/dashboard", pages.ADMIN_DASHBOARD, "Dashboard"),
    ("/admin/dashboard?period=7d", pages.ADMIN_DASHBOARD, "Dashboard"),
    ("/terms.html", pages.TERMS, "Terms and Conditions"),
    ("/privacy.html", pages.PRIVACY, "Privacy Policy"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "page", "title"), ROUTES)
def test_route_renders_its_page(client, url, page, title):
    response = client.get(url)

    assert response.status_code == 200
    assert response.templates[0].name == page.template
    html = response.content.decode()
    assert f"<title>{title} | SMLR Mart</title>" in html
    assert 'name="description"' in html
    if page.island:
        assert re.search(rf"/static/bundles/{re.escape(page.island)}(-[0-9a-f]+)?\.js", html), page.island


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url", ["/no/such/page", "/categories", "/random-thing?x=1", "/admin/nothing", "/admin/orderlist/extra", "/admin/"]
)
def test_unknown_paths_show_the_home_list(client, url):
    response = client.get(url)

    assert response.status_code == 200
    assert response.templates[0].name == pages.HOME.template
    assert "var gate" not in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/api/no-such-endpoint", "/ws/nothing", "/static/nope.js", "/media/nope.png"])
def test_reserved_prefixes_do_not_fall_back_to_home(client, url):
    assert client.get(url).status_code == 404


@pytest.mark.django_db
def test_unknown_api_path_answers_json(client):
    response = client.get("/api/no-such-endpoint")

    assert response.json() == {"message": "Not found."}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/api/a%0Ab", "/api/products/x%0Ay/details/2.5/financials"])
def test_an_api_path_with_an_encoded_newline_answers_json_too(client, path):
    response = client.post(path, {}, content_type="application/json")

    assert (response.status_code, response.json()) == (404, {"message": "Not found."})


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "gate"),
    [
        ("/shipping", "signed-in"),
        ("/profile", "signed-in"),
        ("/admin/userlist", "admin"),
        ("/admin/dashboard", "admin"),
    ],
)
def test_gated_pages_leave_for_login_before_painting(client, url, gate):
    html = client.get(url).content.decode()

    assert f'var gate = "{gate}"' in html
    assert 'location.replace("/login?redirect="' in html


@pytest.mark.django_db
def test_public_pages_carry_no_gate(client):
    assert "var gate" not in client.get("/").content.decode()


@pytest.mark.django_db
def test_shop_config_reaches_the_page_without_secrets(client, settings):
    settings.JUSPAY_API_KEY = "secret-gateway-key"

    html = client.get("/").content.decode()

    assert settings.STORE_WHATSAPP_NUMBER in html
    assert "secret-gateway-key" not in html


@pytest.mark.django_db
def test_unknown_api_path_answers_json_404_to_a_post_without_csrf_cookie():
    from django.test import Client

    response = Client(enforce_csrf_checks=True).post(
        "/api/products/1/details/-0.5/financials", {}, content_type="application/json"
    )

    assert response.status_code == 404
    assert response.json() == {"message": "Not found."}


@pytest.mark.django_db
def test_product_page_names_the_product_before_javascript(client):
    from catalog.models import Category, Product

    category = Category.objects.create(key="rice-pulses", name="RICE & PULSES")
    Product.objects.create(
        name="Sona Masoori Rice", slug="sona-masoori-rice", category=category, description="Aged rice."
    )

    html = client.get("/product/sona-masoori-rice").content.decode()

    assert "<title>Sona Masoori Rice |" in html
    assert '<meta name="description" content="Aged rice.">' in html
    assert '<h1 class="product-page__name">Sona Masoori Rice</h1>' in html


@pytest.mark.django_db
def test_unknown_product_still_renders_the_page_for_the_island_to_explain(client):
    response = client.get("/product/no-such-thing")

    assert response.status_code == 404
    assert response.templates[0].name == "pages/product.html"
    assert "<title>Product |" in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("url", "island", "mount"),
    [
        ("/admin/productlist", "admin-products", 'data-page-number="1"'),
        ("/admin/productlist/3", "admin-products", 'data-page-number="3"'),
        ("/admin/product/rice/edit/3", "admin-product-edit", 'data-product-ref="rice" data-detail-id="3"'),
        ("/admin/userlist", "admin-users", '<div id="island" class="island">'),
        ("/admin/dashboard", "admin-dashboard", '<div id="island" class="island">'),
        ("/admin/user/4/edit", "admin-user-edit", '<div id="island" class="island" data-user-id="4">'),
        ("/admin/user/%22%3E%3Cb%3E/edit", "admin-user-edit", 'data-user-id="&quot;&gt;&lt;b&gt;"'),
    ],
)
def test_admin_screens_mount_their_islands(client, url, island, mount):
    html = client.get(url).content.decode()
    assert f"bundles/{island}" in html
    assert mount in html


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/", "/cart", "/profile"])
def test_the_header_and_bottom_bar_are_written_once_and_work_without_javascript(client, url, settings):
    """base.html holds the chrome's markup; the chrome island only mounts live parts into its slots."""
    settings.STORE_NAME = "SMLR Mart"
    html = client.get(url).content.decode()

    assert html.count('class="site-header"') == 1
    assert re.search(r'<a class="site-header__logo" href="/">.*?<span>SMLR Mart</span></a>', html)
    assert re.search(r'<form class="search-box__form" role="search" action="/search" method="get">', html)
    assert 'href="/login" aria-label="Account"' in html
    for href, label in [
        ("/", "Home"),
        ("/category/EGGS%20%26%20DAIRY", "SMLR Products"),
        ("/category/BUDGET%20FRIENDLY%20PACKAGES", "Budget Friendly"),
    ]:
        assert re.search(rf'<a class="bottom-bar__item" href="{re.escape(href)}">.*?<span>{label}</span></a>', html), (
            label
        )
    assert re.search(r'href="https://wa.me/\d*">.*?<span>Say Hi To Order</span>', html)
    for slot in ("search-slot", "account-slot", "say-hi-slot"):
        assert html.count(f'id="{slot}"') == 1
    # The delivery checker's slot only on the home page.
    assert ('id="delivery-slot"' in html) == (url == "/")


@pytest.mark.django_db
@pytest.mark.parametrize("url", ["/admin/orderlist", "/admin/counter", "/admin/rider", "/admin/phone-order"])
def test_staff_pages_have_the_header_but_not_the_shoppers_bottom_bar(client, url):
    """Issue 45: a cashier's or rider's phone keeps the whole screen for the till or the round."""
    html = client.get(url).content.decode()

    assert html.count('class="site-header"') == 1
    assert 'id="bottom-bar"' not in html and 'id="say-hi-slot"' not in html


@pytest.mark.django_db
@pytest.mark.parametrize(("url", "island"), [("/", "home"), ("/category/all", "category"), ("/cart", "cart")])
def test_pages_carry_their_stylesheets_instead_of_linking_them(client, url, island):
    from webpack_loader.utils import get_files

    response = client.get(url)
    html = response.content.decode()
    nonce = re.search(r"'nonce-([^']+)'", response["Content-Security-Policy"]).group(1)

    assert 'rel="stylesheet"' not in html
    for bundle in ("chrome", island):
        for chunk in get_files(bundle, "css"):
            assert f'<style nonce="{nonce}" data-bundle="{chunk["name"]}">' in html
    assert ".site-header" in html  # the chrome's rules themselves


@pytest.mark.django_db
def test_media_files_may_be_kept_for_a_year(client, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    (tmp_path / "rice.svg").write_text('<svg xmlns="http://www.w3.org/2000/svg"/>')

    response = client.get("/media/rice.svg")

    assert response.status_code == 200
    assert response["Cache-Control"] == "public, max-age=31536000, immutable"


@pytest.mark.django_db
def test_a_telugu_page_preloads_the_telugu_catalog_and_an_english_page_does_not(client, settings):
    from shop.templatetags.language_catalog import catalog_chunk_urls

    urls = catalog_chunk_urls("te", "chrome", "cart")
    # Lazy chunks are files named by id; chunk-names.json (webpack.config.js) says what each holds.
    names = json.loads((settings.BASE_DIR / "frontend/build/bundles/chunk-names.json").read_text())
    assert [names[url.rsplit("/", 1)[1]] for url in urls] == ["i18n-te-chrome", "i18n-te-cart"]
    assert all(url.endswith(".js") for url in urls)
    client.cookies["django_language"] = "te"
    telugu = client.get("/cart").content.decode()
    assert '<html lang="te">' in telugu
    for url in urls:
        assert f'<link rel="preload" as="script" href="{url}">' in telugu
    assert "i18n-te-staff" not in telugu
    client.cookies["django_language"] = "en"
    english = client.get("/cart").content.decode()
    assert '<html lang="en">' in english
    assert "i18n-" not in english
