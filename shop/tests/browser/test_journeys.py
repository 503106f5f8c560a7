"""The four whole journeys of issue 18, in Debian's Chromium, against the shop served as production
serves it (conftest.production_server: DEBUG off, collected and compressed bundles from ServeStatic,
uvicorn, websockets; PostgreSQL and Redis when the run points at them), on the demo catalog.

1. A new shopper on a phone checks delivery by town name, searches (a local name too), adds three
   packs from cards and the product page, registers with the SMS code, enters the address, pays
   online in the sandbox and sees the paid order with its tax invoice. An admin packs, dispatches
   and delivers it; the shopper's timeline reaches 100 % and the reward shows.
2. A returning shopper pays cash in Telugu.
3. A guest's cart survives signing in.
4. An admin changes a price while a shopper has the cart open; the cart follows without a reload.

Every step is photographed into test-results/journeys/<journey>/ (README "Browser journeys"); the
folder is kept, so a failing CI run leaves the screens up to the failure. About a minute in all.
"""

import json
import re
import shutil
import time
from pathlib import Path

import pytest
from django.conf import settings
from playwright.sync_api import BrowserContext, Page, expect

from accounts.models import User
from catalog.models import Financial
from notifications.models import SmsMessage
from orders.models import Order
from promotions.models import Promotion
from promotions.tests.conftest import builtin_promotion

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SHOTS = Path(settings.BASE_DIR) / "test-results" / "journeys"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
CUSTOMER = ("9000000002", "customer12345")
ADMIN = ("9000000001", "admin12345")
NEWCOMER = ("9876512345", "Sita Newcomer", "fresh-Greens-7")
ORDER_URL = re.compile(r"/order/(?P<id>[A-Za-z0-9]+)$")
# The Telugu texts of every area (frontend/src/i18n/te/<area>.json), merged.
TE = {
    key: text
    for part in sorted((Path(settings.BASE_DIR) / "frontend" / "src" / "i18n").glob("te/*.json"))
    for key, text in json.loads(part.read_text(encoding="utf-8")).items()
}


class Steps:
    """Numbered screenshots of one journey, in its own folder (emptied when the journey starts)."""

    def __init__(self, journey: str):
        self.folder = SHOTS / journey
        shutil.rmtree(self.folder, ignore_errors=True)
        self.folder.mkdir(parents=True)
        self.count = 0

    def shot(self, page: Page, step: str, show=None) -> None:
        """Photograph the screen, scrolled to `show` (a locator) when given."""
        self.count += 1
        page.wait_for_load_state("networkidle")
        if show is not None:
            show.scroll_into_view_if_needed()
        page.screenshot(path=str(self.folder / f"{self.count:02d}-{step}.png"))


@pytest.fixture
def shop(production_server, settings, demo_seeded):
    """The demo catalog and accounts, the migration's offers (a transactional test before may have
    flushed them), texts kept in the outbox (the OTP is read from there)."""
    settings.SMS_BACKEND = "outbox"
    demo_seeded()
    for kind in (Promotion.Kind.GOLD_COUPON, Promotion.Kind.SILVER_COIN):
        builtin_promotion(kind)
    return production_server


@pytest.fixture
def open_context(browser, shop):
    """open_context(viewport, phone=False) → a new browser context on the shop, offline otherwise."""
    contexts: list[BrowserContext] = []

    def open_one(viewport: dict, *, phone: bool = False) -> Page:
        context = browser.new_context(base_url=shop, viewport=viewport, is_mobile=phone, has_touch=phone)
        context.set_default_timeout(15_000)
        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(shop) else route.abort())
        contexts.append(context)
        return context.new_page()

    yield open_one
    for context in contexts:
        context.close()


def at(path: str) -> re.Pattern:
    """The URL of `path` itself (a glob such as **/shipping would also match ?redirect=/shipping)."""
    return re.compile(rf"^https?://[^/]+{re.escape(path)}(\?.*)?$")


def island(page: Page):
    return page.locator("#island")


def sign_in(page: Page, phone_no: str, password: str) -> None:
    form = island(page)
    form.get_by_label("Phone Number").fill(phone_no)
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_role("button", name="Sign In").click()


