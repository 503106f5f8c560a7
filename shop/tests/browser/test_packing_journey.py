"""Short picks and substitutions in a real browser (issue 25): the shopper chooses what to do with an
unavailable item at checkout; an admin reduces one line and replaces another on the order page; the
totals and invoice follow, and the shopper sees the changes on their order page, in English and
Telugu, on a phone (390 x 844) and a desktop (1280 x 800).

Screenshots are kept in test-results/packing/. Needs the built bundles: `npm run build` first.
"""

import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.models import Order
from shop.tests.browser.signin import sign_in_as
from shop.tests.browser.test_telugu import choose, settle

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "packing"
CUSTOMER = ("9000000002", "customer12345")
ADMIN = ("9000000001", "admin12345")


@pytest.fixture(autouse=True)
def shots_folder():
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob("*.png"):
        old.unlink()


def shot(page: Page, name: str) -> None:
    settle(page)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def two_packs() -> tuple[Financial, Financial]:
    """Two packs of different products with stock, and a product with another pack to replace with."""
    packs = Financial.objects.filter(count_in_stock__gte=10).select_related("detail__product").order_by("pk")
    first = next(
        pack for pack in packs if pack.detail.product.details.count() > 1 or pack.detail.financials.count() > 1
    )
    second = next(pack for pack in packs if pack.detail.product_id != first.detail.product_id)
    return first, second


def placed(customer: User, first: Financial, second: Financial) -> Order:
    total = first.dprice * 3 + second.dprice
    return order_place(
        user=customer,
        items=[
            LineRequest(product_id=first.detail.product_id, brand_id=first.detail_id, financial_id=first.pk, qty=3),
            LineRequest(product_id=second.detail.product_id, brand_id=second.detail_id, financial_id=second.pk, qty=1),
        ],
        shipping_address=Address(street=customer.street, city=customer.city, postal_code=customer.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
    )


def test_the_shopper_chooses_and_staff_reduce_and_replace_at_packing(phone: Page, desktop: Page, demo_catalog):
    customer = User.objects.get(phone_no=CUSTOMER[0])
    first, second = two_packs()

    # At checkout the shopper chooses what to do with an unavailable item (phone).
    sign_in_as(phone, *CUSTOMER)
    phone.goto(f"/product/{second.detail.product.slug}")
    phone.get_by_role("button", name="Add to Cart", exact=True).click()
    phone.goto("/shipping")
    phone.get_by_role("button", name="Continue").click()
    phone.wait_for_url("**/payment")
    phone.get_by_label("Cash/UPI").check()
    phone.get_by_role("button", name="Continue").click()
    phone.wait_for_url("**/placeorder")
    choice = phone.get_by_role("group", name="If an item is unavailable")
    expect(choice.get_by_role("radio", name="Call me")).to_be_checked()
    choice.get_by_role("radio", name="Replace with a similar item").check()
    shot(phone, "01-placeorder-choice-phone-en")
    phone.get_by_role("button", name="Place Order").click()
    phone.wait_for_url(re.compile(r"/order/\w+$"))
    chosen = Order.objects.get(public_id=phone.url.rsplit("/", 1)[1])
    assert chosen.substitution_preference == "replace"
    expect(phone.get_by_text("If an item is unavailable: Replace with a similar item")).to_be_visible()

    # Staff pack another order: reduce one line, replace the other (desktop).
    order = placed(customer, first, second)
    stock_first = Financial.objects.get(pk=first.pk).count_in_stock
    sign_in_as(desktop, *ADMIN)
    desktop.goto(f"/order/{order.public_id}")
    panel = desktop.get_by_role("region", name="Change items (packing)")
    expect(panel).to_be_visible()
    shot(desktop, "02-packing-panel-desktop-en")
    first_name = f"{first.detail.brand} {first.detail.product.name}"
    panel.get_by_role("group", name=re.compile(f"^Change {re.escape(first_name)}")).get_by_role(
        "button", name="Reduce"
    ).click()
    panel.get_by_label("Packs to send").select_option("1")
    panel.get_by_label("Reason (optional)").fill("Two packs damaged")
    shot(desktop, "03-reduce-form-desktop-en")
    panel.get_by_role("button", name="Reduce to 1").click()
    expect(desktop.get_by_text("Changed at packing")).to_be_visible()
    expect(desktop.get_by_text(re.compile(r"3 packs, now 1"))).to_be_visible()
    assert Financial.objects.get(pk=first.pk).count_in_stock == stock_first + 2

    second_name = f"{second.detail.brand} {second.detail.product.name}"
    panel.get_by_role("group", name=re.compile(f"^Change {re.escape(second_name)}")).get_by_role(
        "button", name="Replace"
    ).click()
    panel.get_by_label("Find a replacement pack").fill(second.detail.product.name)
    option = panel.locator(".packing-panel__pack input:not([disabled])").first
    expect(option).to_be_visible()
    option.check()
    shot(desktop, "04-replace-form-desktop-en")
    panel.get_by_role("button", name="Replace with this pack").click()
    expect(desktop.get_by_text(re.compile(r"replaced by 1 ×"))).to_be_visible()
    saved = Order.objects.get(pk=order.pk)
    assert list(saved.line_changes.values_list("kind", flat=True)) == ["reduced", "replaced"]
    assert saved.total_price == first.dprice + saved.items.exclude(financial=first).get().line_total
    expect(desktop.get_by_role("article", name="Invoice")).to_contain_text(f"{saved.total_price:,.2f}")
    shot(desktop, "05-after-changes-desktop-en")

    # The same panel on a phone, in Telugu.
    sign_in_as(phone, *ADMIN)
    phone.goto(f"/order/{order.public_id}")
    choose(phone, "te")
    expect(phone.locator(".packing-panel")).to_be_visible()
    shot(phone, "06-packing-panel-phone-te")

    # The shopper sees what changed on their order page (phone, Telugu then English; desktop).
    sign_in_as(phone, *CUSTOMER)
    phone.goto(f"/order/{order.public_id}")
    expect(phone.locator(".packing-changes li")).to_have_count(2)
    expect(phone.locator(".packing-panel")).to_have_count(0)
    shot(phone, "07-shopper-order-phone-te")
    choose(phone, "en")
    expect(phone.get_by_text("Changed at packing")).to_be_visible()
    shot(phone, "08-shopper-order-phone-en")
    sign_in_as(desktop, *CUSTOMER)
    desktop.goto(f"/order/{order.public_id}")
    expect(desktop.get_by_text("Changed at packing")).to_be_visible()
    shot(desktop, "09-shopper-order-desktop-en")
