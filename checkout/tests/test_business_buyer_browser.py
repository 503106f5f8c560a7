"""The business buyer's screens in a real browser (issue 43), phone (390 x 844) and desktop
(1280 x 800), English and Telugu: checkout's "GST invoice for a business" panel sends the GSTIN and
name with the order, a wrong check character comes back as the server's refusal, and the placed
order's tax invoice names the buyer, printed to PDF. Screenshots and PDFs go to test-results/b2b/.

Needs the built bundles: `npx webpack --mode production` first.
"""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from orders.models import Order
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.test_aftersale_journey import shop, sign_in_as  # noqa: F401 - shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = settings.BASE_DIR / "test-results" / "b2b"
GSTIN = "37AAPFU0939F1ZU"
PANEL = {"en": "GST invoice for a business (optional)", "te": "వ్యాపారం కోసం GST ఇన్వాయిస్ (ఐచ్ఛికం)"}


def _cart(customer, pack) -> dict:
    line = {
        "productId": str(pack.detail.product_id), "brandId": str(pack.detail_id), "financialId": str(pack.pk),
        "name": "Sona Masoori Rice", "slug": "sona-masoori-rice", "brand": "India Gate", "quantity": "5",
        "units": "kg", "price": "450.00", "dprice": "399.00", "Discount": 11, "countInStock": 20, "qty": 1,
        "image": "",
    }  # fmt: skip
    return {
        "cartItems": [line],
        "shippingAddress": {"street": customer.street, "city": customer.city, "postalCode": customer.postal_code},
        "paymentMethod": "Cash Or UPI",
        "itemsPrice": "399.00",
        "shippingPrice": "0.00",
        "totalPrice": "399.00",
    }


@pytest.mark.parametrize("language", ["en", "te"])
def test_checkout_names_a_business_buyer_and_the_invoice_shows_it(browser, live_server, shop, language):  # noqa: F811
    customer, pack = shop
    SHOTS.mkdir(parents=True, exist_ok=True)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page = offline_tab(browser, live_server, viewport)
        sign_in_as(page, customer.phone_no, language=language)
        page.evaluate("(cart) => localStorage.setItem('cart', JSON.stringify(cart))", _cart(customer, pack))
        page.goto("/placeorder")
        page.get_by_text(PANEL[language]).click()
        page.get_by_label("GSTIN").fill("37AAPFU0939F1ZX")  # a wrong check character
        page.locator(".business-buyer input").nth(1).fill("Sri Lakshmi Traders")
        page.screenshot(path=str(SHOTS / f"checkout-{size}-{language}.png"), full_page=True)
        before = Order.objects.count()
        page.locator(".order-summary .btn--primary").click()
        expect(page.locator(".toast, [role=alert]").filter(has_text="GSTIN").first).to_be_visible()
        assert Order.objects.count() == before
        page.get_by_label("GSTIN").fill(GSTIN)
        page.locator(".order-summary .btn--primary").click()
        page.wait_for_url("**/order/*")
        order = Order.objects.latest("id")
        assert order.invoice_buyer.gstin == GSTIN
        invoice = page.locator(".invoice__parties")
        expect(invoice).to_contain_text("Sri Lakshmi Traders")
        expect(invoice).to_contain_text(GSTIN)
        page.screenshot(path=str(SHOTS / f"invoice-{size}-{language}.png"), full_page=True)
        if size == "desktop":
            page.emulate_media(media="print")
            page.pdf(path=str(SHOTS / f"invoice-{language}.pdf"), format="A4", print_background=True)
        page.context.close()
