"""The shop in Telugu on a 390 x 844 phone (issue 16): the header's English / తెలుగు switch turns
the islands, the cookie, local storage and <html lang> to Telugu; the home, product and cart pages
are photographed and no text sticks out of its box; a signed-in customer's choice goes to the
profile, and signing in on a browser where no language was chosen brings the profile's along.

Needs the built bundles (`npm run build`) and Debian's Noto fonts (`scripts/setup --browser`
installs fonts-noto-core, which holds Noto Sans Telugu). Screenshots go to $TELUGU_SCREENSHOTS
when it is set, else to the test's temporary folder. About 20 s.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from accounts.models import User

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

CATALOG = Path(__file__).resolve().parents[3] / "frontend" / "src" / "i18n"
# The Telugu texts of every area (frontend/src/i18n/te/<area>.json), merged.
TE = {
    key: text
    for part in sorted(CATALOG.glob("te/*.json"))
    for key, text in json.loads(part.read_text(encoding="utf-8")).items()
}
CUSTOMER_PHONE, CUSTOMER_PASSWORD = "9000000002", "customer12345"

# Every visible element holding text of its own: wider or taller than its box (unless cut short on
# purpose with an ellipsis), or beyond the screen's edge (unless inside a box that scrolls or clips,
# such as a row of cards), and the page itself scrolling sideways.
OVERFLOWS = """
() => {
  const width = document.documentElement.clientWidth;
  const problems = [];
  const describe = (element) => `${element.tagName.toLowerCase()}.${[...element.classList].join(".")} "${element.textContent.trim().slice(0, 40)}"`;
  const clipped = (element) => {
    for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
      if (getComputedStyle(box).overflowX !== "visible") return true;
    }
    return false;
  };
  for (const element of document.querySelectorAll("body *")) {
    const own = [...element.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE).map((node) => node.textContent).join("");
    if (!/\\p{L}/u.test(own) || !element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const style = getComputedStyle(element);
    if (style.textOverflow === "ellipsis" || style.webkitLineClamp !== "none") continue;
    if (style.display !== "inline") {
      if (style.overflowX === "visible" && element.scrollWidth > element.clientWidth + 1) problems.push(`wider than its box: ${describe(element)}`);
      if (style.overflowY === "visible" && element.clientHeight > 0 && element.scrollHeight > element.clientHeight + 1) problems.push(`taller than its box: ${describe(element)}`);
    }
    const box = element.getBoundingClientRect();
    if ((box.right > width + 1 || box.left < -1) && !clipped(element)) problems.push(`off the screen: ${describe(element)}`);
  }
  if (document.documentElement.scrollWidth > width + 1) problems.push(`the page scrolls sideways (${document.documentElement.scrollWidth} > ${width})`);
  return problems;
}
"""


@pytest.fixture
def shots(tmp_path) -> Path:
    folder = Path(os.environ.get("TELUGU_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def settle(page: Page) -> None:
    """Fonts loaded and the islands' first answers painted."""
    page.wait_for_load_state("networkidle")
    page.evaluate("document.fonts.ready.then(() => true)")


def choose(page: Page, language: str) -> None:
    """Press English or తెలుగు in the header; the choice reloads the page, so the server's texts follow too."""
    with page.expect_navigation():
        page.locator("#site-header .language-switch").get_by_role(
            "button", name="తెలుగు" if language == "te" else "English"
        ).click()


def test_telugu_fonts_are_installed():
    fonts = subprocess.run(["fc-list", ":lang=te", "family"], capture_output=True, text=True, check=False).stdout
    assert "Noto Sans Telugu" in fonts, "no Telugu font: run scripts/setup --browser (installs fonts-noto-core)"


