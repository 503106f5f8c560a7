"""The accounts journeys in a real browser (issue 4 "Screens").

A newcomer registers with the SMS code (read from the outbox), logs out and logs back in; a
customer updates the profile, fills the address from the browser's location and sees it on the
map; a customer who forgot the password resets it and signs in with the new one; the delivery
checker in the home header answers for a deliverable pincode, one in Puducherry outside the map
and one in Telangana.

Needs the built bundles: `npm run build` first.
"""

import re
from decimal import Decimal

import pytest
from playwright.sync_api import Locator, Page, expect

from accounts.models import User
from catalog.models import Category, Detail, Financial, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from notifications.models import SmsMessage
from orders.models import Order

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NEWCOMER = ("9876512345", "Ravi Kumar", "paddy-field-42")
CODE_IN_TEXT = re.compile(r"\b(\d{6})\b")
AMALAPURAM = {"latitude": 16.578, "longitude": 82.006}
CHECKER_TITLE = "Where Would You Like Your Order Delivered?"


@pytest.fixture(autouse=True)
def sms_outbox(settings):
    settings.SMS_BACKEND = "outbox"


def keep_offline(page: Page, own_url: str) -> Page:
    """Map tiles and any third-party script fail fast instead of waiting on the internet."""

    def only_our_server(route):
        if route.request.url.startswith(own_url):
            route.continue_()
        else:
            route.abort()

    page.context.route("**/*", only_our_server)
    return page


@pytest.fixture
def shop(page: Page, live_server) -> Page:
    return keep_offline(page, live_server.url)


def sms_code(phone_no: str) -> str:
    """The code of the latest SMS the outbox kept for this number."""
    message = SmsMessage.objects.filter(phone_no=phone_no).order_by("-created_at", "-id").first()
    assert message is not None, f"no SMS was sent to {phone_no}"
    return CODE_IN_TEXT.search(message.text).group(1)


def island(page: Page) -> Locator:
    """The page's own screen (the header carries its own login panel)."""
    return page.locator("#island")


def verify_phone(form: Locator, phone_no: str) -> None:
    form.get_by_label("Phone Number").fill(phone_no)
    form.get_by_role("button", name="Send OTP via SMS").click()
    first_box = form.get_by_label("OTP digit 1")
    expect(first_box).to_be_visible()
    expect(form.get_by_role("button", name="Send OTP via SMS")).to_be_disabled()
    # An autofilled code lands in the first box and spreads over all six.
    first_box.fill(sms_code(phone_no))
    form.get_by_role("button", name="Verify OTP").click()


def sign_in(page: Page, phone_no: str, password: str) -> None:
    form = island(page)
    form.get_by_label("Phone Number").fill(phone_no)
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_role("button", name="Sign In").click()


def stored_user(page: Page) -> dict | None:
    return page.evaluate("() => JSON.parse(localStorage.getItem('userInfo') || 'null')")