def sms_code(phone_no: str) -> str:
    message = SmsMessage.objects.filter(phone_no=phone_no).order_by("-id").first()
    assert message is not None, f"no SMS was sent to {phone_no}"
    return re.search(r"\b(\d{6})\b", message.text)[1]


def card(page: Page, title: str):
    return page.locator(".product-card").filter(has=page.get_by_role("heading", name=title, exact=True))


def stored_cart(page: Page) -> dict:
    return page.evaluate("() => JSON.parse(localStorage.getItem('cart') || '{}')")


def admin_moves_to_delivered(page: Page, order_id: str, steps: Steps) -> None:
    page.goto("/login?redirect=/admin/orderlist")
    sign_in(page, *ADMIN)
    page.wait_for_url(at("/admin/orderlist"))
    # Staff know an order by its invoice number.
    invoice_number = Order.objects.get(public_id=order_id).invoice_number
    row = page.locator("tr", has=page.get_by_role("link", name=invoice_number, exact=True))
    for step, done in (("Packed", "packed"), ("Dispatched", "dispatched"), ("Delivered", "delivered")):
        row.get_by_role("button", name=f"Mark as {step}").click()
        expect(page.get_by_text(f"Order {invoice_number} is now {done}.")).to_be_visible()
        steps.shot(page, f"admin-{done}")


