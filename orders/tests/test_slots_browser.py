"""Delivery slots and the product page's stock cap in a real browser, phone (390 x 844) and
desktop (1280 x 800), in English and Telugu. Set SLOTS_SCREENSHOTS=<dir> to keep screenshots.

Needs the built bundles: `npx webpack --mode production` first.
"""

import os
import re
from pathlib import Path

import pytest
from django.db.models import Min
from playwright.sync_api import Page, expect

from catalog.models import Financial, Product
from delivery.models import DeliveryWindow, Slot
from delivery.slots import slot_offers
from orders.models import Order

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CUSTOMER = ("9000000002", "customer12345")
ADMIN = ("9000000001", "admin12345")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ORDER_URL = re.compile(r"/order/(?P<id>[A-Za-z0-9]+)$")
SHOTS = os.environ.get("SLOTS_SCREENSHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def tab(browser, live_server, viewport, language: str = "en") -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(15_000)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.add_init_script(f"localStorage.setItem('lang', '{language}')")
    return context.new_page()


def sign_in(page: Page, phone_no: str, password: str, then: str) -> None:
    page.goto(f"/login?redirect={then}")
    form = page.locator("#island")
    form.locator("input[type=tel], input[name=phoneNo]").first.fill(phone_no)
    form.locator("input[type=password]").first.fill(password)
    form.locator("button[type=submit]").first.click()
    page.wait_for_url(re.compile(rf"^https?://[^/]+{re.escape(then)}$"))


def ready_to_place(page: Page, product: Product) -> None:
    """The product in the cart, the saved address and Cash/UPI chosen: straight to /placeorder."""
    page.goto(f"/product/{product.slug}")
    page.locator(".product-page__add").click()
    page.evaluate(
        """() => {
          const cart = JSON.parse(localStorage.getItem('cart'));
          cart.shippingAddress = {street: '12-4 Gandhi Nagar', city: 'Amalapuram', postalCode: '533201'};
          cart.paymentMethod = 'Cash Or UPI';
          localStorage.setItem('cart', JSON.stringify(cart));
        }"""
    )


@pytest.fixture
def shop(live_server, demo_seeded):
    demo_seeded()
    products = Product.objects.annotate(least=Min("details__financials__count_in_stock")).filter(least__gte=5)
    product = products.order_by("category__sequence", "name").first()
    # The first open slot is full; the slots before it are closed by their cut-off.
    first = next(offer for offer in slot_offers() if offer.choosable)
    Slot.objects.create(window=first.window, date=first.date, booked=first.window.capacity)
    return product


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_shopper_picks_a_slot_and_sees_it_on_the_invoice(browser, live_server, shop, language):
    full = Slot.objects.get()
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        sign_in(page, *CUSTOMER, then="/profile")
        ready_to_place(page, shop)
        page.goto("/placeorder")
        slots = page.locator(".slot-choice")
        expect(slots).to_be_visible()
        expect(slots.locator(f"input[value='{full.date:%Y-%m-%d}.{full.window_id}']")).to_be_disabled()
        checked = slots.locator("input:checked")
        expect(checked).to_have_count(1)
        shot(page, f"placeorder-{name}-{language}")
        chosen = checked.get_attribute("value")
        page.locator(".order-summary .btn--primary").click()
        page.wait_for_url(ORDER_URL)
        order = Order.objects.get(public_id=ORDER_URL.search(page.url)["id"])
        booking = order.slot_booking
        assert f"{booking.date:%Y-%m-%d}.{booking.slot.window_id}" == chosen
        expect(page.locator(".invoice__slot")).to_have_text(
            re.compile(rf"{booking.start.hour}:00–{booking.end.hour}:00$")
        )
        shot(page, f"order-{name}-{language}")
        page.context.close()


def test_staff_see_the_slot_in_the_order_list_and_plan_the_week(browser, live_server, shop):
    shopper = tab(browser, live_server, PHONE)
    sign_in(shopper, *CUSTOMER, then="/profile")
    ready_to_place(shopper, shop)
    shopper.goto("/placeorder")
    expect(shopper.locator(".slot-choice input:checked")).to_have_count(1)
    shopper.locator(".order-summary .btn--primary").click()
    shopper.wait_for_url(ORDER_URL)
    shopper.context.close()

    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        admin = tab(browser, live_server, viewport)
        sign_in(admin, *ADMIN, then="/admin/orderlist")
        expect(admin.locator(".admin-orders__slot").first).to_contain_text("Delivery: ")
        shot(admin, f"admin-orders-{name}")
        admin.goto("/admin/slots")
        expect(admin.get_by_role("heading", name="Monday")).to_be_visible()
        shot(admin, f"admin-slots-{name}")
        admin.context.close()
    assert DeliveryWindow.objects.count() == 21


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_product_page_offers_at_most_the_stock(browser, live_server, shop, language):
    pack = Financial.objects.filter(detail__product=shop).order_by("pk").first()
    Financial.objects.filter(detail__product=shop).update(count_in_stock=2)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        page.goto(f"/product/{shop.slug}")
        expect(page.locator("#product-packs option")).to_have_count(2)
        expect(page.locator(".product-page__stock-note")).to_have_text(
            "Only 2 left" if language == "en" else re.compile("2")
        )
        shot(page, f"product-only-left-{name}-{language}")
        page.goto(f"/product/{shop.slug}?qty=5")
        expect(page.locator(".product-page__add")).to_be_disabled()
        shot(page, f"product-more-than-stock-{name}-{language}")
        page.context.close()
    assert pack.count_in_stock >= 5
