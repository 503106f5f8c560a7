"""After the sale in a real browser (issue 25): the shopper cancels their paid online order from
its page (confirmation dialog, Escape closes it), the page shows the cancelled order with its
refund and GST credit note; checkout offers store credit and shows what is left to pay. Each screen
photographed at 390 x 844 and 1280 x 800, English and Telugu, into test-results/aftersale/.

Needs the built bundles: `npm run build` first.
"""

from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from catalog.models import Category, Detail, Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from orders.models import CreditNote, Order
from payments.credit import credit_grant
from payments.gateways.sandbox import SandboxGateway
from payments.models import Refund
from payments.services import payment_confirm, payment_initiate
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.test_accessibility import _violations

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "aftersale"
PASSWORD = "secret-pass-1"


def sign_in_as(page: Page, phone_no: str, password: str = PASSWORD, language: str = "en") -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())
    page.context.add_cookies([{"name": "django_language", "value": language, "url": page.url}])
    page.evaluate("(code) => localStorage.setItem('lang', code)", language)


@pytest.fixture
def shop(make_user):
    customer = make_user("9876500011", name="Asha Customer")
    customer.street, customer.city, customer.postal_code = "12-4 Gandhi Nagar", "Amalapuram", "533201"
    customer.save()
    shelf = Category.objects.create(key="rice-pulses", name="RICE & PULSES", sequence=1)
    product = Product.objects.create(
        name="Sona Masoori Rice", slug="sona-masoori-rice", category=shelf, hsn_code="1006", gst_rate=5
    )
    detail = Detail.objects.create(product=product, brand="India Gate")
    pack = Financial.objects.create(
        detail=detail, quantity=Decimal("5"), units="kg", price=Decimal("450"), dprice=Decimal("399"), count_in_stock=20
    )
    return customer, pack


def paid_order(customer, pack) -> Order:
    order = order_place(
        user=customer,
        items=[LineRequest(pack.detail.product_id, pack.detail_id, pack.pk, 2)],
        shipping_address=Address(customer.street, customer.city, customer.postal_code),
        payment_method="Online",
        client_totals=Totals(Decimal("798.00"), Decimal("0.00"), Decimal("798.00")),
    )
    payment, _ = payment_initiate(user=customer, public_id=order.public_id)
    SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    payment_confirm(payment=payment, source="return")
    return order


def checked_tab(browser, live_server, viewport) -> Page:
    """Like the shared offline tab, with the page's CSP bypassed so that axe can be injected."""
    phone = viewport["width"] < 600
    context = browser.new_context(
        base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone, bypass_csp=True
    )
    context.set_default_timeout(10_000)
    context.route(
        "**/*", lambda route: route.continue_() if route.request.url.startswith(live_server.url) else route.abort()
    )
    return context.new_page()


def shoot(page: Page, name: str, *, full_page: bool = True) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def test_the_shopper_cancels_a_paid_order_and_sees_the_refund_and_credit_note(browser, live_server, shop):
    customer, pack = shop
    order = paid_order(customer, pack)
    page = offline_tab(browser, live_server, PHONE)
    sign_in_as(page, customer.phone_no)
    page.goto(f"/order/{order.public_id}")

    button = page.get_by_role("button", name="Cancel order")
    expect(button).to_be_visible()
    # On a phone the button comes before the invoice.
    assert button.bounding_box()["y"] < page.get_by_role("article", name="Invoice").bounding_box()["y"]
    shoot(page, "order-cancel-button-phone-en")
    button.click()
    dialog = page.get_by_role("dialog", name="Cancel this order?")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("button", name="Keep order")).to_be_focused()
    shoot(page, "order-cancel-dialog-phone-en", full_page=False)
    page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    expect(button).to_be_focused()

    button.click()
    dialog.get_by_role("textbox").fill("Ordered twice")
    dialog.get_by_role("button", name="Yes, cancel order").click()

    expect(page.get_by_text("This order was cancelled")).to_be_visible()
    expect(page.get_by_role("button", name="Cancel order")).to_have_count(0)
    note = CreditNote.objects.get(order=order)
    expect(page.get_by_role("article", name=f"Credit Note {note.number}")).to_be_visible()
    expect(page.get_by_role("region", name="Refunds")).to_contain_text("₹798.00")
    saved = Order.objects.get(pk=order.pk)
    assert saved.status == "cancelled" and saved.cancel_reason == "Ordered twice"
    assert Refund.objects.get(order=order).amount_paise == 79800
    assert Financial.objects.get(pk=pack.pk).count_in_stock == 20
    shoot(page, "order-cancelled-phone-en")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "te"])
@pytest.mark.parametrize(("viewport", "size"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_screens_in_both_languages_and_sizes(browser, live_server, shop, language, viewport, size):
    """Each screen photographed, and checked by axe (no serious or critical violation)."""
    customer, pack = shop
    placed = paid_order(customer, pack)
    cancelled = paid_order(customer, pack)
    from aftersale.cancellation import order_cancel

    order_cancel(order=cancelled, reason="", by=customer)
    credit_grant(user=customer, amount=Decimal("150.50"), reason="Goodwill")

    page = checked_tab(browser, live_server, viewport)
    sign_in_as(page, customer.phone_no, language=language)
    violations = []
    page.goto(f"/order/{placed.public_id}")
    expect(page.locator(".cancel-order .btn")).to_be_visible()
    shoot(page, f"order-placed-{size}-{language}")
    page.locator(".cancel-order .btn").click()
    expect(page.get_by_role("dialog")).to_be_visible()
    shoot(page, f"order-cancel-dialog-{size}-{language}", full_page=False)
    violations += _violations(page)

    page.goto(f"/order/{cancelled.public_id}")
    expect(page.locator(".credit-note")).to_be_visible()
    shoot(page, f"order-cancelled-{size}-{language}")
    violations += _violations(page)

    # Checkout's place-order step with store credit: the cart (lib/cart.js, key `cart`) ready to place.
    line = {
        "productId": str(pack.detail.product_id), "brandId": str(pack.detail_id), "financialId": str(pack.pk),
        "name": "Sona Masoori Rice", "slug": "sona-masoori-rice", "brand": "India Gate", "quantity": "5",
        "units": "kg", "price": "450.00", "dprice": "399.00", "Discount": 11, "countInStock": 20, "qty": 1,
        "image": "",
    }  # fmt: skip
    cart = {
        "cartItems": [line],
        "shippingAddress": {"street": customer.street, "city": customer.city, "postalCode": customer.postal_code},
        "paymentMethod": "Cash Or UPI",
        "itemsPrice": "399.00",
        "shippingPrice": "0.00",
        "totalPrice": "399.00",
    }
    page.evaluate("(cart) => localStorage.setItem('cart', JSON.stringify(cart))", cart)
    page.goto("/placeorder")
    box = page.locator(".store-credit input[type=checkbox]")
    expect(box).to_be_visible()
    box.check()
    expect(page.locator(".store-credit__rows")).to_contain_text("248.50")
    shoot(page, f"checkout-store-credit-{size}-{language}")
    violations += _violations(page)
    page.context.close()
    assert violations == []