def placed_order(user) -> Order:
    """One cash order of one 1 L pack (145.50) through the real placement service."""
    oils = Category.objects.create(key="oils", name="OILS", sequence=1)
    oil = Product.objects.create(name="Sunflower Oil", slug="sunflower-oil", category=oils, image="/media/oil.svg")
    detail = Detail.objects.create(product=oil, brand="Fortune", images=[])
    pack = Financial.objects.create(
        detail=detail,
        quantity=Decimal("1"),
        units="L",
        price=Decimal("160.00"),
        dprice=Decimal("145.50"),
        discount=9,
        count_in_stock=40,
    )
    total = Decimal("145.50")
    return order_place(
        user=user,
        items=[LineRequest(product_id=oil.pk, brand_id=detail.pk, financial_id=pack.pk, qty=1)],
        shipping_address=Address(street=user.street, city=user.city, postal_code=user.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
    )


def open_account_dropdown(page: Page) -> Locator:
    page.locator("#site-header").get_by_role("button", name=re.compile("account", re.I)).click()
    return page.locator(".account-dropdown, .account-menu").first


def test_register_with_the_sms_code_log_out_and_log_in(shop: Page):
    page = shop
    phone_no, name, password = NEWCOMER

    page.goto("/register")
    form = island(page)
    form.get_by_label("Name").fill(name)
    verify_phone(form, phone_no)
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_label("Confirm Password").fill(password)
    form.get_by_role("button", name="Register").click()

    page.wait_for_url(re.compile(r"/$"))
    user = User.objects.get(phone_no=phone_no)
    assert user.name == name and user.check_password(password)
    assert stored_user(page)["phoneNo"] == phone_no

    # A signed-in visitor of /login or /register goes straight on.
    page.goto("/login?redirect=/cart")
    page.wait_for_url(re.compile(r"/cart$"))

    # Logout from the header's account menu: the endpoint, then home with nothing stored.
    menu = open_account_dropdown(page)
    expect(menu.get_by_text(name)).to_be_visible()
    with page.expect_response(re.compile(r"/api/users/logout$")) as logout:
        menu.get_by_role("button", name="Logout").click()
    assert logout.value.ok
    page.wait_for_url(re.compile(r"/$"))
    assert stored_user(page) is None

    # A signed-in page sends the guest to log in, and back again afterwards.
    page.goto("/profile")
    page.wait_for_url(re.compile(r"/login\?redirect=(/|%2F)profile$"))
    sign_in(page, phone_no, "not-the-password")
    expect(island(page).get_by_role("alert")).to_be_visible()
    assert stored_user(page) is None
    sign_in(page, phone_no, password)
    page.wait_for_url(re.compile(r"/profile$"))
    expect(island(page).get_by_label("Phone Number")).to_have_value(phone_no)


def test_login_refuses_a_malformed_phone_without_a_call(shop: Page):
    page = shop
    page.goto("/login")
    form = island(page)
    calls = []
    page.on("request", lambda request: calls.append(request.url) if "/api/users/auth" in request.url else None)
    form.get_by_label("Phone Number").fill("98765 4321")
    hint = "Please enter a valid 10-digit phone number without spaces or special characters."
    expect(form.get_by_text(hint)).to_be_visible()
    form.get_by_label("Password", exact=True).fill("whatever-1")
    form.get_by_role("button", name="Sign In").click()
    expect(form.get_by_role("alert")).to_have_text("Please enter a valid 10-digit phone number.")
    assert calls == []


def test_update_the_profile_from_the_current_location(shop: Page, make_user):
    page = shop
    customer = make_user("9876500011", password="old-secret-9", name="Asha")
    page.context.grant_permissions(["geolocation"])
    page.context.set_geolocation(AMALAPURAM)

    page.goto("/login?redirect=/profile")
    sign_in(page, customer.phone_no, "old-secret-9")
    page.wait_for_url(re.compile(r"/profile$"))
    form = island(page)
    expect(form.get_by_label("Phone Number")).to_have_value(customer.phone_no)
    expect(form.get_by_label("Phone Number")).to_have_attribute("readonly", "")
    expect(form.get_by_test_id("location-map")).to_have_count(0)

    form.get_by_label("Name", exact=True).fill("Asha Devi")
    form.get_by_label("Street Address").fill("4 Temple Street")
    form.get_by_role("button", name="Use Current Location").click()
    expect(page.get_by_text("Address set to current location!")).to_be_visible()
    expect(form.get_by_label("City")).to_have_value("Amalapuram")
    expect(form.get_by_label("Postal Code")).to_have_value("533201")
    expect(form.get_by_label("Street Address")).to_have_value("4 Temple Street")
    # The map (Leaflet, loaded on demand) draws its marker even with no tiles.
    map_box = form.get_by_test_id("location-map")
    expect(map_box.locator(".leaflet-marker-icon")).to_be_visible()
    assert map_box.bounding_box()["height"] == 400

    form.get_by_role("button", name="Reset Password").click()
    form.get_by_label("New Password", exact=True).fill("new-secret-7")
    form.get_by_label("Confirm New Password").fill("new-secret-8")
    form.get_by_role("button", name="Update").click()
    expect(page.get_by_text("Passwords do not match")).to_be_visible()
    form.get_by_label("Confirm New Password").fill("new-secret-7")
    form.get_by_label("Current Password").fill("old-secret-9")
    with page.expect_response(re.compile(r"/api/users/profile$")) as saved:
        form.get_by_role("button", name="Update").click()
    assert saved.value.request.method == "PUT" and saved.value.ok
    expect(page.get_by_text("Profile updated successfully")).to_be_visible()

    customer.refresh_from_db()
    assert (customer.name, customer.street, customer.city, customer.postal_code) == (
        "Asha Devi",
        "4 Temple Street",
        "Amalapuram",
        "533201",
    )
    assert round(float(customer.latitude), 3) == AMALAPURAM["latitude"]
    assert customer.check_password("new-secret-7")
    assert stored_user(page)["name"] == "Asha Devi"

    # After a reload the saved location is on the map.
    page.reload()
    expect(island(page).get_by_test_id("location-map").locator(".leaflet-marker-icon")).to_be_visible()


def test_the_account_drawer_shows_the_profile_and_the_orders(shop: Page, make_user):
    page = shop
    customer = make_user(
        "9876500013",
        password="drawer-pass-3",
        name="Padma",
        street="12 Main Road",
        city="Amalapuram",
        postal_code="533201",
    )
    order = placed_order(customer)

    page.goto("/login")
    sign_in(page, customer.phone_no, "drawer-pass-3")
    page.wait_for_url(re.compile(r"/$"))

    open_account_dropdown(page).get_by_role("button", name="My Orders").click()
    drawer = page.get_by_role("dialog", name="Account")
    expect(drawer.get_by_role("tab", name="My Orders")).to_have_attribute("aria-selected", "true")
    row = drawer.get_by_role("row").filter(has_text="145.50")
    expect(row).to_have_count(1)
    expect(row.get_by_role("link", name="Details")).to_have_attribute("href", f"/order/{order.public_id}")

    drawer.get_by_role("tab", name="My Profile").click()
    expect(drawer.get_by_label("Street Address")).to_have_value("12 Main Road")
    drawer.get_by_role("button", name="Close").click()
    expect(drawer).to_have_count(0)

    # /profile lists the same order in its own columns.
    page.goto("/profile")
    expect(island(page).get_by_role("row").filter(has_text=order.invoice_number)).to_contain_text("145.50")


def test_reset_a_forgotten_password_and_sign_in_with_it(shop: Page, make_user):
    page = shop
    customer = make_user("9876500012", password="forgotten-1", name="Lakshmi")

    page.goto("/login")
    island(page).get_by_role("button", name="Reset Password").click()
    form = island(page)
    expect(form.get_by_role("heading", name="Forgot Password")).to_be_visible()
    verify_phone(form, customer.phone_no)
    form.get_by_label("New Password", exact=True).fill("remembered-2")
    form.get_by_label("Confirm New Password").fill("remembered-2")
    form.get_by_role("button", name="Reset Password").click()

    page.wait_for_url(re.compile(r"/login$"))
    expect(page.get_by_text("Password reset successfully")).to_be_visible()
    customer.refresh_from_db()
    assert customer.check_password("remembered-2")

    sign_in(page, customer.phone_no, "remembered-2")
    page.wait_for_url(re.compile(r"/$"))
    assert stored_user(page)["_id"] == str(customer.pk)


@pytest.mark.parametrize(
    ("pincode", "heading", "message"),
    [
        ("533201", "Great!", "Happy to deliver to Amalapuram!"),
        ("605001", "Oops!", "Sorry, we do not deliver to this location yet."),
        ("500001", "Oops!", "We only deliver in Andhra Pradesh & Puducherry."),
    ],
)
def test_the_home_header_checker_answers_for_a_pincode(shop: Page, pincode, heading, message):
    page = shop
    page.goto("/")
    checker = page.locator("#site-header").get_by_role("region", name=CHECKER_TITLE)
    expect(checker).to_be_visible()
    checker.get_by_placeholder("Search a new address").fill(pincode)
    result = checker.locator(".delivery-result")
    expect(result).to_contain_text(heading)
    expect(result).to_contain_text(message)


def test_the_checker_uses_the_current_location(shop: Page):
    page = shop
    page.context.grant_permissions(["geolocation"])
    page.context.set_geolocation(AMALAPURAM)
    page.goto("/")
    checker = page.locator("#site-header").get_by_role("region", name=CHECKER_TITLE)
    checker.get_by_role("button", name="Use My Current Location").click()
    expect(checker.locator(".delivery-result")).to_contain_text("Happy to deliver to Amalapuram!")


def test_register_fits_a_phone(phone_page: Page, live_server):
    page = keep_offline(phone_page, live_server.url)
    page.goto("/register")
    form = island(page)
    form.get_by_label("Phone Number").fill("9876512345")
    form.get_by_role("button", name="Send OTP via SMS").click()
    expect(form.get_by_label("OTP digit 6")).to_be_visible()
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    for n in range(1, 7):
        box = form.get_by_label(f"OTP digit {n}").bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= 360
