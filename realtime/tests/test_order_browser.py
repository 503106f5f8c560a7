"""Issue 26 in a browser: the open order page follows its order, Buy again, Notify me, My alerts and
the usual items, at 390 x 844 and 1280 x 800, in English and Telugu.

Served as in test_cart_browser.py (one ASGI application for pages and websockets, in a thread of
the test). Needs the built bundles. Screenshots go to $LOOP_SCREENSHOTS (default bench/out/screens).
"""

import os
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import expect

from catalog.models import Financial
from catalog.tests.factories import make_category, make_product
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.models import Order
from orders.pipeline import order_advance

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators"),
]

SHOTS = Path(os.environ.get("LOOP_SCREENSHOTS", Path(__file__).resolve().parents[2] / "bench" / "out" / "screens"))
PASSWORD = "secret-pass-1"
SIZES = {"390": {"width": 390, "height": 844}, "1280": {"width": 1280, "height": 800}}


def signed_in_tab(browser, base_url: str, phone_no: str, *, viewport: dict, language: str = "en"):
    phone = viewport["width"] < 600
    context = browser.new_context(base_url=base_url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(10_000)
    context.add_cookies([{"name": "django_language", "value": language, "url": base_url}])
    tab = context.new_page()
    tab.goto("/robots.txt")
    info = tab.evaluate(
        """async ([phoneNo, password]) => {
            const answer = await fetch('/api/users/auth', {method: 'POST', headers: {'Content-Type': 'application/json'},
                body: JSON.stringify({phoneNo, password})});
            return answer.json();
        }""",
        [phone_no, PASSWORD],
    )
    assert info.get("token"), info
    tab.evaluate(
        "([info, lang]) => { localStorage.setItem('userInfo', JSON.stringify(info)); localStorage.setItem('lang', lang); }",
        [info, language],
    )
    return tab


def hear(socket, frames: list) -> None:
    socket.on("framereceived", lambda frame: frames.append(frame))


def shot(tab, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    tab.wait_for_load_state("networkidle")
    tab.wait_for_timeout(500)  # the page's fade-in
    tab.evaluate("document.fonts.ready.then(() => true)")
    tab.screenshot(path=str(SHOTS / f"{name}.png"))


@pytest.fixture
def shop(make_user):
    shopper = make_user(
        "9876500001", PASSWORD, name="Asha Customer", street="12 Main Road", city="Amalapuram", postal_code="533201"
    )
    oil = make_product(
        "Sunflower Oil",
        name_te="సన్‌ఫ్లవర్ ఆయిల్",
        category=make_category("OILS"),
        brands={"Fortune": [("1", "L", "160.00", "150.00", 40)]},
    )
    dal = make_product("Toor Dal", name_te="కంది పప్పు", brands={"Tata Sampann": [("1", "kg", "180.00", "170.00", 0)]})
    oil_pack = Financial.objects.select_related("detail").get(detail__product=oil)
    order = order_place(
        user=shopper,
        items=[LineRequest(product_id=oil.pk, brand_id=oil_pack.detail_id, financial_id=oil_pack.pk, qty=2)],
        shipping_address=Address(street="12 Main Road", city="Amalapuram", postal_code="533201"),
        payment_method="Cash Or UPI",
        client_totals=Totals(
            items_price=Decimal("300.00"), shipping_price=Decimal("0.00"), total_price=Decimal("300.00")
        ),
    )
    return {"shopper": shopper, "order": order, "oil": oil_pack, "dal": dal}


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_order_page_follows_its_order_and_buys_again(browser, asgi_server, shop, language):
    order = shop["order"]
    for size, viewport in SIZES.items():
        tab = signed_in_tab(browser, asgi_server, shop["shopper"].phone_no, viewport=viewport, language=language)
        frames = []
        tab.on("websocket", lambda ws, frames=frames: hear(ws, frames))
        tab.goto(f"/order/{order.public_id}")
        bar = tab.get_by_role("progressbar").first
        expect(bar).to_have_attribute("aria-valuenow", "25" if size == "390" else "65")
        deadline = 100
        while not any("following" in str(frame) for frame in frames) and deadline:
            tab.wait_for_timeout(100)
            deadline -= 1
        assert deadline, "the order page did not follow its order"
        if size == "390":
            order_advance(order=Order.objects.get(pk=order.pk), to_status=Order.Status.PACKED)
            expect(bar).to_have_attribute("aria-valuenow", "65")
            expect(tab.locator(".toast, [role=status]").filter(has_text=":").first).to_be_visible()
        shot(tab, f"order-live-{language}-{size}")

        tab.locator(".order-page__toolbar").get_by_role("button").nth(1).click()
        tab.wait_for_function("() => JSON.parse(localStorage.getItem('cart'))?.cartItems?.length > 0")
        cart = tab.evaluate("JSON.parse(localStorage.getItem('cart'))")
        assert [(line["financialId"], line["qty"]) for line in cart["cartItems"]] == [(str(shop["oil"].pk), 2)]
        tab.wait_for_timeout(300)
        shot(tab, f"order-buy-again-{language}-{size}")
        tab.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
def test_notify_me_my_alerts_and_the_usual_items(browser, asgi_server, shop, language):
    for size, viewport in SIZES.items():
        tab = signed_in_tab(browser, asgi_server, shop["shopper"].phone_no, viewport=viewport, language=language)
        tab.goto(f"/product/{shop['dal'].slug}")
        notify = tab.locator(".product-page__notify")
        notify.click()
        expect(notify).to_be_disabled()
        tab.wait_for_timeout(300)
        shot(tab, f"notify-product-{language}-{size}")

        tab.goto("/")
        usual = tab.locator("#usual-items-heading")
        expect(usual).to_be_visible()
        usual.scroll_into_view_if_needed()
        shot(tab, f"home-usual-{language}-{size}")

        tab.locator(".account__toggle").click()
        tab.locator(".account-menu__item").nth(3).click()
        expect(tab.locator(".my-alerts__item")).to_have_count(1)
        tab.wait_for_timeout(700)  # the drawer's slide
        shot(tab, f"my-alerts-{language}-{size}")
        tab.context.close()
    from notifications.models import StockAlert

    assert StockAlert.objects.filter(user=shop["shopper"], financial__detail__product=shop["dal"]).count() == 1
