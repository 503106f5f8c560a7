"""The profile's business GSTIN in a real browser (issue 43), phone (390 x 844) in Telugu and
desktop (1280 x 800) in English: a wrong check character comes back as the server's refusal and
keeps nothing; the right one is kept and checkout's GST invoice panel starts from it. Screenshots go
to test-results/books43/.

Needs the built bundles: `npx webpack --mode production` first.
"""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.test_aftersale_journey import shop, sign_in_as  # noqa: F401 - shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = settings.BASE_DIR / "test-results" / "books43"
GSTIN = "37AAPFU0939F1ZU"
TEXTS = {
    "en": {"group": "GST invoices for a business", "name": "Business's legal name", "refusal": "check it for a typing slip"},
    "te": {"group": "వ్యాపారం కోసం GST ఇన్వాయిస్‌లు", "name": "వ్యాపారం చట్టబద్ధమైన పేరు", "refusal": "GSTIN"},
}  # fmt: skip
UPDATE = {"en": "Update", "te": "నవీకరించండి"}
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


@pytest.mark.parametrize(("size", "language"), [("phone", "te"), ("desktop", "en")])
def test_the_profile_keeps_a_business_gstin_and_checkout_starts_from_it(browser, live_server, shop, size, language):  # noqa: F811
    customer, pack = shop
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = offline_tab(browser, live_server, PHONE if size == "phone" else DESKTOP)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in_as(page, customer.phone_no, language=language)
    page.goto("/profile")
    texts = TEXTS[language]
    group = page.get_by_role("group", name=texts["group"])
    expect(group).to_be_visible()
    group.get_by_label("GSTIN").fill("37AAPFU0939F1ZV")  # a wrong check character
    group.get_by_label(texts["name"]).fill("Sri Lakshmi Caterers")
    page.get_by_role("button", name=UPDATE[language], exact=True).click()
    expect(page.locator(".toast, [role=alert]").filter(has_text=texts["refusal"]).first).to_be_visible()
    customer.refresh_from_db()
    assert customer.business_gstin == ""
    group.get_by_label("GSTIN").fill(GSTIN.lower())
    page.get_by_role("button", name=UPDATE[language], exact=True).click()
    expect(group.get_by_label("GSTIN")).to_have_value(GSTIN)  # the server's answer, upper-cased
    customer.refresh_from_db()
    assert (customer.business_gstin, customer.business_name) == (GSTIN, "Sri Lakshmi Caterers")
    group.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"profile-gstin-{size}-{language}.png"))
    # Checkout's panel is open and filled from the profile.
    page.evaluate("(cart) => localStorage.setItem('cart', JSON.stringify(cart))", _cart(customer, pack))
    page.goto("/placeorder")
    page.get_by_text(PANEL[language]).wait_for()
    expect(page.locator(".business-buyer input").first).to_have_value(GSTIN)
    expect(page.locator(".business-buyer input").nth(1)).to_have_value("Sri Lakshmi Caterers")
    assert errors == []
    page.context.close()
