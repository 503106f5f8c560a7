"""Cancelling an order from /admin/orderlist in a real browser (issue 8 §3).

The admin sees only the moves the server allows (`allowedMoves`), cancels a placed order with a
reason typed into the prompt, and the list and the customer's order page show it cancelled with
that reason instead of the steps to come.

Needs the built bundles: `npm run build` first.
"""

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from shop.tests.browser.signin import sign_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

REASON = "Customer asked to cancel"


def test_the_admin_cancels_a_placed_order_with_a_reason(page: Page, live_server, demo_seeded):
    demo_seeded()
    customer = User.objects.get(phone_no="9000000002")
    pack = Financial.objects.filter(count_in_stock__gt=5).select_related("detail").first()
    stock_before = pack.count_in_stock
    order = order_place(
        user=customer,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=2)],
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=pack.dprice * 2, shipping_price=0, total_price=pack.dprice * 2),
    )
    sign_in_as(page, "9000000001", "admin12345")
    page.goto("/admin/orderlist")
    row = page.locator("tr", has_text=order.invoice_number)
    expect(row.get_by_role("button", name="Mark as Packed")).to_be_visible()
    expect(row.get_by_role("button", name="Mark as Delivered")).to_have_count(0)

    page.once("dialog", lambda dialog: dialog.accept(REASON))
    row.get_by_role("button", name="Cancel Order").click()

    expect(row).to_contain_text(f"Cancelled: {REASON}")
    expect(row.get_by_role("button", name="Cancel Order")).to_have_count(0)
    expect(row.get_by_role("button", name="Mark as Packed")).to_have_count(0)
    pack.refresh_from_db()
    assert pack.count_in_stock == stock_before  # the stock came back once

    row.get_by_role("link", name="Details").click()
    expect(page.get_by_text("This order was cancelled")).to_be_visible()
    expect(page.locator(".tracking")).to_contain_text(f"Reason: {REASON}")
    expect(page.get_by_text("Order Dispatched and Delivery In Progress")).to_have_count(0)
