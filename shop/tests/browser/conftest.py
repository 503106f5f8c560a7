"""What the shop's browser tests share: the demo catalog, and phone (390 x 844) and desktop
(1280 x 800) tabs that reach only the live test server (map tiles and third-party scripts fail
fast, offline)."""

import pytest
from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.fixture
def demo_catalog(live_server, demo_seeded):
    """The demo catalog and accounts, as `manage.py seed_demo` leaves them (put back from the
    session's copy when it can be: conftest.py's `_DemoSnapshot`)."""
    demo_seeded()


def offline_tab(browser, live_server, viewport) -> Page:
    phone = viewport["width"] < 600
    context = browser.new_context(base_url=live_server.url, viewport=viewport, is_mobile=phone, has_touch=phone)
    context.set_default_timeout(10_000)

    def only_our_server(route):
        if route.request.url.startswith(live_server.url):
            route.continue_()
        else:
            route.abort()

    context.route("**/*", only_our_server)
    return context.new_page()


@pytest.fixture
def phone(browser, live_server):
    tab = offline_tab(browser, live_server, PHONE)
    yield tab
    tab.context.close()


@pytest.fixture
def desktop(browser, live_server):
    tab = offline_tab(browser, live_server, DESKTOP)
    yield tab
    tab.context.close()
