"""Fixtures every app's tests share.

Tests marked `postgres` or `redis` run against the real services when DATABASE_URL / REDIS_URL
point at them (CI sets both) and are skipped, with the reason printed, when they don't.
"""

import os
import socket

import pytest
from django.conf import settings
from django.db import connection


def pytest_collection_modifyitems(config, items):
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    has_redis = bool(settings.REDIS_URL)
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (the CI run does)")
    skip_redis = pytest.mark.skip(reason="needs Redis: set REDIS_URL (the CI run does)")
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(skip_pg)
        if "redis" in item.keywords and not has_redis:
            item.add_marker(skip_redis)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Browser tests run last. Playwright's sync API keeps an event loop running in the main thread
    for as long as the session-wide browser lives, and asyncio tests (the websocket consumers)
    cannot start their own loop after that."""
    session.items.sort(key=lambda item: "browser" in item.keywords)


def free_port() -> int:
    """A loopback port nothing listens on right now, chosen by the kernel (bind to port 0), so
    parallel runs and other helpers' servers never collide on a fixed number."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@pytest.fixture(autouse=True)
def _isolated_services(settings):
    """Each test starts with an empty cache (throttles, OTP locks), runs Celery tasks inline and
    hashes passwords fast (the real hasher costs ~0.3 s a user; test passwords need not resist
    cracking). Tests that exercise the real broker start a worker themselves.
    """
    from django.core.cache import cache

    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from shop.celery import app

    app.conf.task_always_eager = True
    cache.clear()
    yield
    cache.clear()


@pytest.fixture
def sms_outbox(settings):
    """Texts the outbox SMS backend kept, oldest first."""
    from notifications.models import SmsMessage

    settings.SMS_BACKEND = "outbox"

    def texts(phone_no: str | None = None) -> list[str]:
        messages = SmsMessage.objects.order_by("id")
        if phone_no:
            messages = messages.filter(phone_no=phone_no)
        return list(messages.values_list("text", flat=True))

    return texts


@pytest.fixture
def on_postgres() -> bool:
    return connection.vendor == "postgresql"


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def make_user(db):
    """make_user(phone_no="9000000001", password="secret123", name="Asha", is_staff=False)."""
    from accounts.models import User

    counter = {"n": 0}

    def make(phone_no: str | None = None, password: str = "secret-pass-1", **fields):
        counter["n"] += 1
        phone = phone_no or f"98{counter['n']:08d}"
        fields.setdefault("name", f"Customer {counter['n']}")
        return User.objects.create_user(phone, password, **fields)

    return make


@pytest.fixture
def customer(make_user):
    return make_user("9876500001", name="Asha Customer")


@pytest.fixture
def other_customer(make_user):
    return make_user("9876500002", name="Ravi Other")


@pytest.fixture
def admin_user(make_user):
    return make_user("9876500099", name="Lakshmi Admin", is_staff=True)


def client_for(user):
    """An APIClient that sends `user`'s Bearer token, or none for an anonymous visitor."""
    from rest_framework.test import APIClient
    from rest_framework_simplejwt.tokens import RefreshToken

    client = APIClient()
    if user is not None:
        token = RefreshToken.for_user(user).access_token
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


@pytest.fixture
def as_user():
    return client_for


# Browser tests: Playwright drives Debian's Chromium; the ORM is used from the same thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install chromium (scripts/test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh browser tab (desktop size) whose relative URLs go to the live test server."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1440, "height": 900})
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    """A 360-px phone tab."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()
