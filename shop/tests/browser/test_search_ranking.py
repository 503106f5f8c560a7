"""Issue 29 in the browser: the header's suggestions put what a shopper means first, in English,
Telugu script and Telugu in Latin letters, with the category in the page's language; the delivery
checker finds a town typed in Telugu or one letter off, and drops an earlier answer as soon as the
shopper types again. Screenshots in test-results/search/ (390 x 844 and 1280 x 800, both languages)."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, offline_tab
from .test_telugu import choose, settle

pytestmark = pytest.mark.browser

SHOTS = Path(__file__).resolve().parents[3] / "test-results" / "search"


def _search_box(page: Page):
    return (
        page.get_by_role("combobox", name=re.compile("Search for products or brands|ఉత్పత్తులు"))
        .or_(page.get_by_role("searchbox", name=re.compile("Search for products or brands|ఉత్పత్తులు")))
        .first
    )


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
@pytest.mark.parametrize("language", ["en", "te"])
def test_suggestions_put_cooking_oil_first_with_the_category_in_the_pages_language(
    browser, live_server, demo_catalog, size, viewport, language
):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/")
        if language == "te":
            choose(page, "te")
        box = _search_box(page)
        box.click()
        box.press_sequentially("నూనె" if language == "te" else "oil")
        options = page.get_by_role("listbox").get_by_role("option")
        expect(options.first).to_contain_text(re.compile(r"Oil|నూనె"))
        expect(options.first).to_contain_text("నూనెలు" if language == "te" else "OILS")
        for option in options.all()[:3]:
            expect(option).not_to_contain_text(re.compile(r"Foil|Hair|ఫాయిల్|జుట్టు"))
        settle(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"suggestions-{language}-{size}.png"))
    finally:
        page.context.close()


def test_a_typo_and_a_local_name_in_the_suggestions(browser, live_server, demo_catalog):
    page = offline_tab(browser, live_server, DESKTOP)
    try:
        page.goto("/")
        box = _search_box(page)
        box.click()
        box.press_sequentially("sugr")
        expect(page.get_by_role("listbox").get_by_role("option").first).to_contain_text("Sugar")
        box.fill("")
        box.press_sequentially("palu")
        expect(page.get_by_role("listbox").get_by_role("option").first).to_contain_text("Toned Milk")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "suggestions-palu-desktop.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_the_checker_finds_a_telugu_town_name_and_a_typo_and_clears_an_old_answer(
    browser, live_server, demo_catalog, size, viewport
):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/")
        checker = page.get_by_role("region", name="Where Would You Like Your Order Delivered?").first
        if not checker.is_visible():
            checker = page.locator("#site-header").get_by_role(
                "region", name="Where Would You Like Your Order Delivered?"
            )
        box = checker.get_by_role("combobox", name="Search a new address")
        box.press_sequentially("కాకినాడ")
        expect(checker.get_by_role("option").first).to_contain_text("Kakinada 533001")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"checker-telugu-{size}.png"))
        box.press("ArrowDown")
        box.press("Enter")
        result = checker.locator(".delivery-result")
        expect(result).to_contain_text("Kakinada", timeout=20_000)
        box.press("Backspace")
        expect(result).to_have_count(0)
        box.fill("")
        box.press_sequentially("kakinda")
        expect(checker.get_by_role("option").first).to_contain_text("Kakinada 533001")
        page.screenshot(path=str(SHOTS / f"checker-typo-{size}.png"))
    finally:
        page.context.close()
