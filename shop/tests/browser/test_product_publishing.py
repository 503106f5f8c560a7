"""Issue 45 in a real browser: a product staff create starts hidden (no "Sample name" for
shoppers), the edit screen takes its description and its Telugu description, a pack's unit (a 1 L oil), its low-stock
threshold and whether shoppers see the size; the list publishes and hides it and filters the
hidden ones; deleting a product that orders hold hides it and says so. Screenshots of the list
and the edit screen at 390×844 and 1280×800 in English and Telugu go to
test-results/publishing/.

Needs the built bundles: `npm run build` first.
"""

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from catalog.models import Financial, Product
from catalog.tests.factories import make_category, make_product
from conftest import deliver_product
from orders.models import OrderItem
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.test_gate_journeys import login_info, store_login

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

ADMIN_PHONE, ADMIN_PASSWORD = "9876500099", "admin-pass-123"
SHOTS = Path(settings.BASE_DIR) / "test-results" / "publishing"
TELUGU_DESCRIPTION = "అమలాపురంలో గానుగ ఆడిన, శుద్ధి చేయని నూనె."


@pytest.fixture
def shop(make_user):
    oils = make_category("OILS")
    make_category("SWEETS")
    sold = make_product("Groundnut Oil", category=oils, brands={"Dhara": [("1", "L", "200", "180", 3)]})
    customer = make_user("9876500001", name="Asha Customer")
    order = deliver_product(customer, sold)
    OrderItem.objects.filter(order=order).update(financial=Financial.objects.get(detail__product=sold))
    make_user(ADMIN_PHONE, password=ADMIN_PASSWORD, name="Lakshmi Admin", is_staff=True)
    return sold


def signed_in(page: Page, language: str = "en") -> Page:
    store_login(page, login_info(page, ADMIN_PHONE, ADMIN_PASSWORD))
    page.evaluate("(lang) => localStorage.setItem('lang', lang)", language)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.on("dialog", lambda dialog: dialog.accept())
    return page


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def test_a_new_product_starts_hidden_is_edited_as_a_1_l_oil_then_published_and_hidden(browser, live_server, shop):
    page = signed_in(offline_tab(browser, live_server, DESKTOP))
    page.goto("/admin/productlist")
    expect(page.locator("tr", has_text="Groundnut Oil").get_by_text("Published", exact=True)).to_be_visible()
    page.get_by_role("button", name="Create Product").click()
    expect(page).to_have_url(re.compile(r"/admin/product/\d+/edit/\d+$"))
    created = Product.objects.order_by("-pk").first()
    assert created.name == "Sample name" and created.published is False
    # Nobody shopping sees the sample.
    assert page.request.get(f"/api/products/{created.slug}").status == 404
    assert "Sample name" not in page.request.get("/api/products").text()

    page.get_by_label("Name", exact=True).fill("Cold Pressed Sunflower Oil")
    page.get_by_label("Category", exact=True).select_option("OILS")
    page.get_by_label("Description", exact=True).fill("Pressed in Amalapuram, unrefined.")
    page.get_by_label("Description (Telugu)").fill(TELUGU_DESCRIPTION)
    page.get_by_label("Brand", exact=True).fill("Godavari Mills")
    expect(page.get_by_label("Unit")).to_have_value("kg")  # the sample's 1 kg
    page.get_by_label("Unit").select_option("L")
    page.get_by_label("Price", exact=True).fill("240")
    page.get_by_label("Discount", exact=True).fill("0")
    page.get_by_label("Stock", exact=True).fill("12")
    page.get_by_label("Low stock at").fill("4")
    shoot(page, "product-edit-desktop-en")
    page.get_by_label("Shown to shoppers (this size)").check()
    page.get_by_role("button", name="Update Details").click()
    expect(page).to_have_url(re.compile(r"/admin/productlist$"))

    pack = Financial.objects.get(detail__product=created)
    assert Product.objects.get(pk=created.pk).description_te == TELUGU_DESCRIPTION
    assert (pack.quantity, pack.units, pack.price, pack.low_stock_threshold, pack.published) == (1, "L", 240, 4, True)
    row = page.locator("tr", has_text="Cold Pressed Sunflower Oil")
    expect(row.get_by_text("Hidden", exact=True)).to_be_visible()
    expect(row).to_contain_text("1 L")
    row.get_by_role("button", name="Publish Cold Pressed Sunflower Oil").click()
    expect(row.get_by_text("Published", exact=True)).to_be_visible()
    shoot(page, "productlist-desktop-en")

    shopper = offline_tab(browser, live_server, PHONE)
    slug = Product.objects.get(pk=created.pk).slug
    shopper.goto(f"/product/{slug}")
    expect(shopper.get_by_role("heading", name="Cold Pressed Sunflower Oil")).to_be_visible()
    expect(shopper.get_by_text("Pressed in Amalapuram, unrefined.")).to_be_visible()
    # A shopper reading in Telugu gets the Telugu description staff typed.
    shopper.evaluate("() => localStorage.setItem('lang', 'te')")
    shopper.context.add_cookies([{"name": "django_language", "value": "te", "url": shopper.url}])
    shopper.goto(f"/product/{slug}")
    expect(shopper.get_by_text(TELUGU_DESCRIPTION)).to_be_visible()
    expect(shopper.get_by_text("Pressed in Amalapuram, unrefined.")).to_have_count(0)

    # Hidden again: gone from the shop, listed under Hidden only for staff.
    row.get_by_role("button", name="Hide Cold Pressed Sunflower Oil").click()
    expect(row.get_by_text("Hidden", exact=True)).to_be_visible()
    assert shopper.goto(f"/product/{slug}").status == 404
    page.get_by_label("Hidden only").check()
    expect(page).to_have_url(re.compile(r"hidden=true"))
    expect(page.locator("tr", has_text="Cold Pressed Sunflower Oil")).to_have_count(1)
    expect(page.locator("tr", has_text="Groundnut Oil")).to_have_count(0)
    shopper.context.close()
    page.context.close()


