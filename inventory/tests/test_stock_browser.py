"""The manager's stock screens (/admin/stock) in a real browser, phone (390 x 844) and desktop
(1280 x 800), English and Telugu: every tab (purchases, stock take, near expiry, reorder, margins) opens with its
figures or its empty state, without a page error or a refusal. (The purchase and stock-take flows
themselves are driven in the island's vitest, admin-stock/StockPage.test.jsx.)
Screenshots go to test-results/stock/.

Needs the built bundles: `npx webpack --mode production` first.
"""

import datetime
from pathlib import Path

import pytest
from django.utils import timezone
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


@pytest.fixture
def counted_and_sold(admin_user, customer, pack):
    """Sona Rice 1 kg and 5 kg bought at a known cost and sold (margins by pack: two rows), and a
    count sheet whose two packs differ: one damaged, one a plain count correction."""
    from catalog.stock import stock_receive
    from catalog.tests.factories import make_pack
    from inventory import stock_takes
    from inventory.tests.test_margins import sell
    from orders.tests.conftest import give_address

    big = make_pack(pack.detail, "5", "kg", price="450", dprice="420", stock=0)
    # Dated, so the sale takes it before the opening stock (whose cost is unknown).
    soon = timezone.localdate() + datetime.timedelta(days=90)
    stock_receive(pack=pack, qty=20, batch_no="B-1", best_before=soon, unit_cost_paise=7000)
    stock_receive(pack=big, qty=10, batch_no="B-2", unit_cost_paise=35000)
    shopper = give_address(customer)
    sell(shopper, pack, 2)
    sell(shopper, big, 1)
    take = stock_takes.stock_take_start(by=admin_user)
    stock_takes.stock_take_count(
        take_id=take.pk, counts={pack.pk: {"counted": 25, "reason": "damaged"}, big.pk: {"counted": 8}}
    )
    return take


def test_the_count_sheet_shows_each_reason_and_the_margins_name_each_pack(
    browser, live_server, admin_user, counted_and_sold
):
    """The count sheet on a phone in Telugu, a reason chosen per line; the margins by pack on a
    desktop in English, the 1 kg and the 5 kg each on a row of its own."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = tab(browser, live_server, PHONE, "te")
    errors = []
    page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
    sign_in(page, admin_user.phone_no, then="/admin/stock")
    page.locator("[role=tablist] [role=tab]").nth(1).click()
    page.locator(".stock-row .btn").first.click()
    reasons = page.locator("select.stock-reason")
    expect(reasons).to_have_count(2)
    expect(reasons.first).to_have_value("damaged")
    expect(reasons.nth(1)).to_have_value("count_correction")
    expect(reasons.first.locator("option:checked")).to_have_text("పాడైంది")
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / "take-reasons-phone-te.png"), full_page=True)
    assert errors == []
    page.context.close()

    page = tab(browser, live_server, DESKTOP, "en")
    page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
    sign_in(page, admin_user.phone_no, then="/admin/stock")
    page.locator("[role=tablist] [role=tab]").nth(4).click()
    page.locator("#stock-margin-by").select_option("pack")
    rows = page.locator(".stock-table tbody th[scope=row]")
    expect(rows).to_have_text(["Brand A Sona Rice 1 kg", "Brand A Sona Rice 5 kg"])
    page.wait_for_load_state("networkidle")
    page.screenshot(path=str(SHOTS / "margins-by-pack-desktop-en.png"), full_page=True)
    assert errors == []
    page.context.close()
