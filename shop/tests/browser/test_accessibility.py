"""axe-core (the npm devDependency, injected into each page) on every page of the shop, in English
and in Telugu, at phone size: no serious or critical violation.

Every page route of shop/pages.py is visited (a new route without an example below fails), with
the content it shows a real visitor: the demo catalog, a cart with packs, the customer's order,
the admin's lists and edit screens (signed in as each), and the sandbox payment page. Served as
production serves it (conftest.production_server). About a minute per language.
"""

import json
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import URLPattern
from playwright.sync_api import Page, expect

from accounts.models import User
from catalog.models import Product
from orders.models import Order
from shop.pages import urlpatterns as page_routes

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

AXE = Path(settings.BASE_DIR) / "node_modules" / "axe-core" / "axe.min.js"
PHONE = {"width": 390, "height": 844}
CUSTOMER = ("9000000002", "customer12345")
ADMIN = ("9000000001", "admin12345")
BLOCKING = ("serious", "critical")

# Each page route: who visits it and the path (placeholders filled from the demo data).
PAGES = {
    "": ("guest", "/"),
    "page/<int:pageNumber>": ("guest", "/page/2"),
    "search": ("guest", "/search?query=rice"),
    "search/<str:keyword>": ("guest", "/search/biyyam"),
    "search/<str:keyword>/page/<int:pageNumber>": ("guest", "/search/rice/page/2"),
    "category/<str:categoryName>": ("guest", "/category/{category}"),
    "product/<str:slug>": ("guest", "/product/{slug}"),
    "login": ("guest", "/login"),
    "register": ("guest", "/register"),
    "terms.html": ("guest", "/terms.html"),
    "privacy.html": ("guest", "/privacy.html"),
    "refund-policy.html": ("guest", "/refund-policy.html"),
    "shipping-policy.html": ("guest", "/shipping-policy.html"),
    "payment-terms.html": ("guest", "/payment-terms.html"),
    "grievance.html": ("guest", "/grievance.html"),
    r"^(?!api/|static/|media/|staff/|ws/).*$": ("guest", "/no-such-page"),
    "cart": ("customer", "/cart"),
    "shipping": ("customer", "/shipping"),
    "payment": ("customer", "/payment"),
    "placeorder": ("customer", "/placeorder"),
    "order/<str:id>": ("customer", "/order/{order}"),
    "order/<str:id>/report": ("customer", "/order/{order}/report"),
    "profile": ("customer", "/profile"),
    "payment/success": ("customer", "/payment/success?orderId={order}"),
    "payment/failure": ("customer", "/payment/failure?orderId={order}"),
    "admin/orderlist": ("admin", "/admin/orderlist"),
    "admin/counter": ("admin", "/admin/counter"),
    "admin/productlist": ("admin", "/admin/productlist"),
    "admin/productlist/<int:pageNumber>": ("admin", "/admin/productlist/2"),
    "admin/product/<str:productRef>/edit/<str:detailId>": ("admin", "/admin/product/{slug}/edit/{detail}"),
    "admin/userlist": ("admin", "/admin/userlist"),
    "admin/user/<str:id>/edit": ("admin", "/admin/user/{user}/edit"),
    "admin/tickets": ("admin", "/admin/tickets"),
    "admin/slots": ("admin", "/admin/slots"),
    "admin/picking": ("admin", "/admin/picking"),
    "admin/picklist": ("admin", "/admin/picklist?window={window}&date={date}"),
    "admin/packingslips": ("admin", "/admin/packingslips?window={window}&date={date}"),
    "admin/deliverysheet": ("admin", "/admin/deliverysheet?window={window}&date={date}"),
    "admin/dashboard": ("admin", "/admin/dashboard?period=30d"),
    "admin/books": ("admin", "/admin/books"),
    "admin/stock": ("admin", "/admin/stock"),
    "admin/phone-order": ("admin", "/admin/phone-order"),
    "admin/rider": ("admin", "/admin/rider"),
}


def _page_routes() -> list[str]:
    return [str(route.pattern) for route in page_routes if isinstance(route, URLPattern)]


def test_every_page_route_is_checked():
    assert sorted(set(_page_routes()) ^ set(PAGES)) == [], "add the page to PAGES in test_accessibility.py"


