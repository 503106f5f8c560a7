"""Paying online in a real browser, through the sandbox gateway (no network).

- an Online order paid on the sandbox page lands on the success screen, then shows Paid;
- the Fail button lands on /payment/failure, the order stays unpaid, and its Pay button works;
- a cash order paid later with its Pay button (the pay-at-delivery link), from My Orders.

Needs the built bundles: `npm run build` first. Screenshots of the sandbox page and the return
screens go to $PAYMENT_SCREENSHOTS when it is set.
"""

import os
import re

import pytest
from django.db.models import Min
from playwright.sync_api import Page, expect

from catalog.models import Product
from orders.models import Order
from payments.models import Payment

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CUSTOMER = ("9000000002", "customer12345")
ORDER_URL = re.compile(r"/order/(?P<id>[A-Za-z0-9]+)$")
SANDBOX_URL = re.compile(r"/payments/sandbox/P[A-Za-z0-9]{20}$")
SHOTS = os.environ.get("PAYMENT_SCREENSHOTS")
SIZES = {"phone": (390, 844), "desktop": (1280, 800)}


def shoot(page: Page, name: str) -> None:
    if not SHOTS:
        return
    os.makedirs(SHOTS, exist_ok=True)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=os.path.join(SHOTS, f"{name}-{size}.png"), full_page=True)
    page.set_viewport_size({"width": 1280, "height": 800})


@pytest.fixture
def shop(page: Page, demo_seeded) -> Page:
    demo_seeded()
    page.set_viewport_size({"width": 1280, "height": 800})
    return page


def a_product_in_stock() -> Product:
    return (
        Product.objects.annotate(least=Min("details__financials__count_in_stock"))
        .filter(least__gte=5)
        .order_by("category__sequence", "name")
        .first()
    )


def sign_in(page: Page) -> None:
    page.goto("/login")
    form = page.locator("#island")
    form.get_by_label("Phone Number").fill(CUSTOMER[0])
    form.get_by_label("Password", exact=True).fill(CUSTOMER[1])
    form.get_by_role("button", name="Sign In").click()
    page.wait_for_url(re.compile(r"/$"))


def place_order(page: Page, method_label: str) -> None:
    """Add a product, check out with `method_label` and press Place Order."""
    page.goto(f"/product/{a_product_in_stock().slug}")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    page.goto("/shipping")
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url("**/payment")
    page.get_by_label(method_label).check()
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url("**/placeorder")
    page.get_by_role("button", name="Place Order").click()


def stored_cart_lines(page: Page) -> list:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cart') || '{}').cartItems || []")


def expect_paid(page: Page, order: Order) -> None:
    order.refresh_from_db()
    assert order.is_paid
    expect(page.get_by_text("Payment Status: Paid")).to_be_visible()
    expect(page.get_by_text(f"Invoice Number: {order.invoice_number}")).to_be_visible()
    expect(page.get_by_text(f"Payment Reference: {order.payment_reference}")).to_be_visible()
    expect(page.get_by_role("button", name="Pay")).to_have_count(0)


def test_online_order_paid_in_the_sandbox_shows_paid(shop: Page):
    page = shop
    sign_in(page)
    place_order(page, "Online")

    page.wait_for_url(SANDBOX_URL)
    order = Order.objects.get()
    assert order.payment_method == "Online" and not order.is_paid
    expect(page.get_by_role("heading", name="SMLR Mart")).to_be_visible()
    expect(page.get_by_text(order.public_id)).to_be_visible()
    expect(page.get_by_text(order.invoice_number)).to_be_visible()
    amount = f"₹{order.total_price:,.2f}"
    expect(page.locator(".gateway__amount")).to_have_text(amount)
    assert len(stored_cart_lines(page)) == 1  # kept until the payment succeeds
    shoot(page, "sandbox-page")

    page.get_by_role("button", name=f"Pay {amount}").click()

    page.wait_for_url(ORDER_URL)
    assert ORDER_URL.search(page.url)["id"] == order.public_id
    expect_paid(page, order)
    assert stored_cart_lines(page) == []
    assert order.payment_reference == Payment.objects.get(order=order).gateway_order_id


