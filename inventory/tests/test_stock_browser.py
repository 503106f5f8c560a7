"""The manager's stock screens (/admin/stock) in a real browser, phone (390 x 844) and desktop
(1280 x 800), English and Telugu: every tab (purchases, stock take, near expiry, reorder, margins) opens with its
figures or its empty state, without a page error or a refusal. (The purchase and stock-take flows
themselves are driven in the island's vitest, admin-stock/StockPage.test.jsx.)
Screenshots go to test-results/stock/.

Needs the built bundles: `npx webpack --mode production` first.
"""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from books.tests.test_books_browser import DESKTOP, PHONE, sign_in, tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "stock"


@pytest.mark.parametrize("language", ["en", "te"])
def test_every_stock_tab_opens_for_the_manager(browser, live_server, admin_user, local_supplier, pack, language):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        errors = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        sign_in(page, admin_user.phone_no, then="/admin/stock")
        expect(page.locator("[role=tablist] [role=tab]")).to_have_count(5)
        expect(page.locator("#stock-panel")).to_be_visible()
        page.screenshot(path=str(SHOTS / f"purchases-{name}-{language}.png"), full_page=True)
        for index, shot in enumerate(["take", "expiry", "reorder", "margins"], start=1):
            page.locator("[role=tablist] [role=tab]").nth(index).click()
            expect(page.locator("[role=tablist] [role=tab]").nth(index)).to_have_attribute("aria-selected", "true")
            page.wait_for_load_state("networkidle")
            expect(page.locator("#stock-panel .alert--danger")).to_have_count(0)
            page.screenshot(path=str(SHOTS / f"{shot}-{name}-{language}.png"), full_page=True)
        assert errors == []
        page.context.close()
