"""The first screen does not wait for React (issue 34): with the island renderer running
(frontend/ssr/server.mjs, shop/ssr.py) a shopper page's first HTML already shows the heading and
the first cards with picture, name, price, packs and the cart button; the island then hydrates
that markup without drawing it again. The per-task target (no task of 50 ms or more at 4x CPU
slowdown) is judged by bench/long_tasks.py; here the longest task is printed, as a figure (it
counts Playwright's own selector script too, which the locators below inject: the bench does not)."""

import re

import pytest
from playwright.sync_api import expect

from shop.tests.browser.conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CATEGORY = "/category/OILS"
LONG_TASKS = """
window.__longTasks = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.__longTasks.push(Math.round(entry.duration));
}).observe({ type: "longtask", buffered: true });
"""


def test_the_first_html_shows_the_heading_and_the_cards_without_javascript(
    browser, live_server, demo_catalog, node_renderer
):
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False, viewport=PHONE)
    try:
        page = context.new_page()
        page.goto(CATEGORY)
        expect(page.get_by_role("heading", level=1)).to_have_text("OILS")
        card = page.locator("#island[data-ssr] .product-card").first
        expect(card.locator("img")).to_have_attribute("src", re.compile(r"^/media/"))
        assert card.locator("img").evaluate("img => img.complete && img.naturalWidth > 0")
        expect(card.get_by_role("heading", level=2)).not_to_be_empty()
        expect(card.locator(".price-now")).to_contain_text("₹")
        expect(card.locator(".size-button").first).to_be_visible()
        expect(card.locator(".product-card__actions button")).to_have_text("Add to Cart")
        assert page.locator("#island .product-card").count() >= 4

        page.goto("/")
        expect(page.get_by_role("heading", level=1)).to_have_text("Fresh groceries, delivered in 24 hours")
        expect(page.locator("#island[data-ssr] .category-tile").first).to_be_visible()
    finally:
        context.close()


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_island_hydrates_the_server_markup_at_4x_slowdown(
    browser, live_server, demo_catalog, node_renderer, language
):
    context = browser.new_context(base_url=live_server.url, viewport=PHONE, is_mobile=True, has_touch=True)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.add_init_script(LONG_TASKS)
    errors = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("console", lambda message: message.type == "error" and errors.append(message.text))
        cdp = context.new_cdp_session(page)
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
        page.goto(CATEGORY)
        first = page.locator("#island .product-card").first
        served = first.inner_html()
        page.wait_for_selector("#island[data-mounted]", state="attached", timeout=30_000)
        assert page.evaluate("document.documentElement.dataset.hydrationMismatch") is None, errors
        assert not errors, errors
        # Hydrated, not drawn again: the same element, and it answers the shopper.
        assert first.inner_html() == served
        add = "Add to Cart" if language == "en" else "కార్ట్‌కు జోడించండి"
        expect(first.locator(".product-card__actions button")).to_have_text(add)
        first.locator(".product-card__actions button").click()
        expect(first.locator(".stepper__count")).to_have_text("1")
        tasks = page.evaluate("window.__longTasks")
        print(f"{language}: long tasks at 4x during load and hydration (ms): {sorted(tasks, reverse=True)}")
    finally:
        context.close()