def _violations(page: Page) -> list[str]:
    """axe's blocking violations on `page`. The sweep's contexts load axe into every document
    (`_context`); a page of another test's context gets it here, once."""
    if page.evaluate("typeof axe === 'undefined'"):
        page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        """async () => {
          const results = await axe.run(document, { resultTypes: ["violations"] });
          return results.violations.map((v) => ({
            id: v.id, impact: v.impact, help: v.help,
            nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
          }));
        }"""
    )
    return [
        f"{page.url} [{v['impact']}] {v['id']}: {v['help']} at {v['nodes']}" for v in found if v["impact"] in BLOCKING
    ]


def _context(browser, base_url: str, language: str):
    # bypass_csp: the shop's policy rightly refuses the injected axe script; nothing else changes.
    context = browser.new_context(
        base_url=base_url, viewport=PHONE, is_mobile=True, has_touch=True, bypass_csp=True, locale="en-IN"
    )
    context.set_default_timeout(15_000)
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base_url) else route.abort())
    host = base_url.split("//", 1)[1].split(":")[0]
    context.add_cookies([{"name": "django_language", "value": language, "domain": host, "path": "/"}])
    context.add_init_script(f"localStorage.setItem('lang', {json.dumps(language)})")
    # axe-core (650 kB) in every document of the context before its own scripts, so each checked
    # page has it: injecting it into each page after its load (`add_script_tag`) sent the file over
    # Playwright's pipe 44 times a language, 19 s of the 37 s that axe took (load average 15).
    context.add_init_script(path=str(AXE))
    return context


def _sign_in(page: Page, phone_no: str, password: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())


@pytest.mark.parametrize("language", ["en", "te"])
def test_no_serious_or_critical_accessibility_violation_on_any_page(browser, production_server, language, demo_seeded):
    assert AXE.exists(), "axe-core is missing: npm install (scripts/setup does)"
    demo_seeded()
    customer = User.objects.get(phone_no=CUSTOMER[0])
    product = Product.objects.filter(details__financials__count_in_stock__gte=5).order_by("pk").first()
    values = {
        "category": product.category.name,
        "slug": product.slug,
        "detail": product.details.order_by("pk").first().pk,
        "user": customer.pk,
    }

    problems: list[str] = []
    tabs = {}
    for role in ("guest", "customer", "admin"):
        tabs[role] = _context(browser, production_server, language).new_page()
    _sign_in(tabs["customer"], *CUSTOMER)
    _sign_in(tabs["admin"], *ADMIN)

    # The customer fills a cart and chooses Cash/UPI, so the checkout pages show their content, and
    # places one order for the order page.
    shopper = tabs["customer"]
    shopper.goto(f"/product/{product.slug}")
    shopper.locator(".product-page__add").click()
    expect(shopper.locator(".product-page__add")).to_be_disabled()
    shopper.goto("/shipping")
    shopper.locator("#island .btn--primary").click()
    shopper.wait_for_url("**/payment")
    shopper.locator("#island input[type=radio][value^='Cash']").check()
    shopper.locator("#island .btn--primary").click()
    shopper.wait_for_url("**/placeorder")
    problems += _violations(shopper)
    shopper.locator("#island .btn--primary").click()
    shopper.wait_for_url("**/order/*")
    values["order"] = Order.objects.get(user=customer).public_id
    booking = Order.objects.get(user=customer).slot_booking  # the demo's windows: the sheets show it
    values.update(window=booking.slot.window_id, date=booking.date)
    shopper.goto(f"/product/{product.slug}")  # a cart again for /cart, /shipping, /payment
    shopper.locator(".product-page__add").click()

    for route, (role, path) in PAGES.items():
        if route == "placeorder":
            continue  # checked above, with its cart and payment method
        tab = tabs[role]
        tab.goto(path.format(**values))
        tab.wait_for_load_state("networkidle")
        expect(tab.locator("html")).to_have_attribute("lang", language)
        problems += _violations(tab)

    # The sandbox gateway's own page.
    order = Order.objects.get(user=customer)
    started = shopper.request.post(
        "/api/payments/initiateJuspayPaymentAtDelivery",
        data={"order_id": order.public_id},
        headers={"Authorization": f"Bearer {shopper.evaluate('JSON.parse(localStorage.userInfo).token')}"},
    )
    assert started.ok, started.text()
    shopper.goto(started.json()["payment_links"]["web"])
    problems += _violations(shopper)

    for tab in tabs.values():
        tab.context.close()
    assert problems == [], "\n".join(problems)
