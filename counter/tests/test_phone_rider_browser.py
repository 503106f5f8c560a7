"""A phone order end to end and a rider's round in a real browser (issue 48), phone (390 x 844)
and desktop (1280 x 800). Set PHONE_SCREENSHOTS=<dir> to keep screenshots.

Needs the built bundles: `npx webpack --mode production` first.
"""

import os
import re
from pathlib import Path

import pytest
from django.db.models import Min
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Product
from orders.models import Order
from orders.pipeline import order_advance

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ADMIN = ("9000000001", "admin12345")
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = os.environ.get("PHONE_SCREENSHOTS", "")


def shot(page: Page, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"{name}.png"), full_page=True)


def tab(browser, live_server, viewport, language: str = "en") -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(30_000)
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


@pytest.fixture
def shop(live_server, demo_seeded):
    demo_seeded()
    products = Product.objects.annotate(least=Min("details__financials__count_in_stock")).filter(least__gte=5)
    return products.order_by("category__sequence", "name").first()


@pytest.mark.parametrize(("name", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_phone_order_for_a_new_number_then_the_riders_round(browser, live_server, shop, name, viewport):
    number = "9123456780" if name == "phone" else "9123456781"
    page = tab(browser, live_server, viewport)
    sign_in(page, *ADMIN, then="/admin/phone-order")
    island = page.locator("#island")
    island.get_by_label("Mobile number").fill(number)
    island.get_by_role("button", name="Find", exact=True).click()
    island.get_by_label("Customer's name").fill("Sita Devi")
    island.get_by_label("House, street, area").fill("4 Bank Street")
    island.get_by_label("Town").fill("Amalapuram")
    island.get_by_label("PIN code").fill("533201")
    island.get_by_label("Item name or barcode").fill(shop.name)
    island.get_by_role("button", name="Search", exact=True).click()
    choices = page.locator(".phone-order__search-results button")
    expect(page.locator(".phone-order__search-results button, .phone-order__lines li").first).to_be_visible()
    if choices.count():
        choices.first.click()
    expect(page.locator(".phone-order__lines li")).to_have_count(1)
    expect(page.locator(".phone-order__total")).to_be_visible()
    shot(page, f"phone-order-{name}")
    page.locator(".phone-order__place").click()
    expect(page.get_by_role("heading", name=re.compile("placed"))).to_be_visible()
    whatsapp = page.get_by_role("link", name="Send on WhatsApp")
    expect(whatsapp).to_have_attribute("href", re.compile(rf"^https://wa\.me/91{number}\?text="))
    shot(page, f"phone-order-placed-{name}")

    customer = User.objects.get(phone_no=number)
    order = Order.objects.get(user=customer)
    assert (order.channel, order.status, customer.has_usable_password()) == ("phone", "placed", False)
    page.goto("/admin/orderlist")
    expect(page.locator("#island")).to_contain_text(order.invoice_number)

    admin = User.objects.get(phone_no=ADMIN[0])
    order_advance(order=order, to_status="packed", by=admin)
    order_advance(order=order, to_status="dispatched", by=admin)
    page.goto("/admin/rider")
    stop = page.locator(".rider__card", has_text=order.invoice_number)
    expect(stop.get_by_role("link", name=re.compile("^Call"))).to_have_attribute("href", f"tel:+91{number}")
    shot(page, f"rider-round-{name}")
    stop.locator(".rider__deliver").click()
    expect(page.get_by_text(f"Order {order.invoice_number} delivered.")).to_be_visible()
    page.locator("#island").get_by_label("Cash handed over (₹)").fill("0")
    page.locator("#island").get_by_label("Why the difference").fill("Left the cash in the van")
    page.locator("#island").get_by_role("button", name="Hand over the cash").click()
    expect(page.get_by_role("status").filter(has_text="Left the cash in the van")).to_be_visible()
    shot(page, f"rider-handover-{name}")
    order.refresh_from_db()
    assert (order.status, order.is_paid) == ("delivered", True)
    page.context.close()
