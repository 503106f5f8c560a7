"""What a shopper must read or tap stays in sight, on a 390 x 844 phone and a 1280 x 800 desktop
(issue 11): the floating cart, toasts and the fold never hide a card, a heading, a form or the
product page's Add to Cart; the home page's featured categories are short scrolling rows; the
footer sits at the bottom of a short page; the delivery checker finds towns with no maps key.

Needs the built bundles (`npm run build`).
"""

import pytest
from playwright.sync_api import Page, expect

from .conftest import DESKTOP, PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def overlaps(a: dict | None, b: dict | None) -> bool:
    if not a or not b:
        return False
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def on_first_screen(box: dict, page: Page) -> bool:
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]


def add_one_pack(page: Page) -> None:
    """Puts one pack in the cart so that the floating cart shows."""
    page.goto("/category/OILS")
    page.locator(".product-card").first.get_by_role("button", name="Add to Cart").first.click()
    expect(page.get_by_test_id("floating-cart")).to_contain_text("1")


def test_phone_product_page_keeps_picture_price_packs_and_add_to_cart_on_the_first_screen(phone: Page, demo_catalog):
    add_one_pack(phone)
    phone.goto("/product/sona-masoori-rice")
    add = phone.get_by_role("button", name="Add to Cart", exact=True)
    expect(add).to_be_visible()

    cart = phone.get_by_test_id("floating-cart").bounding_box()
    bar = phone.locator(".bottom-bar").bounding_box()
    for element in (
        phone.locator(".product-page__media img"),
        phone.get_by_test_id("packs-price"),
        phone.get_by_label("Weight"),
        phone.get_by_label("Number of Packs"),
        add,
    ):
        box = element.bounding_box()
        assert on_first_screen(box, phone), (element, box)
        assert not overlaps(box, cart) and not overlaps(box, bar), (element, box)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_floating_cart_leaves_the_end_of_a_list_clear(request, size, demo_catalog):
    page = request.getfixturevalue(size)
    add_one_pack(page)
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    page.wait_for_timeout(600)  # the floating cart settles after the scroll

    cart = page.get_by_test_id("floating-cart").bounding_box()
    cards = page.locator(".product-card")
    last_row = [cards.nth(index) for index in range(max(0, cards.count() - 3), cards.count())]
    for card in last_row:
        for part in (".product-card__title", ".product-card__price", ".product-card__actions"):
            assert not overlaps(card.locator(part).bounding_box(), cart), (part, cart)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_toasts_hide_no_heading_and_no_form(request, size, settings, live_server):
    settings.SMS_BACKEND = "outbox"
    page = request.getfixturevalue(size)
    page.goto("/register")
    form = page.locator("#island")
    form.get_by_label("Phone Number").fill("9876512345")
    form.get_by_role("button", name="Send OTP via SMS").click()
    toast = page.locator(".toast", has_text="OTP sent successfully!")
    expect(toast).to_be_visible()

    box = toast.bounding_box()
    assert not overlaps(box, form.get_by_role("heading").first.bounding_box())
    # The form may be taller than the screen (the privacy notice sits in it): what the toast must not
    # cover is any field or button the shopper can see.
    controls = form.locator("form").first.locator("input:visible, button:visible, select:visible")
    for index in range(controls.count()):
        control = controls.nth(index).bounding_box()
        if control and control["y"] < page.viewport_size["height"]:
            assert not overlaps(box, control), controls.nth(index).evaluate("el => el.outerHTML")


def test_phone_home_shows_each_featured_category_as_one_short_scrolling_row(phone: Page, demo_catalog):
    phone.goto("/")
    sections = phone.locator(".featured")
    expect(sections.first).to_be_attached()
    assert sections.count() >= 20
    # Rows far below the first screen are not built yet; each is as it comes near the viewport.
    assert phone.locator(".featured .product-row").count() < sections.count()
    for index in range(sections.count()):
        sections.nth(index).scroll_into_view_if_needed()
        expect(sections.nth(index).locator(".product-row")).to_be_visible()
    rows = phone.locator(".featured .product-row")
    assert rows.count() == sections.count()

    for index in (0, rows.count() - 1):
        row = rows.nth(index)
        shape = row.evaluate(
            """row => ({scrolls: row.scrollWidth > row.clientWidth, height: row.getBoundingClientRect().height,
                        tops: new Set([...row.querySelectorAll('.product-card')].map(c => Math.round(c.getBoundingClientRect().top))).size,
                        products: new Set([...row.querySelectorAll('.product-card__title a')].map(a => a.pathname)).size})"""
        )
        assert shape["scrolls"] and shape["tops"] == 1, shape
        assert shape["height"] < 320, shape  # about a third of the screen
        assert shape["products"] == 5, shape  # spec: five products per featured category


def test_the_footer_sits_at_the_bottom_of_a_short_page(desktop: Page):
    # A search that finds nothing. (Not the cart: it is at least a screen tall in every state, so
    # that its footer does not move when the browser's lines replace the server's frame.)
    desktop.goto("/search/zzzz")
    expect(desktop.get_by_text('No products found for "zzzz"')).to_be_visible()
    footer = desktop.locator("#site-footer").bounding_box()
    assert abs(footer["y"] + footer["height"] - DESKTOP["height"]) <= 1, footer


def test_the_checker_suggests_towns_without_a_maps_key_and_checks_the_one_picked(phone: Page, demo_catalog):
    phone.goto("/")
    checker = phone.locator("#site-header").get_by_role("region", name="Where Would You Like Your Order Delivered?")
    box = checker.get_by_role("combobox", name="Search a new address")
    box.press_sequentially("Amalap")
    expect(checker.get_by_role("option").first).to_contain_text("Amalapuram 533201")

    box.press("ArrowDown")
    box.press("Enter")

    # The first check loads the offline pincode tables, which takes a few seconds on a busy machine.
    expect(checker.locator(".delivery-result")).to_contain_text("Great!", timeout=20_000)
    expect(checker.locator(".delivery-result")).to_contain_text("Happy to deliver to Amalapuram!")
    expect(box).to_have_value("Amalapuram 533201")


def test_a_wide_orders_table_scrolls_inside_its_box_without_widening_the_phone_page(
    phone: Page, demo_catalog, make_user
):
    from decimal import Decimal

    from catalog.models import Financial
    from checkout.placement import Address, LineRequest, Totals, order_place

    user = make_user(
        "9876500077",
        password="secret-pass-1",
        name="Asha",
        street="4 Main Road",
        city="Amalapuram",
        postal_code="533201",
    )
    pack = Financial.objects.select_related("detail").filter(count_in_stock__gt=0).first()
    order_place(
        user=user,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)],
        shipping_address=Address(street=user.street, city=user.city, postal_code=user.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
    )
    info = phone.request.post("/api/users/auth", data={"phoneNo": "9876500077", "password": "secret-pass-1"}).json()
    phone.goto("/")
    phone.evaluate("info => localStorage.setItem('userInfo', JSON.stringify(info))", info)

    phone.goto("/profile")
    expect(phone.locator(".orders-table .table tbody tr")).to_have_count(1)

    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    account = phone.locator("#site-header").get_by_role("button", name="Account").bounding_box()
    assert account["x"] + account["width"] <= PHONE["width"]
