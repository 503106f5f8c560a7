"""Printing what staff and shoppers print (issue 45), in Chromium to PDF: the invoice's Print prints
the invoice alone (not every credit note after it), a credit note printed from its own button is one
A4 page with no blank page before it, and the delivery sheet is type one reads at arm's length with
a "Received by" box wide and tall enough to sign in.

Needs the built bundles: `npm run build` first. Screenshots of the print media in
test-results/printing/.
"""

from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from orders.credit_notes import credit_note_issue
from shop.tests.browser.signin import sign_in_as

from .test_picking_sheets import DAY, window_day  # noqa: F401  (a fixture)
from .test_tax_invoice_journey import big_order, printed_pages  # noqa: F401  (a fixture)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "printing"
MM = 96 / 25.4  # CSS pixels in a millimetre
POINT = 96 / 72  # CSS pixels in a point


def shoot_print(page: Page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.emulate_media(media="print")
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    page.emulate_media(media="null")  # back to no emulation: page.pdf() prints as print media


def hold_printing(page: Page) -> None:
    """window.print() does nothing, so what a Print button marks for printing stays marked while the
    test prints the page to PDF (Chromium's own dialog is not there to close)."""
    page.evaluate("() => { window.print = () => {}; }")


@pytest.fixture
def order_with_a_credit_note(big_order):  # noqa: F811
    customer, order = big_order
    first_line = order.items.order_by("pk").first()
    note = credit_note_issue(order=order, lines=[(first_line, 2)], reason="Two packs were damaged")
    return customer, order, note


def test_the_invoices_print_button_prints_the_invoice_alone(page: Page, order_with_a_credit_note):
    customer, order, note = order_with_a_credit_note
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")
    expect(page.locator(".credit-note")).to_be_visible()
    hold_printing(page)

    page.get_by_role("button", name="Print", exact=True).click()

    shoot_print(page, "invoice")  # before the PDF: printing ends in afterprint, which unmarks it
    pages = printed_pages(page)
    assert len(pages) == 1
    assert "tax invoice" in pages[0] and order.invoice_number.casefold() in pages[0]
    assert note.number.casefold() not in pages[0]


def test_a_credit_note_prints_alone_on_its_first_page(page: Page, order_with_a_credit_note):
    customer, order, note = order_with_a_credit_note
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")
    expect(page.locator(".credit-note")).to_be_visible()
    hold_printing(page)

    page.get_by_role("button", name="Print credit note").click()

    shoot_print(page, "credit-note")  # before the PDF: printing ends in afterprint, which unmarks it
    pages = printed_pages(page)
    assert len(pages) == 1, [text[:60] for text in pages]  # no blank A4 page before it
    assert "credit note" in pages[0] and note.number.casefold() in pages[0]
    assert "tax invoice" not in pages[0]


@pytest.mark.parametrize("language", ["en", "te"])
def test_the_delivery_sheet_prints_large_type_and_a_box_to_sign(page: Page, window_day, live_server, language):  # noqa: F811
    admin, window = window_day
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    sign_in_as(page, admin.phone_no, "admin12345")
    page.evaluate(f"() => localStorage.setItem('lang', '{language}')")
    page.goto(f"/admin/deliverysheet?window={window.pk}&date={DAY}")
    expect(page.get_by_role("link", name="9876500013")).to_be_visible()

    page.emulate_media(media="print")
    sheet = page.evaluate(
        """() => {
            const cell = document.querySelector('.picking__route tbody td');
            const sign = document.querySelector('.picking__route tbody .picking__sign').getBoundingClientRect();
            return {type: parseFloat(getComputedStyle(cell).fontSize), signWidth: sign.width, signHeight: sign.height};
        }"""
    )
    page.emulate_media(media="null")  # back to no emulation: page.pdf() prints as print media
    shoot_print(page, f"delivery-sheet-{language}")

    assert sheet["type"] >= 10 * POINT, sheet  # it was 11 px: 8 points
    assert sheet["signWidth"] >= 45 * MM and sheet["signHeight"] >= 10 * MM, sheet
    printed = printed_pages(page)
    assert len(printed) == 1, printed  # three stops still on one A4 page
