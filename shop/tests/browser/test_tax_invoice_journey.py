"""The GST tax invoice in a real browser (issue 16): a 25-line mixed-rate order prints on one A4
page, and the invoice stays readable on a phone (no sideways scrolling, each line a labelled card).
Printing (issue 31) is the order page's own: Chromium prints the page itself to PDF, under the
page's Content-Security-Policy, and the PDF holds the invoice (and each credit note on a page of its
own) and nothing else of the page.

Needs the built bundles: `npm run build` first. About 10 seconds.
"""

import io
import os
from decimal import Decimal
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect
from pypdf import PdfReader

from catalog.models import Category, Detail, Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.buyers import invoice_buyer_set
from orders.credit_notes import credit_note_issue
from shop.tests.browser.signin import sign_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RATES = (0, 5, 12, 18, 28)
# What the page shows around the invoice, none of which may be printed.
NOT_PRINTED = ("Search for products", "About Us", "Track Order", "Say Hi", "Order Details", "Print")


SAVE_TO = Path(os.environ["SAVE_PRINTED_PDF"]) if os.environ.get("SAVE_PRINTED_PDF") else None


def printed_pages(page: Page) -> list[str]:
    """The page printed as Ctrl+P prints it (print media, A4), as the text of each PDF page, casefolded
    (headings print in capitals) with its line breaks as spaces."""
    pdf = page.pdf(format="A4", prefer_css_page_size=True)
    if SAVE_TO:
        SAVE_TO.write_bytes(pdf)
    return [" ".join(sheet.extract_text().casefold().split()) for sheet in PdfReader(io.BytesIO(pdf)).pages]


def missing(text: str, *words: str) -> list[str]:
    return [word for word in words if word.casefold() not in text]


def printed(text: str, *words: str) -> list[str]:
    return [word for word in words if word.casefold() in text]


def refused_by_csp(page: Page) -> list[str]:
    refused: list[str] = []
    page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
    return refused


@pytest.fixture
def big_order(make_user):
    """25 lines at every GST rate, with long names and brands, for a customer in Amalapuram."""
    customer = make_user("9876500011", name="Asha Customer")
    customer.street, customer.city, customer.postal_code = "12-4 Gandhi Nagar, Near Clock Tower", "Amalapuram", "533201"
    customer.save()
    shelf = Category.objects.create(key="kits", name="KITS", sequence=1)
    lines, total = [], Decimal("0.00")
    for number in range(25):
        rate = RATES[number % len(RATES)]
        product = Product.objects.create(
            name=f"Breakfast Combo Ravva Poha Semiya Number {number + 1}",
            slug=f"combo-{number}",
            category=shelf,
            hsn_code="19049000",
            gst_rate=rate,
        )
        detail = Detail.objects.create(product=product, brand="Sunfeast Dark Fantasy")
        dprice = Decimal("1234.57") + number
        pack = Financial.objects.create(
            detail=detail, quantity=Decimal("1.5"), units="kg", price=dprice + 100, dprice=dprice, count_in_stock=50
        )
        lines.append(LineRequest(product_id=product.pk, brand_id=detail.pk, financial_id=pack.pk, qty=7))
        total += dprice * 7
    order = order_place(
        user=customer,
        items=lines,
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
    )
    return customer, order


def test_a_25_line_tax_invoice_prints_on_one_a4_page(page: Page, big_order):
    customer, order = big_order
    refused = refused_by_csp(page)
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")

    invoice = page.get_by_role("article", name="Invoice")
    expect(invoice.get_by_role("heading", name="Tax Invoice")).to_be_visible()
    expect(invoice.get_by_text("Place of Supply")).to_be_visible()
    expect(invoice.locator(".invoice__lines tbody tr")).to_have_count(25)
    expect(invoice.get_by_role("table", name="GST Summary").locator("tbody tr")).to_have_count(5)

    pages = printed_pages(page)
    assert len(pages) == 1
    text = pages[0]
    assert missing(text, "Tax Invoice", order.invoice_number, "GST Summary", "Amount in words") == []
    assert missing(text, "Breakfast Combo Ravva Poha Semiya Number 25") == []
    assert printed(text, *NOT_PRINTED) == []
    assert refused == []


def test_a_25_line_invoice_to_a_business_buyer_prints_on_one_a4_page(page: Page, big_order):
    """The buyer's name, GSTIN, state code and who ordered take the Bill To column (issue 43) and
    the invoice still fits its page."""
    customer, order = big_order
    invoice_buyer_set(order=order, gstin="37AAPFU0939F1ZU", name="Sri Lakshmi Caterers")
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")
    expect(page.get_by_role("article", name="Invoice").get_by_text("Sri Lakshmi Caterers")).to_be_visible()

    pages = printed_pages(page)

    assert len(pages) == 1
    assert missing(pages[0], "Sri Lakshmi Caterers", "37AAPFU0939F1ZU", "Amount in words", "GST Summary") == []


def test_a_credit_note_prints_on_a_page_of_its_own_after_the_invoice(page: Page, big_order):
    customer, order = big_order
    first_line = order.items.order_by("pk").first()
    note = credit_note_issue(order=order, lines=[(first_line, 2)], reason="Two packs were damaged")
    refused = refused_by_csp(page)
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")
    expect(page.locator(".credit-note")).to_be_visible()

    invoice, credit_note = printed_pages(page)
    assert missing(invoice, "Tax Invoice") == [] and printed(invoice, note.number) == []
    assert missing(credit_note, "Credit Note", note.number, order.invoice_number) == []
    assert printed(invoice + credit_note, *NOT_PRINTED) == []

    # The credit note's own Print button prints that note alone (the page then prints itself again).
    page.evaluate(
        "() => { window.print = () => { window.__printedPages = document.querySelectorAll('.print-target').length; }; }"
    )
    page.get_by_role("button", name="Print credit note").click()
    assert page.evaluate("() => window.__printedPages") == 1
    assert refused == []


def test_the_tax_invoice_is_readable_on_a_phone(phone_page: Page, big_order):
    customer, order = big_order
    sign_in_as(phone_page, customer.phone_no, "secret-pass-1")
    phone_page.goto(f"/order/{order.public_id}")

    first_line = phone_page.locator(".invoice__lines tbody tr").first
    expect(first_line).to_be_visible()
    # Each figure carries its label, and nothing pushes the page sideways.
    assert (
        first_line.locator("td[data-label='CGST']").evaluate("(cell) => getComputedStyle(cell, '::before').content")
        == '"CGST"'
    )
    assert phone_page.evaluate("() => document.documentElement.scrollWidth <= window.innerWidth")
    box = phone_page.get_by_role("article", name="Invoice").bounding_box()
    assert box is not None and box["width"] <= 360
