"""Storefront journeys in a real browser (issue 3): home, search box, product cards, floating
cart, the phone's bottom bar and the home list on unknown paths.

Needs the built bundles: `npm run build` first. Run with
`. .venv/bin/activate && npm run build && pytest shop/tests/browser/test_storefront.py`.
"""

import re
from datetime import date
from decimal import Decimal
from urllib.parse import quote

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from common import money

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

BUDGET = "BUDGET FRIENDLY PACKAGES"
HOME_HEADING = "Fresh groceries, delivered in 24 hours"


def rupees(amount: Decimal) -> str:
    """The shop's money format as the screen shows it (lib/money.js): ₹ and common.money's grouping."""
    return "₹" + money.rupees(amount)


def amount(text: str) -> Decimal:
    return Decimal(text.replace("₹", "").replace(",", "").strip())


def cards_for(products: list[dict]) -> int:
    """Cards shown for a product list: one per brand that has packs."""
    return sum(1 for product in products for detail in product["details"] if detail["financials"])


def floating_cart(page: Page):
    return page.get_by_test_id("floating-cart")


def next_addable_card(page: Page):
    """The first card whose chosen pack can still be added, pinned by position so that it stays
    the same card after it turns into a stepper."""
    cards = page.locator(".product-card")
    addable = cards.filter(has=page.get_by_role("button", name=re.compile(r"^Add to Cart")))
    expect(addable.first).to_be_visible()
    index = cards.evaluate_all(
        "cards => cards.findIndex(card => [...card.querySelectorAll('button')].some(b => b.textContent === 'Add to Cart'))"
    )
    return cards.nth(index)


def test_home_shows_categories_and_the_budget_grid_grows_on_scroll(page: Page, demo_catalog):
    first = page.request.get(f"/api/products/categories/{quote(BUDGET)}/products?pageNumber=1&pageSize=6").json()
    assert first["pages"] > 1, "the demo catalog should have more than six budget packages"
    every = page.request.get(f"/api/products/categories/{quote(BUDGET)}/products?pageSize=48").json()["products"]

    page.goto("/")
    expect(page.get_by_role("heading", level=1)).to_have_text(HOME_HEADING)
    categories = page.locator(".category-grid")
    expect(categories.get_by_role("link", name="EGGS & DAIRY")).to_have_attribute(
        "href", "/category/EGGS%20%26%20DAIRY"
    )
    expect(categories.get_by_role("link")).to_have_count(
        len(page.request.get("/api/products/categories").json()["categories"])
    )
    expect(page.get_by_role("heading", name="Featured Categories")).to_be_visible()

    budget = page.get_by_test_id("budget-grid").locator(".product-card")
    expect(budget).to_have_count(cards_for(first["products"]))
    page.locator(".end-marker").last.scroll_into_view_if_needed()
    expect(budget).to_have_count(cards_for(every))


def test_typing_ric_shows_suggestions_and_enter_opens_the_product(page: Page, demo_catalog):
    suggestions = page.request.get("/api/products/suggestions?q=ric").json()
    product = suggestions["products"][0]

    page.goto("/")
    # The form base.html writes is a search box; the suggestions' combobox takes its place (and what
    # was typed) once the shopper reaches for it.
    box = page.get_by_role("combobox", name="Search for products or brands").or_(
        page.get_by_role("searchbox", name="Search for products or brands")
    )
    box.press_sequentially("ric")
    options = page.get_by_role("listbox").get_by_role("option")
    expect(options).to_have_count(len(suggestions["products"]) + len(suggestions["brands"]))
    expect(options.first).to_contain_text(product["name"])
    expect(options.first).to_contain_text(product["category"])

    box.press("ArrowDown")
    expect(options.first).to_have_attribute("aria-selected", "true")
    box.press("Enter")
    page.wait_for_url(f"**/product/{product['slug']}")
    expect(page.get_by_role("heading", level=1)).to_have_text(product["name"])


def test_adding_from_a_card_updates_the_floating_cart_count_and_total(page: Page, demo_catalog):
    page.goto(f"/category/{quote('RICE & PULSES')}")
    cart = floating_cart(page)
    expect(page.locator(".product-card").first).to_be_visible()
    expect(cart).to_have_count(0)  # no floating cart while the cart is empty (issue 31)

    card = next_addable_card(page)
    price = amount(card.locator(".price-now").inner_text())
    card.get_by_role("button", name=re.compile(r"^Add to Cart")).click()
    expect(cart.get_by_test_id("cart-count")).to_have_text("1")
    expect(cart.get_by_test_id("cart-total")).to_have_text(rupees(price))

    card.get_by_role("button", name="Add one pack").click()
    expect(card.locator(".product-card__packs")).to_have_text(f"2x Packs {rupees(price * 2)}")
    expect(cart.get_by_test_id("cart-count")).to_have_text("1")
    expect(cart.get_by_test_id("cart-total")).to_have_text(rupees(price * 2))

    other = next_addable_card(page)
    other_price = amount(other.locator(".price-now").inner_text())
    other.get_by_role("button", name=re.compile(r"^Add to Cart")).click()
    expect(cart.get_by_test_id("cart-count")).to_have_text("2")
    expect(cart.get_by_test_id("cart-total")).to_have_text(rupees(price * 2 + other_price))
    expect(cart).to_have_attribute("href", "/cart")


