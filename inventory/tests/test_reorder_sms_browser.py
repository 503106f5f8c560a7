"""The reorder tab's Send by SMS in a real browser, phone (390 x 844) and desktop (1280 x 800),
English and Telugu: pressed, it says the text went; pressed again, that it went today already.
Screenshots go to test-results/stock/. Needs the built bundles."""

from pathlib import Path

import pytest
from playwright.sync_api import expect

from books.tests.test_books_browser import DESKTOP, PHONE, sign_in, tab
from catalog.models import Financial
from conftest import client_for

from .conftest import entered, line

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "stock"


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_manager_texts_the_suppliers_order(browser, live_server, admin_user, local_supplier, pack, language):
    SHOTS.mkdir(parents=True, exist_ok=True)
    draft = entered(admin_user, local_supplier, line(pack, qty=24))
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=2, low_stock_threshold=5)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        errors = []
        page.on("pageerror", lambda error, seen=errors: seen.append(str(error)))
        sign_in(page, admin_user.phone_no, then="/admin/stock")
        page.locator("[role=tablist] [role=tab]").nth(3).click()
        send = page.locator(".stock-order__send button")
        send.click()
        expect(page.locator(".stock-order__send .alert--success")).to_contain_text("9848012345")
        send.click()  # the same order again: not sent twice
        expect(page.locator(".stock-order__send .alert--success")).to_contain_text("9848012345")
        page.wait_for_timeout(300)
        page.screenshot(path=str(SHOTS / f"reorder-sms-{name}-{language}.png"), full_page=True)
        assert errors == []
        page.context.close()
