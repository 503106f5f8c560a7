"""An open /cart follows the admin's price and stock changes without a reload (issue 13).

The shop is served the production way, one ASGI application for pages and websockets (uvicorn,
in a thread of the test so that it shares the test database), with static files from the
finders as in the other browser tests. Needs the built bundles: `npm run build` first.
"""

import re
import time
from pathlib import Path

import pytest
from playwright.sync_api import expect

from catalog.models import Financial
from catalog.tests.factories import make_category, make_product

pytestmark = [
    pytest.mark.browser,
    pytest.mark.django_db(transaction=True),
    # Django's static files handler streams files from synchronous iterators under ASGI; harmless here.
    pytest.mark.filterwarnings("ignore:StreamingHttpResponse must consume synchronous iterators"),
]

SHOTS = Path(__file__).resolve().parents[2] / "bench" / "out" / "screens"
ADMIN = ("9876500099", "secret-pass-1")


def cart_line(pack: Financial, qty: int) -> dict:
    """A line as the product page's Add to Cart stores it."""
    detail, product = pack.detail, pack.detail.product
    return {
        "productId": str(product.pk),
        "name": product.name,
        "slug": product.slug,
        "category": product.category.name,
        "brand": detail.brand,
        "brandId": str(detail.pk),
        "financialId": str(pack.pk),
        "quantity": pack.quantity_display,
        "units": pack.units,
        "price": float(pack.price),
        "dprice": float(pack.dprice),
        "Discount": pack.discount,
        "image": product.image,
        "qty": qty,
        "countInStock": 10,
    }


def staff_edit_pack(admin_page, pack: Financial, **fields: str) -> None:
    admin_page.goto(f"/staff/catalog/financial/{pack.pk}/change/")
    for name, value in fields.items():
        admin_page.fill(f"#id_{name}", value)
    admin_page.locator("input[name=_save]").click()
    expect(admin_page.locator(".messagelist")).to_contain_text("was changed successfully")


def test_an_open_cart_shows_the_admins_new_price_and_stock_without_a_reload(browser, asgi_server, make_user):
    make_user(ADMIN[0], ADMIN[1], name="Lakshmi Admin", is_staff=True)
    oil = make_product(
        "Sunflower Oil", category=make_category("OILS"), brands={"Fortune": [("1", "L", "160.00", "150.00", 40)]}
    )
    dal = make_product("Toor Dal", brands={"Tata Sampann": [("1", "kg", "180.00", "170.00", 20)]})
    oil_pack = Financial.objects.select_related("detail__product__category").get(detail__product=oil)
    dal_pack = Financial.objects.select_related("detail__product__category").get(detail__product=dal)

    shopper_context = browser.new_context(base_url=asgi_server, viewport={"width": 1280, "height": 800})
    shopper_context.set_default_timeout(10_000)
    shopper = shopper_context.new_page()
    shopper.goto("/")
    shopper.evaluate(
        "(lines) => localStorage.setItem('cart', JSON.stringify({cartItems: lines}))",
        [cart_line(oil_pack, 2), cart_line(dal_pack, 1)],
    )
    sent = []
    shopper.on("websocket", lambda ws: ws.on("framesent", lambda frame: sent.append(frame)))
    shopper.goto("/cart")
    oil_line = shopper.locator(".cart-line", has_text="Sunflower Oil")
    total = shopper.locator(".cart-summary__total")
    expect(oil_line.locator(".cart-line__price strong")).to_have_text("₹150.00")
    expect(total).to_have_text("₹470.00")
    deadline = time.monotonic() + 10
    while not any("clientCart" in str(frame) for frame in sent):
        assert time.monotonic() < deadline, "the cart page sent no clientCart"
        shopper.wait_for_timeout(50)

    admin_context = browser.new_context(base_url=asgi_server, viewport={"width": 1280, "height": 800})
    admin_context.set_default_timeout(10_000)
    admin = admin_context.new_page()
    admin.goto("/staff/login/")
    admin.fill("#id_username", ADMIN[0])
    admin.fill("#id_password", ADMIN[1])
    admin.locator("input[type=submit]").click()
    admin.wait_for_url(re.compile(r"/staff/$"))

    staff_edit_pack(admin, oil_pack, dprice="125")

    # No reload: the line, the total and the floating cart follow, and a notice names the change.
    expect(oil_line.locator(".cart-line__price strong")).to_have_text("₹125.00")
    expect(total).to_have_text("₹420.00")
    notice = shopper.get_by_text("Price changed: Fortune Sunflower Oil 1 L is now ₹125.00")
    expect(notice).to_be_visible()
    SHOTS.mkdir(parents=True, exist_ok=True)
    shopper.screenshot(path=str(SHOTS / "cart-price-changed-1280.png"))
    shopper.set_viewport_size({"width": 390, "height": 844})
    shopper.screenshot(path=str(SHOTS / "cart-price-changed-390.png"))

    # The pack sells out: the line says so and checkout waits until the shopper changes the cart.
    staff_edit_pack(admin, oil_pack, count_in_stock="0")
    expect(oil_line.get_by_text("Out of stock")).to_be_visible()
    proceed = shopper.get_by_role("button", name="Proceed To Checkout")
    expect(proceed).to_be_disabled()
    shopper.screenshot(path=str(SHOTS / "cart-out-of-stock-390.png"))
    shopper.get_by_label(re.compile("Quantity of Fortune Sunflower Oil")).select_option("0")
    expect(shopper.locator(".cart-line")).to_have_count(1)
    expect(proceed).to_be_enabled()
    expect(total).to_have_text("₹170.00")

    admin_context.close()
    shopper_context.close()
