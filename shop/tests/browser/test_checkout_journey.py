"""The checkout journey in a real browser (issue 5 "Screens").

A guest adds two products, proceeds to checkout, signs in on /login, ships to the saved address,
picks Cash/UPI, places the order and sees the invoice. An admin on a phone-sized screen moves the
order along to delivered on /admin/orderlist, and the shopper's timeline then shows 100%.

Needs the built bundles: `npm run build` first.
"""

import re

import pytest
from django.conf import settings
from django.db.models import Min
from playwright.sync_api import Page, expect

from catalog.models import Product
from orders.models import Order

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CUSTOMER = ("9000000002", "customer12345")
ADMIN = ("9000000001", "admin12345")
ORDER_URL = re.compile(r"/order/(?P<id>[A-Za-z0-9]+)$")


def two_products_in_stock() -> list[Product]:
    """Two products every pack of which is in stock, so whichever pack the page preselects can be bought."""
    products = (
        Product.objects.annotate(least_stock=Min("details__financials__count_in_stock"))
        .filter(least_stock__gte=3)
        .order_by("category__sequence", "name")[:40]
    )
    picked: list[Product] = []
    for product in products:
        if all(product.category_id != other.category_id for other in picked):
            picked.append(product)
        if len(picked) == 2:
            return picked
    raise AssertionError("the demo catalog should have two in-stock products in different categories")


def sign_in(page: Page, phone_no: str, password: str) -> None:
    """Fill the /login page's form (scoped to the page body: the header has its own login panel)."""
    form = page.locator("#island")
    form.get_by_label("Phone Number").fill(phone_no)
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_role("button", name="Sign In").click()


def stored_cart(page: Page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cart') || '{}')")


def test_guest_checks_out_with_cash_and_the_admin_delivers(page: Page, browser, live_server, demo_seeded):
    demo_seeded()
    first, second = two_products_in_stock()

    # A guest adds two products.
    for product in (first, second):
        page.goto(f"/product/{product.slug}")
        page.get_by_role("button", name="Add to Cart", exact=True).click()
        expect(page.get_by_role("button", name="Added to Cart")).to_be_disabled()

    # The cart lists both and sends a guest to sign in first.
    page.goto("/cart")
    lines = page.locator(".cart-line")
    expect(lines).to_have_count(2)
    expect(lines.filter(has_text=first.name)).to_have_count(1)
    expect(lines.filter(has_text=second.name)).to_have_count(1)
    page.get_by_role("button", name="Proceed To Checkout").click()
    page.wait_for_url(re.compile(r"/login\?redirect=(/|%2F)shipping$"))

    # Signing in returns to shipping, which shows the saved address and the delivery check.
    sign_in(page, *CUSTOMER)
    page.wait_for_url("**/shipping")
    expect(page.locator(".checkout-steps [aria-current=step]")).to_have_text("Shipping")
    expect(page.get_by_text("12-4 Gandhi Nagar")).to_be_visible()
    expect(page.get_by_text("Happy to deliver to Amalapuram!")).to_be_visible()
    page.get_by_role("button", name="Continue").click()

    # Payment: nothing chosen is refused; Cash/UPI goes on.
    page.wait_for_url("**/payment")
    page.get_by_role("button", name="Continue").click()
    expect(page.get_by_text("Please select a payment method.")).to_be_visible()
    page.get_by_label("Cash/UPI").check()
    page.get_by_role("button", name="Continue").click()

    # Place order: the summary, then the order.
    page.wait_for_url("**/placeorder")
    expect(page.get_by_text("12-4 Gandhi Nagar, Amalapuram 533201")).to_be_visible()
    expect(page.get_by_text("Cash/UPI")).to_be_visible()
    total = stored_cart(page)["totalPrice"]
    page.get_by_role("button", name="Place Order").click()
    page.wait_for_url(ORDER_URL)
    order_id = ORDER_URL.search(page.url)["id"]

    order = Order.objects.get(public_id=order_id)
    assert order.payment_method == "Cash Or UPI"
    assert str(order.total_price) == total
    assert sorted(order.items.values_list("product_id", flat=True)) == sorted([first.pk, second.pk])
    assert stored_cart(page)["cartItems"] == []

    # The invoice, the amount due at delivery and the tracking start.
    invoice = page.get_by_role("article", name="Invoice")
    for text in (
        settings.STORE_NAME,
        f"GST No: {settings.STORE_GST_NUMBER}",
        f"FSSAI Lic. No: {settings.STORE_FSSAI_NUMBER}",
        f"Phone: {settings.STORE_SUPPORT_PHONE}",
        f"Email: {settings.STORE_SUPPORT_EMAIL}",
        order.invoice_number,
        "Demo Customer",
        first.name,
        second.name,
    ):
        expect(invoice.get_by_text(text, exact=True).first).to_be_visible()
    expect(page.get_by_text(re.compile(r"^Please Pay Amount of ₹[\d,]+\.\d\d at Delivery time$"))).to_be_visible()
    progress = page.get_by_role("progressbar", name="Order progress")
    expect(progress).to_have_attribute("aria-valuenow", "25")

    # Print prints the page itself, which its print stylesheet narrows to the invoice
    # (test_tax_invoice_journey.py checks the printed PDF).
    page.evaluate("() => { window.print = () => { window.__printed = true; }; }")
    page.get_by_role("button", name="Print").click()
    assert page.evaluate("() => window.__printed") is True
    expect(page.get_by_role("article", name="Invoice")).to_contain_text(f"GST No: {settings.STORE_GST_NUMBER}")

    # An admin, on a phone, moves the order along to delivered.
    admin_context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    admin_context.set_default_timeout(10_000)
    admin = admin_context.new_page()
    admin.goto("/admin/orderlist")
    admin.wait_for_url(re.compile(r"/login\?redirect="))
    sign_in(admin, *ADMIN)
    admin.wait_for_url("**/admin/orderlist")
    # Staff know an order by its invoice number.
    row = admin.locator("tr", has=admin.get_by_role("link", name=order.invoice_number, exact=True))
    expect(row).to_contain_text("Demo Customer")
    expect(row).to_contain_text(CUSTOMER[0])
    for step, done in (("Packed", "packed"), ("Dispatched", "dispatched"), ("Delivered", "delivered")):
        row.get_by_role("button", name=f"Mark as {step}").click()
        expect(admin.get_by_text(f"Order {order.invoice_number} is now {done}.")).to_be_visible()
    expect(row.get_by_role("button", name=re.compile(r"^Mark as"))).to_have_count(0)
    # On a phone the orders stack into cards: the page itself never scrolls sideways.
    assert admin.evaluate("() => document.documentElement.scrollWidth") <= 360
    # Staff may open any order; on a phone the invoice's table scrolls inside its own box.
    admin.get_by_role("link", name=order.invoice_number, exact=True).click()
    expect(admin.get_by_role("progressbar", name="Order progress")).to_have_attribute("aria-valuenow", "100")
    assert admin.evaluate("() => document.documentElement.scrollWidth") <= 360
    admin_context.close()

    order.refresh_from_db()
    assert order.status == "delivered"

    # The shopper's timeline shows the order delivered.
    page.reload()
    expect(progress).to_have_attribute("aria-valuenow", "100")
    expect(page.locator(".tracking__step--done")).to_have_count(4)
    expect(page.get_by_text("Order Delivered", exact=True)).to_be_visible()