def test_a_new_shopper_on_a_phone_pays_online_and_the_admin_delivers(open_context):
    steps = Steps("1-new-shopper-pays-online")
    page = open_context(PHONE, phone=True)

    # Delivery, checked by typing the town's name.
    page.goto("/")
    checker = page.get_by_role("region", name="Where Would You Like Your Order Delivered?").first
    checker.get_by_role("combobox", name="Search a new address").fill("Amalapuram")
    checker.get_by_role("option", name=re.compile(r"^Amalapuram 533201")).first.click()
    expect(checker.get_by_role("status")).to_contain_text("Happy to deliver to Amalapuram!")
    steps.shot(page, "delivery-checked-by-town")

    # Search by the local word for rice; two packs from the cards.
    search = page.get_by_role("combobox", name="Search for products or brands").or_(
        page.get_by_role("searchbox", name="Search for products or brands")
    )
    search.first.fill("biyyam")
    search.first.press("Enter")
    page.wait_for_url(re.compile(r"/search"))
    expect(page.get_by_role("heading", level=1)).to_contain_text("biyyam")
    steps.shot(page, "search-local-name")
    for title in ("Sri Sai Balaji BPT Rice", "Lalitha BPT Rice"):
        found = card(page, title)
        found.get_by_role("button", name="25 kg", exact=True).click()
        found.get_by_role("button", name=re.compile(r"^Add to Cart")).click()
        expect(found.get_by_role("group", name=re.compile("in cart"))).to_be_visible()
    steps.shot(page, "two-packs-from-cards")

    # The third from a product page.
    page.goto("/product/sunflower-oil")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    expect(page.get_by_role("button", name="Added to Cart")).to_be_disabled()
    steps.shot(page, "third-pack-from-the-product-page")

    page.goto("/cart")
    expect(page.locator(".cart-line")).to_have_count(3)
    steps.shot(page, "cart")
    page.get_by_role("button", name="Proceed To Checkout").click()
    page.wait_for_url(re.compile(r"/login\?redirect="))

    # Registers with the SMS code.
    island(page).get_by_role("button", name="Register", exact=True).click()
    page.wait_for_url(re.compile(r"/register"))
    phone_no, name, password = NEWCOMER
    form = island(page)
    form.get_by_label("Name").fill(name)
    form.get_by_label("Phone Number").fill(phone_no)
    form.get_by_role("button", name="Send OTP via SMS").click()
    expect(form.get_by_label("OTP digit 1")).to_be_visible()
    form.get_by_label("OTP digit 1").fill(sms_code(phone_no))
    steps.shot(page, "register-otp")
    form.get_by_role("button", name="Verify OTP").click()
    form.get_by_label("Password", exact=True).fill(password)
    form.get_by_label("Confirm Password").fill(password)
    form.get_by_role("button", name="Register").click()
    page.wait_for_url(at("/shipping"))
    assert User.objects.filter(phone_no=phone_no, name=name).exists(), list(
        User.objects.values_list("phone_no", "name")
    )

    # Enters the address in the account, then ships there.
    steps.shot(page, "shipping-asks-for-the-address")
    page.get_by_role("button", name="Go to Account").click()
    page.wait_for_url(at("/profile"))
    profile = island(page)
    profile.get_by_label("Street Address").fill("4-12 Temple Street")
    profile.get_by_label("City").fill("Amalapuram")
    profile.get_by_label("Postal Code").fill("533201")
    expect(profile.get_by_text("Save your delivery address below: Update takes you back to checkout.")).to_be_visible()
    profile.get_by_role("button", name="Update").click()
    # Saved, the profile goes back to the shipping step by itself (issue 31: it used to dead-end).
    page.wait_for_url(at("/shipping"))
    expect(page.get_by_text("Happy to deliver to Amalapuram!")).to_be_visible()
    steps.shot(page, "address-saved")
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url(at("/payment"))
    page.get_by_label("Online").check()
    steps.shot(page, "payment-online")
    page.get_by_role("button", name="Continue").click()
    page.wait_for_url(at("/placeorder"))
    steps.shot(page, "place-order")
    page.get_by_role("button", name="Place Order").click()

    # Pays in the sandbox gateway.
    page.wait_for_url(re.compile(r"/payments/sandbox/"))
    order = Order.objects.get(user__phone_no=phone_no)
    amount = f"₹{order.total_price:,.2f}"
    steps.shot(page, "sandbox-gateway")
    page.get_by_role("button", name=f"Pay {amount}").click()
    page.wait_for_url(ORDER_URL)
    expect(page.get_by_text("Payment Status: Paid")).to_be_visible()
    invoice = page.get_by_role("article", name="Invoice")
    expect(invoice.get_by_text("Tax Invoice").first).to_be_visible()
    expect(invoice).to_contain_text("CGST")
    expect(invoice).to_contain_text("SGST")
    expect(invoice).to_contain_text(order.invoice_number)
    steps.shot(page, "paid-order-with-tax-invoice")
    steps.shot(page, "tax-invoice-lines", show=invoice.get_by_text("CGST").first)
    order.refresh_from_db()
    assert order.is_paid and order.items.count() == 3
    assert stored_cart(page).get("cartItems") == []

    # An admin packs, dispatches and delivers.
    admin_moves_to_delivered(open_context(DESKTOP), order.public_id, steps)

    # The shopper's timeline is complete and the reward shows.
    page.reload()
    expect(page.get_by_role("progressbar", name="Order progress")).to_have_attribute("aria-valuenow", "100")
    expect(page.get_by_text("Order Delivered", exact=True)).to_be_visible()
    rewards = page.get_by_role("region", name="This order earned")
    expect(rewards).to_contain_text("Free earphones")
    steps.shot(page, "delivered-with-reward", show=rewards)


def test_a_returning_shopper_pays_cash_in_telugu(open_context):
    steps = Steps("2-returning-shopper-cash-in-telugu")
    page = open_context(PHONE, phone=True)
    page.goto("/login")
    sign_in(page, *CUSTOMER)
    page.wait_for_url(re.compile(r"/$"))
    with page.expect_navigation():
        page.locator("#site-header .language-switch").get_by_role("button", name="తెలుగు").click()
    expect(page.locator("html")).to_have_attribute("lang", "te")
    steps.shot(page, "home-in-telugu")

    page.goto("/product/sona-masoori-rice")
    page.get_by_role("button", name=TE["card.addToCart"], exact=True).click()
    steps.shot(page, "product-in-telugu")
    page.goto("/cart")
    expect(page.get_by_role("heading", level=1)).to_have_text(TE["cart.title"])
    steps.shot(page, "cart-in-telugu")
    page.get_by_role("button", name=TE["cart.proceed"]).click()
    page.wait_for_url(at("/shipping"))
    page.get_by_role("button", name=TE["common.continue"]).click()
    page.wait_for_url(at("/payment"))
    page.get_by_label(TE["payment.method.cash"]).check()
    steps.shot(page, "payment-cash-in-telugu")
    page.get_by_role("button", name=TE["common.continue"]).click()
    page.wait_for_url(at("/placeorder"))
    steps.shot(page, "place-order-in-telugu")
    page.get_by_role("button", name=TE["checkout.step.placeOrder"], exact=True).click()
    page.wait_for_url(ORDER_URL)
    order = Order.objects.get(public_id=ORDER_URL.search(page.url)["id"])
    assert order.payment_method == "Cash Or UPI" and not order.is_paid
    amount = f"₹{order.total_price:,.2f}"
    expect(page.get_by_text(TE["order.payAtDelivery"].replace("{amount}", amount))).to_be_visible()
    expect(page.locator("html")).to_have_attribute("lang", "te")
    steps.shot(page, "order-in-telugu")


