"""The offline page (frontend/public/offline.html, issue 31): the service worker shows it when there
is neither network nor a stored copy of the page. It is styled, speaks the shopper's language and its
"Try again" reloads, all under the shop's Content-Security-Policy (no inline style or handler).

Served here as the shop serves it, with the pages' policy added (the file itself is static).
"""

import pytest
from playwright.sync_api import Page, expect

from shop.csp import content_security_policy

from .conftest import DESKTOP, PHONE, offline_tab

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def open_offline_page(browser, live_server, viewport, language: str) -> tuple[Page, list[str]]:
    page = offline_tab(browser, live_server, viewport)
    policy = content_security_policy(nonce="not-used-by-this-page", path="/")

    def with_policy(route):
        answer = route.fetch()
        route.fulfill(response=answer, headers={**answer.headers, "content-security-policy": policy})

    page.route("**/static/offline.html", with_policy)
    refused: list[str] = []
    page.on("console", lambda message: "Content Security Policy" in message.text and refused.append(message.text))
    if language != "en":
        page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto("/static/offline.html")
    return page, refused


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_offline_page_is_styled_and_try_again_reloads(browser, live_server, viewport):
    page, refused = open_offline_page(browser, live_server, viewport, "en")
    expect(page.get_by_role("heading", name="You are offline")).to_be_visible()
    button = page.get_by_role("button", name="Try again")
    assert button.evaluate("(element) => getComputedStyle(element).backgroundColor") == "rgb(27, 127, 59)"

    page.evaluate("() => { window.__beforeReload = true; }")
    with page.expect_navigation():
        button.click()
    assert page.evaluate("() => window.__beforeReload") is None
    assert refused == []
    page.context.close()


def test_the_offline_page_speaks_telugu_when_the_shopper_chose_it(browser, live_server):
    page, refused = open_offline_page(browser, live_server, PHONE, "te")
    expect(page.get_by_role("heading", name="మీరు ఆఫ్‌లైన్‌లో ఉన్నారు")).to_be_visible()
    expect(page.get_by_text("You are offline")).to_be_hidden()
    assert page.evaluate("() => document.documentElement.lang") == "te"
    with page.expect_navigation():
        page.get_by_role("button", name="మళ్లీ ప్రయత్నించండి").click()
    assert refused == []
    page.context.close()
