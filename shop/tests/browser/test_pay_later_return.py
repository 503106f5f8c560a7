"""Paying an unpaid cash order from its own page (issue 45): after the sandbox gateway's Pay the
shopper lands on that order, paid, not on "Your cart is empty" (the checkout's check of the saved
cart judged the return). Needs the built bundles (`npm run build`)."""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Page, expect

from catalog.models import Category, Detail, Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.models import Order
from shop.tests.browser.signin import sign_in_as

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_paying_an_order_from_its_page_returns_to_the_paid_order(page: Page, live_server, settings, make_user):
    settings.SITE_URL = live_server.url
    settings.ONLINE_PAYMENT_ENABLED = "Y"
    customer = make_user(
        "9876500451", name="Asha Customer", street="12 Main Road", city="Amalapuram", postal_code="533201"
    )
    oils = Category.objects.create(key="oils", name="OILS", shelf_order=1)
    product = Product.objects.create(name="Sunflower Oil", slug="oil", category=oils)
    detail = Detail.objects.create(product=product, brand="Fortune")
    pack = Financial.objects.create(detail=detail, quantity=1, units="L", price=160, dprice=145, count_in_stock=50)
    order = order_place(
        user=customer,
        items=[LineRequest(pack.detail.product_id, pack.detail_id, pack.pk, 2)],
        shipping_address=Address(street="12 Main Road", city="Amalapuram", postal_code="533201"),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=pack.dprice * 2, shipping_price=Decimal("0.00"), total_price=pack.dprice * 2),
    )
    sign_in_as(page, customer.phone_no, "secret-pass-1")
    page.goto(f"/order/{order.public_id}")

    page.get_by_role("button", name="Pay", exact=True).click()
    page.wait_for_url(re.compile(r"/payments/sandbox/"))
    page.get_by_role("button", name=re.compile(r"^Pay ₹")).click()

    page.wait_for_url(re.compile(rf"/order/{order.public_id}$"))
    expect(page.get_by_text("Payment Status: Paid")).to_be_visible()
    assert Order.objects.get(pk=order.pk).is_paid
