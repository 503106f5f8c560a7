"""Issue 45 in the browser: what a shopper still tripped on (blank search, a town outside the
states the shop serves, a phone number typed with spaces). Screenshots in test-results/polish/."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE, offline_tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "polish"
CHECKER_TITLE = {"en": "Where Would You Like Your Order Delivered?"}
SIZES = [("phone", PHONE), ("desktop", DESKTOP)]


def shoot(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def hydrated(page: Page) -> None:
    page.wait_for_load_state("networkidle")


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_blank_search_does_nothing(browser, live_server, demo_catalog, size, viewport):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/")
        hydrated(page)
        box = page.locator("#site-header").get_by_role("combobox").first
        box.click()
        box.fill("   ")
        box.press("Enter")
        page.wait_for_timeout(500)
        expect(page).to_have_url(re.compile(r"/$"))
        # Before the island runs (or without JavaScript) the form's own submit does nothing either:
        # the shopper stays where they were instead of a page listing everything.
        with page.expect_response(re.compile(r"/search\?query=")) as answer:
            page.evaluate("() => document.querySelector('#site-header form[role=search]').submit()")
        assert answer.value.status == 204
        page.wait_for_timeout(300)
        expect(page).to_have_url(re.compile(r"/$"))
        shoot(page, f"blank-search-{size}")
        # A typed address of a blank search goes home rather than listing the whole catalog.
        page.goto("/search?query=%20")
        expect(page).to_have_url(re.compile(r"/$"))
    finally:
        page.context.close()


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_town_outside_the_states_says_where_the_shop_delivers(browser, live_server, size, viewport):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/")
        hydrated(page)
        checker = page.locator("#site-header").get_by_role("region", name=CHECKER_TITLE["en"])
        box = checker.get_by_placeholder("Search a new address")
        box.fill("Chennai")
        expect(checker.get_by_role("option").first).to_contain_text("Chennai G.P.O.")
        box.press("Enter")
        expect(checker.locator(".delivery-result")).to_contain_text("We only deliver in Andhra Pradesh & Puducherry.")
    finally:
        shoot(page, f"checker-chennai-{size}")
        page.context.close()


@pytest.mark.parametrize(("size", "viewport"), SIZES)
def test_a_phone_number_typed_with_spaces_is_accepted(browser, live_server, size, viewport):
    page = offline_tab(browser, live_server, viewport)
    try:
        page.goto("/register")
        hydrated(page)
        form = page.locator("#island")
        form.get_by_label("Phone Number").press_sequentially("98765 43210")
        expect(form.get_by_label("Phone Number")).to_have_value("9876543210")
        expect(form.get_by_role("button", name="Send OTP via SMS")).to_be_enabled()
        shoot(page, f"register-spaced-phone-{size}")

        page.goto("/grievance.html")
        page.locator("#g-phone").fill("98765-43210")
        expect(page.locator("#g-phone")).to_have_value("98765-43210")  # not cut at 10 characters
        shoot(page, f"grievance-spaced-phone-{size}")
    finally:
        page.context.close()