def test_phone_pages_in_telugu_keep_every_text_inside_its_box(phone: Page, demo_catalog, shots):
    phone.goto("/")
    choose(phone, "te")
    expect(phone.locator("html")).to_have_attribute("lang", "te")
    assert {"name": "django_language", "value": "te"}.items() <= next(
        cookie for cookie in phone.context.cookies() if cookie["name"] == "django_language"
    ).items()
    assert phone.evaluate("localStorage.getItem('lang')") == "te"
    expect(phone.get_by_role("heading", level=1)).to_have_text(TE["home.heading"])
    expect(phone.get_by_role("button", name="తెలుగు")).to_have_attribute("aria-pressed", "true")
    settle(phone)
    phone.screenshot(path=str(shots / "te-home-phone.png"))
    assert phone.evaluate(OVERFLOWS) == []

    phone.goto("/product/sona-masoori-rice")
    name = phone.locator(".product-page__name")
    expect(name).to_contain_text("బియ్యం")  # the Telugu name, with the English one beside it
    expect(name.locator("[lang=en]")).to_have_text("Sona Masoori Rice")
    phone.get_by_role("button", name=TE["card.addToCart"], exact=True).click()
    expect(phone.get_by_role("button", name=TE["product.added"])).to_be_visible()
    settle(phone)
    phone.screenshot(path=str(shots / "te-product-phone.png"))
    assert phone.evaluate(OVERFLOWS) == []

    phone.goto("/cart")
    expect(phone.get_by_role("heading", level=1)).to_have_text(TE["cart.title"])
    expect(phone.get_by_role("heading", name=TE["cart.subtotal"].replace("{count}", "1"))).to_be_visible()
    expect(phone.locator(".cart-summary__total")).to_have_text("₹78.00")  # Indian number format in Telugu too
    settle(phone)
    phone.screenshot(path=str(shots / "te-cart-phone.png"))
    assert phone.evaluate(OVERFLOWS) == []

    # The check finds text squeezed out of its box.
    phone.locator("h1").evaluate("heading => { heading.style.width = '40px'; heading.style.whiteSpace = 'nowrap'; }")
    assert any(problem.startswith("wider than its box: h1") for problem in phone.evaluate(OVERFLOWS))

    choose(phone, "en")
    expect(phone.locator("html")).to_have_attribute("lang", "en")
    expect(phone.get_by_role("heading", level=1)).to_have_text("Shopping Cart")


def sign_in(page: Page) -> None:
    page.goto("/login")
    page.get_by_label("Phone Number").fill(CUSTOMER_PHONE)
    page.get_by_label("Password").fill(CUSTOMER_PASSWORD)
    with page.expect_navigation():
        page.get_by_role("button", name="Sign In", exact=True).click()


def test_a_customers_choice_is_kept_in_the_profile_and_comes_back_at_sign_in(
    phone: Page, browser, live_server, demo_catalog
):
    customer = User.objects.get(phone_no=CUSTOMER_PHONE)
    assert customer.language == "en"
    sign_in(phone)
    choose(phone, "te")
    customer.refresh_from_db()
    assert customer.language == "te"

    # Another phone, never switched: signing in brings the profile's Telugu along.
    other = browser.new_context(base_url=live_server.url, viewport=PHONE)
    try:
        tab = other.new_page()
        sign_in(tab)
        expect(tab.locator("html")).to_have_attribute("lang", "te")
        assert tab.evaluate("localStorage.getItem('lang')") == "te"
        expect(tab.get_by_role("heading", level=1)).to_have_text(TE["home.heading"])
    finally:
        other.close()


# Latin words a Telugu page may show outside names: units, the tax, payment and text-message acronyms, the social
# sites' own names.
LATIN_ALLOWED = {"kg", "g", "ml", "l", "ltr", "pcs", "gst", "cgst", "sgst", "igst", "hsn", "sac", "fssai", "upi", "otp"}
LATIN_ALLOWED |= {"gstin", "sms"}
LATIN_ALLOWED |= {"facebook", "instagram", "youtube", "x", "whatsapp"}
# Every visible text of the page outside elements marked English (`lang=en`: names shown beside
# their Telugu), as [text, where].
VISIBLE_TEXTS = """
() => {
  const found = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const element = node.parentElement;
    if (!node.textContent.trim() || !element || element.closest("script, style, [lang=en], [hidden]")) continue;
    if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    found.push([node.textContent.trim(), `${element.tagName.toLowerCase()}.${[...element.classList].join(".")}`]);
  }
  return found;
}
"""