def test_deleting_a_product_that_orders_hold_hides_it_and_says_so(browser, live_server, shop):
    page = signed_in(offline_tab(browser, live_server, PHONE))
    page.goto("/admin/productlist")
    page.get_by_role("button", name="Delete Groundnut Oil").click()
    expect(
        page.get_by_text("This product is part of orders, so it was hidden from shoppers, not deleted.")
    ).to_be_visible()
    expect(page.locator("tr", has_text="Groundnut Oil").get_by_text("Hidden", exact=True)).to_be_visible()
    shop.refresh_from_db()
    assert shop.published is False and OrderItem.objects.get().financial_id is not None
    page.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_list_and_edit_screens_fit_and_are_shot(browser, live_server, shop, size, language):
    viewport = PHONE if size == "phone" else DESKTOP
    page = signed_in(offline_tab(browser, live_server, viewport), language)
    Financial.objects.filter(detail__product=shop).update(low_stock_threshold=5)
    Product.objects.filter(pk=shop.pk).update(
        description="Cold-pressed groundnut oil.", description_te=TELUGU_DESCRIPTION
    )
    hidden = make_product("Cow Ghee", category=shop.category, brands={"Heritage": [("500", "ml", "400", "380", 9)]})
    Product.objects.filter(pk=hidden.pk).update(published=False)
    page.goto("/admin/productlist")
    expect(page.locator(".admin-badge--hidden").first).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", language)
    shoot(page, f"productlist-{size}-{language}")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.goto(f"/admin/product/{shop.slug}/edit/{shop.details.get().pk}")
    expect(page.locator("#product-units")).to_have_value("L")
    expect(page.locator("#product-low-stock")).to_have_value("5")
    expect(page.locator("#product-description")).to_have_value("Cold-pressed groundnut oil.")
    expect(page.locator("#product-description-te")).to_have_value(TELUGU_DESCRIPTION)
    label = {"en": "Description (Telugu)", "te": "వివరణ (తెలుగు)"}[language]
    expect(page.get_by_label(label)).to_have_attribute("lang", "te")
    shoot(page, f"product-edit-{size}-{language}")
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    page.context.close()