def test_fail_lands_on_failure_and_cancels_the_order(shop: Page):
    page = shop
    sign_in(page)
    place_order(page, "Online")
    page.wait_for_url(SANDBOX_URL)
    page.get_by_role("button", name="Fail").click()

    page.wait_for_url("**/payment/failure?cancelled=*")
    expect(page.get_by_role("heading", name="Payment Failed")).to_be_visible()
    expect(
        page.get_by_text(
            "Unfortunately, your payment was not successful. Please try again or contact support if the issue persists."
        )
    ).to_be_visible()
    order = Order.objects.get()
    # One order per cart: the failed one is cancelled, its stock and slot back, and the page says so.
    expect(page.get_by_text("Your order was cancelled, so you will not have two orders")).to_be_visible()
    shoot(page, "payment-failure")
    assert not order.is_paid and order.status == Order.Status.CANCELLED
    assert Payment.objects.get(order=order).status == "failed"


def test_cash_order_paid_later_from_my_orders(shop: Page):
    page = shop
    sign_in(page)
    place_order(page, "Cash/UPI")
    page.wait_for_url(ORDER_URL)
    order = Order.objects.get()
    assert order.payment_method == "Cash Or UPI" and not order.is_paid

    page.locator("#site-header").get_by_role("button", name=re.compile("account", re.I)).click()
    page.locator(".account-dropdown, .account-menu").first.get_by_role("button", name="My Orders").click()
    drawer = page.get_by_role("dialog", name="Account")
    drawer.get_by_role("button", name="Pay").click()

    page.wait_for_url(SANDBOX_URL)
    page.get_by_role("button", name=re.compile(r"^Pay ₹")).click()
    page.wait_for_url(ORDER_URL)
    expect_paid(page, order)


def test_the_success_screen_as_the_shopper_sees_it(browser, live_server, db):
    """Its first paint, held still (its script moves on at once) to be looked at: no scripts."""
    context = browser.new_context(base_url=live_server.url, java_script_enabled=False)
    page = context.new_page()
    page.goto("/payment/success?orderId=SomeOrder")
    expect(page.get_by_text("Your payment was successful. Preparing your order...")).to_be_visible()
    shoot(page, "payment-success")
    context.close()


def test_staff_see_a_late_charge_on_the_order_list(shop: Page):
    """An abandoned order is cancelled; its payment then comes back charged: staff must act."""
    from datetime import timedelta

    from django.utils import timezone

    from aftersale.tasks import cancel_abandoned_orders
    from payments.models import SandboxCharge
    from payments.services import payments_reconcile

    page = shop
    sign_in(page)
    place_order(page, "Online")
    page.wait_for_url(SANDBOX_URL)
    order = Order.objects.get()
    Order.objects.filter(pk=order.pk).update(created_at=timezone.now() - timedelta(hours=1))
    assert cancel_abandoned_orders() == 1
    payment = Payment.objects.get(order=order)
    SandboxCharge.objects.filter(gateway_order_id=payment.gateway_order_id).update(status="CHARGED")
    payments_reconcile(settled_for=timedelta(0))

    page.evaluate("() => localStorage.clear()")
    page.goto("/login")
    form = page.locator("#island")
    form.get_by_label("Phone Number").fill("9000000001")
    form.get_by_label("Password", exact=True).fill("admin12345")
    form.get_by_role("button", name="Sign In").click()
    page.wait_for_url(re.compile(r"/$"))
    page.goto("/admin/orderlist")
    row = page.locator("tr", has=page.get_by_role("link", name=order.invoice_number, exact=True))
    expect(row.get_by_role("note")).to_have_text(
        f"Needs staff: Charged after the order was cancelled (₹{order.total_price:,.2f}, payment {payment.gateway_order_id})"
    )
    expect(row).to_contain_text("Cancelled: Not paid online within 30 minutes")
    shoot(page, "admin-orderlist-flag")