def test_a_guests_cart_survives_signing_in(open_context):
    steps = Steps("3-guest-cart-survives-login")
    page = open_context(PHONE, phone=True)
    page.goto("/product/sunflower-oil")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    page.goto("/product/sona-masoori-rice")
    page.get_by_role("button", name="Add to Cart", exact=True).click()
    page.goto("/cart")
    expect(page.locator(".cart-line")).to_have_count(2)
    before = stored_cart(page)["cartItems"]
    steps.shot(page, "guest-cart")

    page.get_by_role("button", name="Proceed To Checkout").click()
    page.wait_for_url(re.compile(r"/login\?redirect="))
    steps.shot(page, "sign-in")
    sign_in(page, *CUSTOMER)
    page.wait_for_url(at("/shipping"))
    steps.shot(page, "shipping-after-sign-in")
    assert stored_cart(page)["cartItems"] == before

    page.goto("/cart")
    expect(page.locator(".cart-line")).to_have_count(2)
    expect(page.locator(".cart-line", has_text="Sunflower Oil")).to_be_visible()
    expect(page.locator(".cart-line", has_text="Sona Masoori Rice")).to_be_visible()
    steps.shot(page, "cart-after-sign-in")


def test_an_admin_changes_a_price_while_a_shopper_has_the_cart_open(open_context):
    steps = Steps("4-admin-price-change-open-cart")
    shopper = open_context(PHONE, phone=True)
    sent: list = []
    shopper.on("websocket", lambda socket: socket.on("framesent", lambda frame: sent.append(frame)))
    shopper.goto("/product/sunflower-oil")
    shopper.get_by_role("button", name="Add to Cart", exact=True).click()
    (line,) = stored_cart(shopper)["cartItems"]
    pack = Financial.objects.select_related("detail__product").get(pk=line["financialId"])
    shopper.goto("/cart")
    line_price = shopper.locator(".cart-line", has_text="Sunflower Oil").locator(".cart-line__price strong")
    expect(line_price).to_have_text(f"₹{pack.dprice:,.2f}")
    deadline = time.monotonic() + 15
    while not any("clientCart" in str(frame) for frame in sent):
        assert time.monotonic() < deadline, "the cart page sent no clientCart over its socket"
        shopper.wait_for_timeout(50)
    steps.shot(shopper, "cart-open")

    admin = open_context(DESKTOP)
    admin.goto(f"/login?redirect=/admin/product/{pack.detail.product.slug}/edit/{pack.detail_id}")
    sign_in(admin, *ADMIN)
    admin.wait_for_url(re.compile(r"/admin/product/"))
    admin.locator("#product-weight").select_option(str(pack.pk))
    admin.get_by_label("Price", exact=True).fill(f"{pack.price + 100}")
    admin.get_by_label("Discount", exact=True).fill("10")
    steps.shot(admin, "admin-edits-the-price")
    admin.get_by_role("button", name="Update Details").click()
    expect(admin).to_have_url(re.compile(r"/admin/productlist$"))

    pack.refresh_from_db()
    assert pack.discount == 10
    expect(line_price).to_have_text(f"₹{pack.dprice:,.2f}")  # no reload: the socket brought it
    steps.shot(shopper, "cart-shows-the-new-price")
