"""Issue 45 in a real browser, phone (390 x 844) and desktop (1280 x 800), English and Telugu: the
home checker names the pincodes a town is delivered in (533005 is Kakinada's outskirts, the map's
Kakinada is 533001), and Use Current Location on the profile, standing in 533005, fills town and
pincode, clears the street of the old pincode and says where the shop delivers. Screenshots go to
test-results/delivery-area/. Needs the built bundles."""

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from books.tests.test_books_browser import DESKTOP, PHONE, sign_in, tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "delivery-area"
KAKINADA_OUTSKIRTS = {"latitude": 17.00815, "longitude": 82.23453}  # the centre of pincode 533005
AREA = {"en": "In Kakinada we deliver to pincode 533001.", "te": "533001"}


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_checker_and_the_location_say_where_in_kakinada_the_shop_delivers(
    browser, live_server, make_user, language
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    shopper = make_user("9876500077", name="Asha", street="12 Main Road", city="Amalapuram", postal_code="533201")
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        errors = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))

        page.goto("/")
        checker = page.locator(".delivery-checker")
        checker.locator("input[type=search]").fill("533005")
        result = checker.locator(".delivery-result")
        expect(result.locator(".delivery-result__area")).to_contain_text(AREA[language])
        result.scroll_into_view_if_needed()
        expect(page.locator("#splash")).to_be_hidden(timeout=5000)  # the visit's splash fades by itself
        page.screenshot(path=str(SHOTS / f"checker-533005-{name}-{language}.png"))

        page.context.grant_permissions(["geolocation"])
        page.context.set_geolocation(KAKINADA_OUTSKIRTS)
        sign_in(page, shopper.phone_no, then="/profile")
        form = page.locator("#island form").first
        street = form.locator("input[autocomplete=street-address]")
        expect(street).to_have_value("12 Main Road")
        form.locator("button.btn--secondary.btn--block").click()
        expect(form.locator("input[autocomplete=postal-code]")).to_have_value("533005")
        expect(street).to_have_value("Unknown Street")
        expect(street).to_have_attribute("aria-invalid", "true")
        expect(form.locator(".alert--danger").first).to_contain_text(AREA[language])
        page.locator(".toast__close").first.click()  # the toast's own words are the spec's
        form.locator(".alert--danger").first.scroll_into_view_if_needed()
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"profile-location-{name}-{language}.png"))
        assert errors == []
        page.context.close()


def test_shipping_names_the_towns_pincodes_for_an_address_outside_them(browser, live_server, make_user):
    SHOTS.mkdir(parents=True, exist_ok=True)
    shopper = make_user("9876500078", name="Asha", street="4-12 Gandhi Road", city="Kakinada", postal_code="533005")
    for language in ("en", "te"):
        for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
            page = tab(browser, live_server, viewport, language)
            sign_in(page, shopper.phone_no, then="/profile")
            page.goto("/shipping")
            expect(page.locator(".checkout-card .alert--danger")).to_contain_text(AREA[language])
            expect(page.locator(".checkout-card button[type=submit]")).to_be_disabled()
            page.screenshot(path=str(SHOTS / f"shipping-533005-{name}-{language}.png"), full_page=True)
            page.context.close()
    assert re.search(r"\d", AREA["te"])
