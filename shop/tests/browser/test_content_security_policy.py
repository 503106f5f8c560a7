"""Every page carries a Content-Security-Policy, and no page breaks it: the shop's own scripts,
styles, inline gate scripts (with their nonce), images, map and websocket all fit the policy.

Needs the built bundles: `npm run build` first.
"""

import re

import pytest
from playwright.sync_api import Page

from catalog.models import Category, Product

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SETTLE_MS = 800
COLLECT = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (event) => {
  window.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} (${event.sourceFile}:${event.lineNumber})`);
});
"""


@pytest.fixture
def watched(page: Page):
    """The tab, collecting every CSP violation a page reports (DOM event and console)."""
    console: list[str] = []
    page.on(
        "console",
        lambda message: "Content Security Policy" in message.text and console.append(message.text),
    )
    page.add_init_script(COLLECT)
    page.console_violations = console
    return page


def visit(page: Page, path: str) -> list[str]:
    page.console_violations.clear()
    response = page.goto(path)
    assert response is not None and response.ok, (path, response and response.status)
    policy = response.headers.get("content-security-policy", "")
    assert "script-src 'self' 'nonce-" in policy or path.startswith(("/staff/", "/api/docs/")), (path, policy)
    assert "object-src 'none'" in policy, path
    page.wait_for_load_state("load")
    page.wait_for_timeout(SETTLE_MS)
    return page.evaluate("window.__cspViolations") + list(page.console_violations)


def sign_in(page: Page, phone_no: str, password: str) -> None:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", answer.json())


def test_no_page_reports_a_csp_violation(watched: Page, live_server, demo_seeded):
    demo_seeded()
    product = Product.objects.order_by("id").first()
    category = Category.objects.order_by("sequence").first()
    violations: dict[str, list[str]] = {}

    guest_pages = [
        "/",
        "/search?query=rice",
        f"/category/{category.name}",
        f"/product/{product.slug}",
        "/cart",
        "/login",
        "/register",
        "/terms.html",
        "/privacy.html",
        "/payment/failure",
        "/no-such-page",
    ]
    for path in guest_pages:
        violations[path] = visit(watched, path)

    # The customer's pages, with a saved location so the profile shows its map.
    from accounts.models import User

    User.objects.filter(phone_no="9000000002").update(latitude="16.577000", longitude="82.001000")
    sign_in(watched, "9000000002", "customer12345")
    for path in ["/profile", "/shipping", "/payment", "/placeorder"]:
        violations[path] = visit(watched, path)

    sign_in(watched, "9000000001", "admin12345")
    for path in [
        "/admin/orderlist",
        "/admin/productlist",
        "/admin/userlist",
        f"/admin/product/{product.pk}/edit/{product.details.order_by('id').first().pk}",
        f"/admin/user/{User.objects.get(phone_no='9000000002').pk}/edit",
    ]:
        violations[path] = visit(watched, path)

    # Django admin: its login page and, signed in, a list.
    violations["/staff/login/"] = visit(watched, "/staff/login/")
    watched.fill("#id_username", "9000000001")
    watched.fill("#id_password", "admin12345")
    watched.click("input[type=submit]")
    watched.wait_for_url(re.compile(r"/staff/$"))
    violations["/staff/catalog/product/"] = visit(watched, "/staff/catalog/product/")

    assert {path: found for path, found in violations.items() if found} == {}


def test_an_injected_inline_script_is_blocked(watched: Page, live_server):
    """The policy is not decoration: a script without the page's nonce does not run."""
    visit(watched, "/terms.html")
    ran = watched.evaluate(
        """() => new Promise((resolve) => {
             window.__injected = false;
             const script = document.createElement("script");
             script.textContent = "window.__injected = true";
             document.body.appendChild(script);
             setTimeout(() => resolve(window.__injected), 100);
           })"""
    )
    assert ran is False
    assert any("script-src" in found for found in watched.evaluate("window.__cspViolations"))
