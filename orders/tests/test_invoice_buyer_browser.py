"""Staff naming the business buyer on an existing invoice, in Chromium (issue 43): the manager opens
the order page, a wrong check character is the server's refusal under the form, the right GSTIN
makes the invoice name the buyer. Desktop (1280 x 800) in English and phone (390 x 844) in Telugu;
screenshots go to test-results/books43/. Needs the built bundles (`npx webpack --mode production`).
"""

import pytest
from django.conf import settings
from playwright.sync_api import expect

from orders.models import InvoiceBuyer
from shop.tests.browser.conftest import DESKTOP, PHONE, offline_tab
from shop.tests.browser.test_aftersale_journey import paid_order, shop, sign_in_as  # noqa: F401 - shared fixture

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = settings.BASE_DIR / "test-results" / "books43"
GSTIN = "37AAPFU0939F1ZU"
FORM = {"en": "Business buyer on this invoice", "te": "ఈ ఇన్వాయిస్‌పై వ్యాపార కొనుగోలుదారు"}
SAVE = {"en": "Save buyer", "te": "కొనుగోలుదారుని సేవ్ చేయండి"}


@pytest.mark.parametrize(("size", "language"), [("desktop", "en"), ("phone", "te")])
def test_the_manager_names_a_buyer_on_the_invoice(browser, live_server, shop, make_user, size, language):  # noqa: F811
    customer, pack = shop
    make_user("9876500099", name="Lakshmi Admin", is_staff=True)
    order = paid_order(customer, pack)
    SHOTS.mkdir(parents=True, exist_ok=True)
    page = offline_tab(browser, live_server, DESKTOP if size == "desktop" else PHONE)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    sign_in_as(page, "9876500099", language=language)
    page.goto(f"/order/{order.public_id}")
    form = page.get_by_role("form", name=FORM[language])
    expect(form).to_be_visible()
    form.get_by_label("GSTIN").fill("37AAPFU0939F1ZV")
    form.locator("input").nth(1).fill("Sri Lakshmi Caterers")
    form.get_by_role("button", name=SAVE[language]).click()
    expect(form.get_by_role("alert")).to_contain_text("GSTIN")
    assert not InvoiceBuyer.objects.filter(order=order).exists()
    form.get_by_label("GSTIN").fill(GSTIN)
    form.get_by_role("button", name=SAVE[language]).click()
    expect(page.locator(".invoice__parties")).to_contain_text(GSTIN)
    expect(page.locator(".invoice__parties")).to_contain_text("Sri Lakshmi Caterers")
    assert InvoiceBuyer.objects.get(order=order).gstin == GSTIN
    page.get_by_role("form", name=FORM[language]).scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"staff-buyer-{size}-{language}.png"))
    assert errors == []
    page.context.close()
