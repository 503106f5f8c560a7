"""Issue 45's layout items a shopper sees, on a 390 x 844 phone and a 1280 x 800 desktop in English
and Telugu: the phone's policy strip (the company, GSTIN and FSSAI line) ends above the bottom bar and
links the Terms and the Privacy Policy; a card showing "3x Packs" leaves its row's prices and buttons
level; the product page's weight shows "10 kg (Out of stock)" whole. Screenshots in
test-results/layout/.

Needs the built bundles (`npm run build`).
"""

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from catalog.models import Financial

from .conftest import DESKTOP, PHONE, offline_tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "layout"
LANGUAGES = ["en", "te"]
SIZES = [("phone", PHONE), ("desktop", DESKTOP)]
OUT_OF_STOCK = {"en": "(Out of stock)", "te": "(స్టాక్ లేదు)"}
TERMS = {"en": "Terms and Conditions", "te": "నిబంధనలు మరియు షరతులు"}
PRIVACY = {"en": "Privacy Policy", "te": "గోప్యతా విధానం"}


def shoot(page: Page, name: str, **options) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    expect(page.locator("#splash")).to_have_count(0)
    page.screenshot(path=str(SHOTS / f"{name}.png"), **options)


def tab_in(browser, live_server, viewport, language: str) -> Page:
    page = offline_tab(browser, live_server, viewport)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.context.add_init_script(f"localStorage.setItem('lang', '{language}')")
    return page


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_phone_policy_strip_ends_above_the_bottom_bar_and_links_terms_and_privacy(
    browser, live_server, demo_catalog, language
):
    page = tab_in(browser, live_server, PHONE, language)
    try:
        page.goto("/search?query=nothing-sells-as-this")
        strip = page.locator("nav.legal-strip")
        expect(strip.get_by_role("link", name=TERMS[language])).to_have_attribute("href", "/terms.html")
        expect(strip.get_by_role("link", name=PRIVACY[language])).to_have_attribute("href", "/privacy.html")
        page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")
        page.wait_for_timeout(300)
        seller = strip.locator("span").bounding_box()
        bar = page.locator(".bottom-bar").bounding_box()
        shoot(page, f"policy-strip-phone-{language}")
        assert seller["y"] + seller["height"] <= bar["y"], (seller, bar)  # it sat under the bar
    finally:
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_card_showing_its_packs_leaves_its_rows_prices_and_buttons_level(
    browser, live_server, demo_catalog, size, viewport, language
):
    page = tab_in(browser, live_server, viewport, language)
    try:
        page.goto("/category/RICE%20%26%20PULSES")
        cards = page.locator(".product-grid .product-card")
        expect(cards.nth(3)).to_be_visible()
        card = cards.nth(1)
        card.locator(".product-card__actions .btn--primary").click()
        card.locator(".stepper__button").last.click()
        card.locator(".stepper__button").last.click()
        expect(card.locator(".product-card__packs")).to_contain_text("3x")
        card.scroll_into_view_if_needed()
        shoot(page, f"card-packs-{size}-{language}")
        # The cards beside it, on its row: their prices and buttons at the same height as its own.
        rows = page.evaluate(
            """() => {
                const cards = [...document.querySelectorAll('.product-grid .product-card')].slice(0, 8);
                const top = (card, selector) => Math.round(card.querySelector(selector).getBoundingClientRect().top);
                const row = (card) => Math.round(card.getBoundingClientRect().top);
                const first = row(cards[1]);
                return cards.filter((card) => row(card) === first && card.querySelector('.product-card__actions .btn--primary, .product-card__actions .stepper'))
                    .map((card) => [top(card, '.product-card__price'), top(card, '.product-card__actions')]);
            }"""
        )
        assert len(rows) >= 2 and len(set(map(tuple, rows))) == 1, rows
    finally:
        page.context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_the_product_pages_weight_shows_an_out_of_stock_pack_whole(
    browser, live_server, demo_catalog, size, viewport, language
):
    Financial.objects.filter(
        detail__product__slug="sona-masoori-rice", detail__brand="Lalitha", quantity=10, units="kg"
    ).update(count_in_stock=0)
    page = tab_in(browser, live_server, viewport, language)
    try:
        page.goto("/product/sona-masoori-rice")
        weight = page.locator("#product-weight")
        expect(weight.locator("option", has_text=OUT_OF_STOCK[language])).to_have_count(1)
        index = weight.evaluate(
            "(select) => [...select.options].findIndex((option) => option.text.startsWith('10 kg'))"
        )
        weight.select_option(index=index)
        shoot(page, f"product-weight-{size}-{language}")
        fit = weight.evaluate(
            """(select) => {
                const style = getComputedStyle(select);
                const context = document.createElement('canvas').getContext('2d');
                context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
                const text = select.options[select.selectedIndex].text;
                // The closed select shows its text between its paddings, beside its arrow (about 20 px).
                const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
                return {text, width: context.measureText(text).width, room};
            }"""
        )
        assert OUT_OF_STOCK[language] in fit["text"]
        assert fit["width"] <= fit["room"], fit  # it showed "10 kg (Out of stc"
    finally:
        page.context.close()
