"""The staff dashboard shows the buyer apps' finder fees on ONDC sales, on a phone and a desktop, in
English and Telugu (screenshots in test-results/ondc/)."""

from pathlib import Path

import pytest

from ondc.tests.test_orders import test_the_networks_money_terms_are_recorded_with_the_finder_fee_and_tcs as sold
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.signin import sign_in_as

pytestmark = pytest.mark.browser
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "ondc"


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_dashboard_shows_the_finder_fees_on_ondc_sales(
    network, packs, admin_user, browser, live_server, viewport, language
):
    sold(network, packs)  # one prepaid ONDC order of ₹798.00, a 3 % finder fee
    tab = offline_tab(browser, live_server, viewport)
    try:
        tab.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
        sign_in_as(tab, admin_user.phone_no, "secret-pass-1")
        tab.goto("/admin/dashboard")
        label = "ONDC finder fees" if language == "en" else "ONDC ఫైండర్ ఫీజులు"
        figure = tab.locator(".dashboard-figure", has=tab.locator("dt", has_text=label))
        figure.wait_for()
        assert figure.locator(".dashboard-figure__value").inner_text() == "₹23.94"
        assert "₹798.00" in figure.locator(".dashboard-figure__note").inner_text()
        SHOTS.mkdir(parents=True, exist_ok=True)
        figure.scroll_into_view_if_needed()
        tab.screenshot(path=str(SHOTS / f"dashboard-{viewport['width']}-{language}.png"))
    finally:
        tab.context.close()
