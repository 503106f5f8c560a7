"""The owner's books screen (/admin/books) in a real browser, phone (390 x 844) and desktop
(1280 x 800), English and Telugu: October 2026's GSTR-3B figures, a workbook downloaded, and the
server's refusals shown. Screenshots go to test-results/books/.

Needs the built bundles: `npx webpack --mode production` first.
"""

import re
from io import BytesIO
from pathlib import Path

import pytest
from openpyxl import load_workbook
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
SHOTS = Path(__file__).resolve().parents[2] / "test-results" / "books"
OWNER_PASSWORD = "secret-pass-1"


def tab(browser, live_server, viewport, language: str) -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone, accept_downloads=True
    )
    context.set_default_timeout(20_000)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    context.add_init_script(f"localStorage.setItem('lang', '{language}')")
    return context.new_page()


def sign_in(page: Page, phone_no: str, then: str) -> None:
    page.goto(f"/login?redirect={then}")
    form = page.locator("#island")
    form.locator("input[type=tel], input[name=phoneNo]").first.fill(phone_no)
    form.locator("input[type=password]").first.fill(OWNER_PASSWORD)
    form.locator("button[type=submit]").first.click()
    page.wait_for_url(re.compile(rf"^https?://[^/]+{re.escape(then)}$"))


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_owner_reads_3b_downloads_the_workbook_and_sees_refusals(
    browser, live_server, october, purchases, admin_user, language
):
    SHOTS.mkdir(parents=True, exist_ok=True)
    for name, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = tab(browser, live_server, viewport, language)
        sign_in(page, admin_user.phone_no, then="/admin/dashboard")
        page.locator("a[href='/admin/books']").click()
        page.wait_for_url(re.compile(r"/admin/books$"))
        page.locator("#books-month").fill("2026-10")
        page.locator(".books-period button[type=submit]").click()
        expect(page.locator(".books-figures")).to_contain_text("₹2,577.15")
        expect(page.locator(".books-heads")).to_contain_text("₹151.54")  # SGST credit carried forward
        expect(page.locator("#books-from")).to_have_value("2026-10-01")
        page.screenshot(path=str(SHOTS / f"books-{name}-{language}.png"), full_page=True)

        with page.expect_download() as download:
            page.locator(".books-section").nth(1).locator("button").nth(1).click()  # GSTR-1 Excel
        assert download.value.suggested_filename == "GSTR1_37ABCDE1234F1Z5_102026.xlsx"
        book = load_workbook(BytesIO(Path(download.value.path()).read_bytes()), read_only=True)
        assert "b2cs" in book.sheetnames

        page.locator("#books-from").fill("2026-03-31")
        page.locator(".books-registers li").last.locator("button").click()  # the Tally file
        expect(page.locator(".alert--danger")).to_be_visible()
        if language == "en":
            expect(page.locator(".alert--danger")).to_contain_text("financial year")
        page.locator("#books-month").fill("2099-12")
        page.locator(".books-period button[type=submit]").click()
        expect(page.locator(".alert--danger").first).to_be_visible()
        page.screenshot(path=str(SHOTS / f"books-refused-{name}-{language}.png"), full_page=True)
        page.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_owner_marks_a_return_filed_and_sees_the_amendments_of_the_next(
    browser, live_server, october, admin_user, language
):
    from books.filing import gstr1_mark_filed
    from books.periods import period_of
    from books.tests.shop import BUYER_GSTIN, BUYER_NAME
    from orders.buyers import invoice_buyer_set

    gstr1_mark_filed(period=period_of("092026"), by=admin_user)
    gstr1_mark_filed(period=period_of("102026"), by=admin_user)
    invoice_buyer_set(order=october.orders["O4"], gstin=BUYER_GSTIN, name=BUYER_NAME)  # after filing
    SHOTS.mkdir(parents=True, exist_ok=True)
    for number, (name, viewport) in enumerate((("phone", PHONE), ("desktop", DESKTOP))):
        page = tab(browser, live_server, viewport, language)
        sign_in(page, admin_user.phone_no, then="/admin/books")
        page.locator("#books-month").fill("2026-10")
        page.locator(".books-period button[type=submit]").click()
        expect(page.locator(".books-filed")).to_be_visible()  # October: filed
        page.locator("#books-month").fill("2026-11")
        page.locator(".books-period button[type=submit]").click()
        amendments = page.locator(".books-amendments li")
        expect(amendments).to_have_count(1)
        expect(amendments).to_contain_text(october.orders["O4"].invoice_number)
        expect(amendments).to_contain_text(BUYER_GSTIN)
        page.locator(".books-filing").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"books-amendments-{name}-{language}.png"), full_page=True)
        if number == 0:  # the phone marks November filed; the desktop finds it so
            page.locator(".books-filing button").click()
        expect(page.locator(".books-filed")).to_be_visible()
        expect(page.locator(".books-filing button")).to_have_count(0)
        if language == "en":
            expect(page.locator(".books-filed")).to_contain_text("Marked filed on")
        page.screenshot(path=str(SHOTS / f"books-filed-{name}-{language}.png"), full_page=True)
        page.context.close()
