"""Gates in a real browser (issue 11 "Bugs"), counting page loads.

A signed-in customer who opens an admin link lands on the login page, which says who is signed in
and asks for an admin account: one redirect, never a loop, whatever the route and query string.
A 401 on a signed-in page clears the login info and goes to /login?redirect=..., and the shopper
never reads the framework's token error.

Needs the built bundles: `npm run build` first.
"""

import json
from urllib.parse import parse_qs, urlsplit

import pytest
from playwright.sync_api import Page, expect

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

SETTLE_MS = 2500


def count_page_loads(page: Page) -> list[str]:
    """Every document the tab loads from now on, in order."""
    loads: list[str] = []
    page.on("request", lambda request: request.is_navigation_request() and loads.append(request.url))
    return loads


def store_login(page: Page, info: dict) -> None:
    """Put login info into the browser as the login form does, from a page with no gate."""
    page.goto("/terms.html")
    page.evaluate("(info) => localStorage.setItem('userInfo', JSON.stringify(info))", info)


def login_info(page: Page, phone_no: str, password: str) -> dict:
    answer = page.request.post("/api/users/auth", data={"phoneNo": phone_no, "password": password})
    assert answer.ok, answer.text()
    return answer.json()


@pytest.mark.parametrize(
    "admin_path",
    [
        "/admin/orderlist",
        "/admin/orderlist?status=packed&pageNumber=2",
        "/admin/userlist",
        "/admin/productlist/3",
        "/admin/product/rice/edit/3",
        "/admin/user/1/edit",
    ],
)
def test_a_signed_in_customer_on_an_admin_link_lands_once_on_the_login_page(page: Page, make_user, admin_path):
    make_user("9000000042", "customer-pass-1", name="Asha Customer")
    store_login(page, login_info(page, "9000000042", "customer-pass-1"))
    loads = count_page_loads(page)

    page.goto(admin_path)
    expect(page.get_by_text("You are signed in as")).to_contain_text(
        "You are signed in as Asha Customer (9000000042). This page needs an admin account."
    )
    page.wait_for_timeout(SETTLE_MS)

    assert len(loads) == 2, loads  # the admin link, then the login page: no second redirect
    landed = urlsplit(page.url)
    assert (landed.path, parse_qs(landed.query)["redirect"]) == ("/login", [admin_path])
    expect(page.locator("#island").get_by_role("button", name="Sign in with an admin account")).to_be_visible()


def test_the_customer_can_sign_in_as_an_admin_from_there(page: Page, make_user):
    make_user("9000000042", "customer-pass-1", name="Asha Customer")
    make_user("9000000001", "admin-pass-1", name="Shop Admin", is_staff=True)
    store_login(page, login_info(page, "9000000042", "customer-pass-1"))
    page.goto("/admin/orderlist")
    island = page.locator("#island")
    island.get_by_role("button", name="Sign in with an admin account").click()
    island.get_by_label("Phone Number").fill("9000000001")
    island.get_by_label("Password", exact=True).fill("admin-pass-1")
    island.get_by_role("button", name="Sign In").click()
    expect(page).to_have_url("/admin/orderlist")
    expect(page.get_by_role("heading", name="Orders")).to_be_visible()


def test_a_401_on_the_profile_page_signs_out_and_goes_to_login(page: Page, make_user):
    make_user("9000000042", "customer-pass-1", name="Asha Customer")
    info = login_info(page, "9000000042", "customer-pass-1")
    # A token the server no longer accepts (signed with another key, say).
    store_login(page, {**info, "token": info["token"][:-4] + "AAAA"})
    page.evaluate("() => localStorage.setItem('shippingAddress', JSON.stringify({street: 'x'}))")
    loads = count_page_loads(page)

    page.goto("/profile")
    expect(page).to_have_url("/login?redirect=/profile")
    expect(page.locator("#island").get_by_role("heading", name="Sign In")).to_be_visible()
    page.wait_for_timeout(SETTLE_MS)

    assert len(loads) == 2, loads
    assert page.evaluate("() => localStorage.getItem('userInfo')") is None
    assert json.loads(page.evaluate("() => localStorage.getItem('cart')"))["shippingAddress"] == {}
    expect(page.get_by_text("Given token not valid")).to_have_count(0)
    expect(page.get_by_text("token", exact=False)).to_have_count(0)