def test_the_cart_survives_a_reload(page: Page, demo_catalog):
    page.goto("/category/all")
    card = next_addable_card(page)
    price = amount(card.locator(".price-now").inner_text())
    card.get_by_role("button", name=re.compile(r"^Add to Cart")).click()
    expect(floating_cart(page).get_by_test_id("cart-count")).to_have_text("1")

    page.reload()
    expect(floating_cart(page).get_by_test_id("cart-count")).to_have_text("1")
    expect(floating_cart(page).get_by_test_id("cart-total")).to_have_text(rupees(price))
    expect(page.locator(".stepper").first).to_contain_text("1")

    page.goto("/")
    expect(floating_cart(page).get_by_test_id("cart-count")).to_have_text("1")


def test_a_phone_shows_the_bottom_bar_and_the_say_hi_popup(phone_page: Page, demo_catalog):
    page = phone_page
    page.goto("/")
    bar = page.get_by_role("navigation", name="Shortcuts")
    expect(bar).to_be_visible()
    expect(bar.get_by_role("link", name="SMLR Products")).to_have_attribute("href", "/category/EGGS%20%26%20DAIRY")
    expect(bar.get_by_role("link", name="Budget Friendly")).to_have_attribute(
        "href", "/category/BUDGET%20FRIENDLY%20PACKAGES"
    )
    expect(page.locator("#site-footer")).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    bar.get_by_role("button", name="Say Hi To Order").click()
    popup = page.get_by_role("dialog", name="Say Hi To Order")
    expect(popup).to_be_visible()
    expect(popup.locator(f'a[href="https://wa.me/{settings.STORE_WHATSAPP_NUMBER}"]')).to_be_visible()
    expect(popup.locator(f'a[href="tel:{settings.STORE_SUPPORT_PHONE.replace(" ", "")}"]')).to_be_visible()

    page.get_by_role("heading", level=1).click()
    expect(popup).to_be_hidden()


def test_an_unknown_path_shows_the_home_list(page: Page, demo_catalog):
    response = page.goto("/no/such/page")
    assert response.status == 200
    expect(page.get_by_role("heading", level=1)).to_have_text(HOME_HEADING)
    expect(page.locator(".category-grid").get_by_role("link", name="OILS")).to_be_visible()
    expect(page.locator("#site-footer")).to_contain_text(f"© {date.today().year}")


def test_the_account_dropdown_opens_and_closes_on_an_outside_click(page: Page, demo_catalog):
    page.goto("/cart")
    toggle = page.get_by_role("button", name="Account")
    toggle.click()
    dropdown = page.locator("#account-dropdown")
    expect(dropdown).to_be_visible()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    page.get_by_role("heading", level=1).first.click()
    expect(dropdown).to_be_hidden()


def test_the_splash_shows_once_and_the_service_worker_registers_at_the_root(page: Page, live_server):
    page.goto("/")
    expect(page.locator("#splash")).to_have_count(0)
    scope = page.evaluate("navigator.serviceWorker.ready.then(registration => registration.scope)")
    assert scope == f"{live_server.url}/"
    page.goto("/cart")
    assert page.locator("#splash").count() == 0, "the splash shows once per visit"


@pytest.mark.parametrize(
    ("path", "heading"),
    [
        ("/", HOME_HEADING),
        ("/category/EGGS%20%26%20DAIRY", "EGGS & DAIRY"),
        ("/search?query=rice", 'Search Results for "rice"'),
        ("/search/dal/page/2", 'Search Results for "dal"'),
    ],
)
def test_pages_paint_their_heading_and_the_chrome_before_any_script(browser, live_server, path, heading):
    context = browser.new_context(
        base_url=live_server.url, java_script_enabled=False, viewport={"width": 1440, "height": 900}
    )
    try:
        page = context.new_page()
        response = page.goto(path)
        assert response.status == 200
        expect(page.get_by_role("heading", level=1)).to_have_text(heading)
        expect(page.get_by_role("link", name=settings.STORE_NAME)).to_have_attribute("href", "/")
        expect(page.get_by_placeholder("Search for products or brands...")).to_be_visible()
        expect(page.locator("#site-footer")).to_contain_text("About Us")
        assert page.title().endswith(f"| {settings.STORE_NAME}")
        assert page.locator('meta[name="description"]').get_attribute("content")
    finally:
        context.close()


def test_a_listing_lays_out_only_the_cards_near_the_screen_and_keeps_their_shadow(phone_page: Page, demo_catalog):
    """The grid's cells skip layout and paint until they come near the screen (content-visibility:
    their layout was one long task of a listing's start on a slow phone); the containment that
    brings must not clip the card's shadow, and a card comes into view whole when scrolled to."""
    page = phone_page
    page.goto("/category/all")
    cells = page.locator(".product-grid > .product-grid__cell")
    expect(cells.first).to_be_visible()
    shown = "cells => cells.map(cell => cell.firstElementChild.checkVisibility({ contentVisibilityAuto: true }))"
    rendered = cells.evaluate_all(shown)
    assert len(rendered) > 20
    assert rendered[0] and not rendered[-1], "cards far below the first screen are skipped until near"

    shadow = "cell => getComputedStyle(cell.firstElementChild).boxShadow"
    assert cells.first.evaluate(shadow) != "none"
    clip = "cell => getComputedStyle(cell).overflowClipMargin"
    assert cells.first.evaluate(clip) not in ("", "0px"), "paint containment would cut off the card's shadow"

    last = cells.last
    last.scroll_into_view_if_needed()
    expect(last.get_by_role("button", name="Add to Cart")).to_be_visible()
    # The browser decides again on the next frame.
    last.locator(".product-card").evaluate(
        "card => new Promise(done => { const check = () => card.checkVisibility({ contentVisibilityAuto: true })"
        " ? done() : requestAnimationFrame(check); check(); })"
    )
