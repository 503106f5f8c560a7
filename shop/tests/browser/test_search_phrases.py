"""Issue 47 in the browser: a shopper typing a whole phrase in the header's search box (a size, a
brand as people write it, a Hindi word, a spelling two letters away, punctuation, 'and' for '&')
gets the product they meant first; following the suggestion, or the card on the results page,
opens the product with the size they named chosen. Screenshots in test-results/search/ (390 x 844
and 1280 x 800)."""

import re

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, offline_tab
from .test_search_ranking import SHOTS, _search_box
from .test_telugu import settle

pytestmark = pytest.mark.browser

# What a shopper types -> what the first suggestion must name.
PHRASES = [
    ("parle g", "Glucose Biscuits"),
    ("haldi", "Turmeric"),
    ("cheeni", "Sugar"),
    ("sona masuri", "Sona Masoori"),
    ("oil!", "Oil"),
    ("head and shoulders", "Shampoo"),
]


def _type(page: Page, text: str):
    box = _search_box(page)
    box.click()
    box.fill("")
    box.press_sequentially(text)
    return box


def _first_suggestion(page: Page):
    return page.get_by_role("listbox").get_by_role("option").first


def _chosen_weight(page: Page):
    return page.locator("#product-weight option:checked")


def test_whole_phrases_find_what_the_shopper_meant_first(browser, live_server, demo_catalog):
    page = offline_tab(browser, live_server, DESKTOP)
    try:
        page.goto("/")
        for text, first in PHRASES:
            _type(page, text)
            expect(_first_suggestion(page)).to_contain_text(first)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "phrase-head-and-shoulders-desktop.png"))
    finally:
        page.context.close()


@pytest.mark.parametrize(("size", "viewport"), [("phone", PHONE), ("desktop", DESKTOP)])
def test_a_size_in_the_text_opens_the_product_with_that_pack_chosen(browser, live_server, demo_catalog, size, viewport):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/")
        box = _type(page, "sugar 5 kg")
        suggestion = _first_suggestion(page)
        expect(suggestion).to_contain_text("Sugar")
        settle(page)
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"phrase-sugar-5kg-suggestions-{size}.png"))
        suggestion.click()
        expect(page).to_have_url(re.compile(r"/product/"))
        expect(_chosen_weight(page)).to_have_text(re.compile(r"^\s*5 kg"))
        page.screenshot(path=str(SHOTS / f"phrase-sugar-5kg-product-{size}.png"))

        # Enter goes to the results page, whose first card has the 5 kg pack chosen; its link too.
        page.goto("/")
        box = _type(page, "toor dal 1kg")
        box.press("Enter")
        expect(page).to_have_url(re.compile(r"/search\?query=toor"))
        card = page.locator(".product-card").first
        expect(card).to_contain_text("Toor Dal")
        expect(card.get_by_role("button", name="1 kg", exact=True)).to_have_attribute("aria-pressed", "true")
        settle(page)
        page.screenshot(path=str(SHOTS / f"phrase-toor-dal-1kg-results-{size}.png"))
        card.get_by_role("link").first.click()
        expect(page).to_have_url(re.compile(r"/product/"))
        expect(_chosen_weight(page)).to_have_text(re.compile(r"^\s*1 kg"))
    finally:
        page.context.close()
