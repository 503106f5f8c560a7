"""The staff board tells each order's real state (issue 45), in a real browser: an order booked for
yesterday and still in the shop is flagged late with its window first, and a cancelled order that
was paid reads "Cancelled, ₹x refunded", never "Paid"; a phone (390 x 844) in Telugu and a desktop
(1280 x 800) in English.

Screenshots are kept in test-results/polish45t/. Needs the built bundles: `npm run build` first.
"""

from datetime import time, timedelta
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import Page, expect

from accounts.models import User
from aftersale.cancellation import order_cancel
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from delivery.models import DeliveryWindow, Slot
from orders.models import Order, SlotBooking
from orders.services import order_record_cash_payment
from shop.tests.browser.signin import sign_in_as
from shop.tests.browser.test_telugu import choose, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "polish45t"
CUSTOMER = "9000000002"
ADMIN = ("9000000001", "admin12345")


@pytest.fixture(scope="module", autouse=True)
def shots_folder():
    SHOTS.mkdir(parents=True, exist_ok=True)


def placed(qty: int = 1) -> Order:
    customer = User.objects.get(phone_no=CUSTOMER)
    pack = Financial.objects.filter(count_in_stock__gt=5).select_related("detail").order_by("pk").first()
    return order_place(
        user=customer,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=qty)],
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(
            items_price=pack.dprice * qty, shipping_price=Decimal("0.00"), total_price=pack.dprice * qty
        ),
    )


def booked_yesterday(order: Order) -> Order:
    yesterday = timezone.localdate() - timedelta(days=1)
    window = DeliveryWindow.objects.filter(weekday=yesterday.weekday()).order_by("start").first()
    if window is None:
        window = DeliveryWindow.objects.create(weekday=yesterday.weekday(), start=time(7), end=time(10), capacity=50)
    slot, _ = Slot.objects.get_or_create(window=window, date=yesterday)
    SlotBooking.objects.filter(order=order).delete()
    SlotBooking.objects.create(order=order, slot=slot, date=yesterday, start=window.start, end=window.end)
    return order


@pytest.mark.parametrize(("language", "size"), [("te", "390x844"), ("en", "1280x800")])
def test_the_board_flags_late_orders_first_and_never_says_paid_on_a_refunded_one(
    phone: Page, desktop: Page, demo_catalog, language, size
):
    admin = User.objects.get(phone_no=ADMIN[0])
    late = booked_yesterday(placed())
    refunded = placed(2)
    order_record_cash_payment(order=refunded, by=admin)
    order_cancel(order=refunded, reason="Out of town", by=admin)
    refunded.refresh_from_db()
    page = phone if size == "390x844" else desktop

    sign_in_as(page, *ADMIN)
    page.goto("/admin/orderlist")
    if language == "te":
        choose(page, "te")
    late_badge = {"en": "Late: still in the shop", "te": "ఆలస్యం: ఇంకా షాప్‌లోనే ఉంది"}[language]
    first_group = page.locator("section.admin-orders__group").first
    expect(first_group.get_by_role("heading")).to_contain_text(late_badge)
    expect(first_group.locator("tr", has_text=late.invoice_number)).to_be_visible()

    row = page.locator("tr", has_text=refunded.invoice_number)
    amount = f"₹{refunded.total_price:,.2f}"
    state = {"en": f"Cancelled, {amount} refunded", "te": f"రద్దయింది, {amount} వాపసు ఇచ్చారు"}[language]
    expect(row).to_contain_text(state)
    paid = {"en": "Paid", "te": "చెల్లించారు"}[language]
    expect(row.locator(".admin-orders__done")).to_have_count(0)
    assert row.locator(".admin-orders__void").inner_text() != paid

    settle(page)
    page.screenshot(path=str(SHOTS / f"board-{language}-{size}.png"), full_page=True)
