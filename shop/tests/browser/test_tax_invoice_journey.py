"""The GST tax invoice in a real browser (issue 16): a 25-line mixed-rate order prints on one A4
page, and the invoice stays readable on a phone (no sideways scrolling, each line a labelled card).

Needs the built bundles: `npm run build` first. About 10 seconds.
"""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from catalog.models import Category, Detail, Financial, Product
from orders.services import Address, LineRequest, Totals, order_place

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

RATES = (0, 5, 12, 18, 28)
# The print window's markup, caught instead of opening a pop-up.
CATCH_PRINT = """() => {
  window.__printed = "";
  window.open = () => ({
    document: { open() {}, write(html) { window.__printed += html; }, close() {} },
    focus() {},
    print() {},
  });
}"""


def sign_in_as(page: Page, phone_no: str, password: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())


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


def test_a_25_line_tax_invoice_prints_on_one_a4_page(page: Page, browser, big_order):
    customer, order = big_order
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")

    invoice = page.get_by_role("article", name="Invoice")
    expect(invoice.get_by_role("heading", name="Tax Invoice")).to_be_visible()
    expect(invoice.get_by_text("Place of Supply")).to_be_visible()
    expect(invoice.locator(".invoice__lines tbody tr")).to_have_count(25)
    expect(invoice.get_by_role("table", name="GST Summary").locator("tbody tr")).to_have_count(5)

    page.evaluate(CATCH_PRINT)
    page.get_by_role("button", name="Print").click()
    page.wait_for_function("() => window.__printed")  # written once the print page's code is loaded
    printed = page.evaluate("() => window.__printed")
    assert "Tax Invoice" in printed and printed.count("<tr") == 1 + 25 + 1 + 5 + 1  # lines, then the summary

    sheet = browser.new_page()
    try:
        sheet.set_content(printed)
        sheet.emulate_media(media="print")
        pdf = sheet.pdf(format="A4", prefer_css_page_size=True)
    finally:
        sheet.close()
    assert len(re.findall(rb"/Type\s*/Page[^s]", pdf)) == 1


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
