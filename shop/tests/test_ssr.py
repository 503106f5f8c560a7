"""Shopper pages come with their island's first screen rendered by the Node renderer (shop/ssr.py,
frontend/ssr/server.mjs), and without it, as before, whenever it is off, down, slow or failing:
never a 500, never a hang."""

import json
import logging
import re
import threading
import time
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.conf import settings

from catalog import caching
from catalog.tests.factories import make_category, make_product
from conftest import free_port
from shop import ssr

pytestmark = pytest.mark.django_db

ISLAND_SSR = '<div id="island" class="island" data-ssr>'


@pytest.fixture(autouse=True)
def _breaker_closed():
    ssr.renderer.breaker.close()
    ssr.renderer.down = False
    yield
    ssr.renderer.breaker.close()
    ssr.renderer.down = False


@pytest.fixture
def oils():
    category = make_category("OILS")
    make_product("Groundnut Oil", category=category, brands={"Gold Drop": [("1", "L", "180.00", "160.00", 5)]})
    return category


@pytest.fixture
def groundnut(oils):
    return oils.products.get()


class FakeRenderer:
    """A renderer on a free port that answers as told and counts what it was asked."""

    def __init__(self, *, status=200, delay=0.0):
        self.status, self.delay, self.requests = status, delay, []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                fake.requests.append(body)
                time.sleep(fake.delay)
                answer = json.dumps({"html": f'<div class="listing">rendered {body["island"]}</div>', "head": ""})
                data = answer.encode() if fake.status == 200 else b'{"message": "render failed"}'
                self.send_response(fake.status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", free_port()), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}"
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake_renderer(settings):
    made = []

    def make(**options):
        renderer = FakeRenderer(**options)
        made.append(renderer)
        settings.SSR_URL = renderer.url
        return renderer

    yield make
    for renderer in made:
        renderer.close()


def test_off_by_default_the_island_draws_the_page(client, oils):
    assert settings.SSR_URL == ""
    html = client.get("/category/OILS").content.decode()
    assert ISLAND_SSR not in html
    assert 'class="grid-skeleton"' in html


def test_the_rendered_first_screen_goes_into_the_island_node_and_is_cached(client, oils, fake_renderer):
    renderer = fake_renderer()
    html = client.get("/category/OILS").content.decode()
    assert f'{ISLAND_SSR}<div class="listing">rendered category</div></div>' in html
    asked = renderer.requests[0]
    assert asked["island"] == "category" and asked["path"] == "/category/OILS" and asked["language"] == "en"
    assert asked["config"]["storeName"] == settings.STORE_NAME
    # The renderer is given exactly the answers the page carries.
    carried = json.loads(re.search(r'<script id="api-preload" type="application/json">(.*?)</script>', html).group(1))
    assert asked["preload"] == carried and list(carried)[0].startswith("/api/products/categories/OILS/products")
    # The same page with the same data: from the cache, the renderer is not asked again.
    assert ISLAND_SSR in client.get("/category/OILS").content.decode()
    assert len(renderer.requests) == 1
    # Another language is another rendering.
    client.get("/category/OILS", HTTP_COOKIE="django_language=te")
    assert [r["language"] for r in renderer.requests] == ["en", "te"]


def test_a_change_of_the_catalog_is_a_new_rendering(client, oils, fake_renderer):
    renderer = fake_renderer()
    client.get("/category/OILS")
    make_product("Sesame Oil", category=oils)
    caching.invalidate()  # as the catalog's services do after a change
    client.get("/category/OILS")
    assert len(renderer.requests) == 2


@pytest.mark.parametrize("url", ["/", "/search?query=oil", "/search/oil"])
def test_home_and_search_are_rendered_too(client, oils, fake_renderer, url):
    fake_renderer()
    assert ISLAND_SSR in client.get(url).content.decode()


def test_the_product_page_is_rendered_from_the_answer_it_carries(client, groundnut, fake_renderer):
    renderer = fake_renderer()
    url = f"/product/{groundnut.slug}?brand=Gold%20Drop&qty=2"
    html = client.get(url).content.decode()
    assert f'{ISLAND_SSR}<div class="listing">rendered product</div></div>' in html
    asked = renderer.requests[0]
    assert asked["island"] == "product" and asked["path"] == f"/product/{groundnut.slug}"
    # The card's choice (brand, packs) is part of the first screen.
    assert asked["search"] == "?brand=Gold%20Drop&qty=2"
    carried = json.loads(re.search(r'<script id="api-preload" type="application/json">(.*?)</script>', html).group(1))
    assert asked["preload"] == carried and list(carried) == [f"/api/products/{groundnut.slug}"]
    assert carried[f"/api/products/{groundnut.slug}"]["name"] == "Groundnut Oil"
    assert ISLAND_SSR in client.get(url).content.decode()
    assert len(renderer.requests) == 1  # cached


def test_an_unknown_product_is_not_rendered(client, oils, fake_renderer):
    renderer = fake_renderer()
    response = client.get("/product/no-such-thing")
    assert response.status_code == 404 and ISLAND_SSR not in response.content.decode()
    assert renderer.requests == []


def test_the_cart_page_is_rendered_the_same_for_everyone(client, oils, fake_renderer, django_user_model):
    renderer = fake_renderer()
    html = client.get("/cart").content.decode()
    assert f'{ISLAND_SSR}<div class="listing">rendered cart</div></div>' in html
    # The cart lives in the browser: the renderer is given no answers and no shopper.
    [asked] = renderer.requests
    assert asked.pop("config")["storeName"] == settings.STORE_NAME
    assert asked == {"island": "cart", "path": "/cart", "search": "", "language": "en", "preload": {}}
    assert 'id="api-preload"' not in html
    shopper = django_user_model.objects.create_user(phone_no="9000000077", password="x-Pass-1234")
    client.force_login(shopper)
    assert ISLAND_SSR in client.get("/cart").content.decode()
    assert len(renderer.requests) == 1  # one rendering serves every visitor


def test_other_pages_are_not(client, oils, fake_renderer):
    renderer = fake_renderer()
    client.get("/login")
    client.get("/terms.html")
    assert renderer.requests == []


def test_renderer_down_the_page_is_served_as_before_and_said_once(client, oils, settings, caplog):
    settings.SSR_URL = f"http://127.0.0.1:{free_port()}"
    with caplog.at_level(logging.WARNING, logger="shop.ssr"):
        for _ in range(3):
            response = client.get("/category/OILS")
            assert response.status_code == 200
            html = response.content.decode()
            assert ISLAND_SSR not in html and 'class="grid-skeleton"' in html and 'id="api-preload"' in html
    assert len([r for r in caplog.records if "failed" in r.getMessage()]) == 1
    assert ssr.renderer.breaker.is_open()


@pytest.mark.parametrize("page", ["product", "cart"])
def test_renderer_down_the_product_and_cart_pages_are_served_as_before(client, groundnut, settings, page):
    settings.SSR_URL = f"http://127.0.0.1:{free_port()}"
    url = f"/product/{groundnut.slug}" if page == "product" else "/cart"
    for _ in range(2):
        response = client.get(url)
        assert response.status_code == 200
        html = response.content.decode()
        assert ISLAND_SSR not in html and '<div id="island" class="island">' in html
    if page == "product":
        assert 'class="product-page__media skeleton"' in html and 'id="api-preload"' in html
        assert '<h1 class="product-page__name">Groundnut Oil</h1>' in html
    else:
        assert "<h1>Shopping Cart</h1>" in html
    assert ssr.renderer.breaker.is_open()


def test_a_slow_renderer_is_not_waited_for_and_not_asked_again_while_the_breaker_is_open(client, oils, fake_renderer):
    renderer = fake_renderer(delay=1.0)
    started = time.monotonic()
    html = client.get("/category/OILS").content.decode()
    first = time.monotonic() - started
    assert ISLAND_SSR not in html
    assert first < 0.9, f"the page waited {first:.2f} s for a slow renderer"
    client.get("/category/OILS")
    assert len(renderer.requests) == 1  # the breaker is open: not asked again


def test_a_failing_render_serves_the_page_as_before(client, oils, fake_renderer):
    fake_renderer(status=500)
    response = client.get("/category/OILS")
    assert response.status_code == 200 and ISLAND_SSR not in response.content.decode()


def test_the_renderer_is_asked_again_after_the_breaker_and_its_return_is_logged(
    client, oils, fake_renderer, settings, caplog
):
    settings.SSR_URL = f"http://127.0.0.1:{free_port()}"
    client.get("/category/OILS")
    assert ssr.renderer.breaker.is_open()
    fake_renderer()
    ssr.renderer.breaker.close()  # the breaker's time is up
    with caplog.at_level(logging.WARNING, logger="shop.ssr"):
        assert ISLAND_SSR in client.get("/category/OILS").content.decode()
    assert any("answers again" in r.getMessage() for r in caplog.records)


# --- the real renderer ---------------------------------------------------------------------------


def test_the_node_renderer_writes_the_cards_of_a_category(client, oils, node_renderer):
    html = client.get("/category/OILS").content.decode()
    island = html.split(ISLAND_SSR, 1)[1].split("</main>", 1)[0]
    assert "<h1>OILS</h1>" in island
    assert 'class="product-card"' in island and "Groundnut Oil" in island
    assert "₹160.00" in island and "1 L" in island
    assert ">Add to Cart</button>" in island
    # The first cards' pictures are asked for in the head, before the markup is read.
    head = html.split("</head>", 1)[0]
    assert '<link rel="preload" as="image"' in head


def test_the_node_renderer_answers_in_the_page_language(client, oils, node_renderer):
    html = client.get("/", HTTP_COOKIE="django_language=te").content.decode()
    island = html.split(ISLAND_SSR, 1)[1].split("</main>", 1)[0]
    # Every part in place, below the first screen too: no script to move one (the CSP refuses it).
    assert "<script" not in island and 'id="featured-heading"' in island
    assert "విభాగాల వారీగా కొనండి" in island, island[:500]


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_node_renderer_writes_the_product_page(client, groundnut, node_renderer, language):
    groundnut.name_te = "వేరుశనగ నూనె"
    groundnut.save()
    html = client.get(f"/product/{groundnut.slug}", HTTP_COOKIE=f"django_language={language}").content.decode()
    island = html.split(ISLAND_SSR, 1)[1].split("</main>", 1)[0]
    assert "<script" not in island
    # Picture, name, brand, packs, price and Add to Cart, in the page's language.
    assert '<img src="/media/gold-drop.svg"' in island
    name = "వేరుశనగ నూనె" if language == "te" else "Groundnut Oil"
    assert f'<h1 class="product-page__name">{name}' in island
    assert '<option value="Gold Drop" selected="">Gold Drop</option>' in island
    assert '<option value="1|L" selected="">1 L</option>' in island
    assert 'data-testid="dprice">₹160.00</dd>' in island
    add = "కార్ట్‌కు జోడించండి" if language == "te" else "Add to Cart"
    assert f'product-page__add">{add}</button>' in island
    # The picture is asked for in the head, before the markup is read.
    assert '<link rel="preload" as="image" href="/media/gold-drop.svg"' in html.split("</head>", 1)[0]


@pytest.mark.parametrize(("language", "title"), [("en", "Shopping Cart"), ("te", "షాపింగ్ కార్ట్")])
def test_the_node_renderer_writes_the_cart_page_frame(client, node_renderer, language, title):
    html = client.get("/cart", HTTP_COOKIE=f"django_language={language}").content.decode()
    island = html.split(ISLAND_SSR, 1)[1].split("</main>", 1)[0]
    assert f"<h1>{title}</h1>" in island and 'class="cart-page__layout" aria-busy="true"' in island
    # Never an empty cart's message before the browser's own cart is read.
    assert "empty" not in island and "ఖాళీ" not in island and "<script" not in island


def test_the_node_renderer_refuses_what_is_not_a_render(node_renderer):
    request = urllib.request.Request(f"{node_renderer}/render", data=b"not json", method="POST")
    with pytest.raises(urllib.error.HTTPError) as refused:
        urllib.request.urlopen(request, timeout=5)
    assert refused.value.code == 400
    request = urllib.request.Request(f"{node_renderer}/render", data=b'{"island": "checkout"}', method="POST")
    with pytest.raises(urllib.error.HTTPError) as unknown:
        urllib.request.urlopen(request, timeout=5)
    assert unknown.value.code == 404