def latin_interface_text(page: Page, names: set[str]) -> list[str]:
    """The page's visible texts holding a Latin word that is not part of a name the shop stores."""
    import re

    problems = []
    for text, where in page.evaluate(VISIBLE_TEXTS):
        words = {word.lower() for word in re.findall(r"[A-Za-z]+", text)}
        strange = words - names - LATIN_ALLOWED
        if strange:
            problems.append(f"{where}: {text[:60]!r} ({', '.join(sorted(strange))})")
    return problems


def cash_order_of(phone_no: str):
    """A cash order of two Telugu-named packs, placed in Telugu."""
    from decimal import Decimal

    from django.utils.translation import override

    from catalog.models import Financial
    from checkout.placement import Address, LineRequest, Totals, order_place

    customer = User.objects.get(phone_no=phone_no)
    packs = list(Financial.objects.select_related("detail__product").filter(detail__product__name_te__gt="")[:2])
    total = sum((pack.dprice for pack in packs), Decimal("0"))
    with override("te"):
        return order_place(
            user=customer,
            items=[
                LineRequest(product_id=p.detail.product_id, brand_id=p.detail_id, financial_id=p.pk, qty=1)
                for p in packs
            ],
            shipping_address=Address(street="12-4 Gandhi Nagar", city="Amalapuram", postal_code="533201"),
            payment_method="Cash Or UPI",
            client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
        )


def stored_names() -> set[str]:
    """Every word of a name the shop stores (products, brands, categories, people, places, the shop's):
    data, not interface text. Not the descriptions and the brands' declarations: a Telugu page shows
    the Telugu description, else the English marked `lang="en"`, and the declarations as the pack
    words them, marked English (issue 45)."""
    import re

    from django.conf import settings

    from catalog.models import Category, Detail, Product
    from orders.models import Order

    texts = [settings.STORE_NAME, *settings.DELIVERY_PINCODES.values(), "Andhra Pradesh Puducherry"]
    # The shop's own details as the law has them printed on an invoice: address, GSTIN, e-mail.
    texts += [settings.STORE_ADDRESS, settings.STORE_GST_NUMBER, settings.STORE_SUPPORT_EMAIL, settings.STORE_STATE]
    # The seller's legal name and the grievance officer, printed as registered (issue 28).
    texts += [settings.STORE_LEGAL_NAME, settings.GRIEVANCE_OFFICER_NAME, settings.GRIEVANCE_OFFICER_DESIGNATION]
    texts += list(Product.objects.values_list("name", flat=True)) + list(Detail.objects.values_list("brand", flat=True))
    texts += list(Category.objects.values_list("name", flat=True))
    texts += [" ".join(row) for row in User.objects.values_list("name", "street", "city")]
    texts += [
        " ".join(row)
        for row in Order.objects.values_list("public_id", "invoice_number", "shipping_street", "shipping_city")
    ]
    return {word.lower() for text in texts for word in re.findall(r"[A-Za-z]+", text or "")}


@pytest.mark.parametrize("viewport", [PHONE], ids=["phone"])
def test_telugu_pages_show_no_latin_interface_text_outside_names(phone: Page, demo_catalog, viewport):
    phone.goto("/")
    choose(phone, "te")
    sign_in_as_customer = phone.request.post(
        "/api/users/auth", data={"phoneNo": CUSTOMER_PHONE, "password": CUSTOMER_PASSWORD}
    )
    phone.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", sign_in_as_customer.json())
    order = cash_order_of(CUSTOMER_PHONE)
    names = stored_names()
    pages = ["/", "/category/all", "/product/sona-masoori-rice", "/search?query=rice", "/cart", "/profile"]
    pages.append(f"/order/{order.public_id}")
    problems = {}
    for path in pages:
        phone.goto(path)
        settle(phone)
        found = latin_interface_text(phone, names)
        if found:
            problems[path] = found
    assert problems == {}

    # The check finds interface text left in English.
    phone.locator("h1").first.evaluate("heading => { heading.textContent = 'Shopping Cart'; }")
    assert latin_interface_text(phone, names)
