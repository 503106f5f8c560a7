"""Field data (issue 34) end to end: a shopper's page loads lib/vitals.js (web-vitals) when the
browser is idle, and hiding the page sends one beacon that the server counts under the page's
kind, in its language, with nothing about the shopper."""

import json

import pytest
from django.conf import settings

from common.models import VitalCount

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def bundle_url(chunk: str) -> str:
    names = json.loads((settings.BASE_DIR / "frontend" / "build" / "bundles" / "chunk-names.json").read_text())
    [file] = [file for file, name in names.items() if name == chunk and file.endswith(".js")]
    return f"{settings.STATIC_URL}bundles/{file}"


def test_hiding_a_page_sends_its_vitals_once(phone, live_server):
    phone.context.add_cookies([{"name": "django_language", "value": "te", "url": live_server.url}])
    phone.goto("/cart?coupon=SECRET7")
    phone.wait_for_load_state("load")
    # lib/vitals.js comes at the first input (or when the browser is idle) and starts as it runs.
    phone.dispatch_event("body", "pointerdown")
    phone.wait_for_function(
        "(file) => performance.getEntriesByType('resource').some((entry) => entry.name.endsWith(file))",
        arg=bundle_url("vitals"),
    )
    phone.wait_for_timeout(300)

    # The shopper switches apps: the page is hidden (as the browser tells the page's listeners).
    # The database is read once the beacon is answered: SQLite's shared in-memory test database
    # would refuse the server's write while the test polled it.
    with phone.expect_request_finished(lambda request: request.url.endswith("/api/vitals")) as finished:
        phone.evaluate(
            """() => {
                Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
                document.dispatchEvent(new Event("visibilitychange"));
            }"""
        )

    beacon = finished.value
    assert beacon.response().status == 204
    # Only this page view's counts: a beacon from an earlier test's page, closed as that test ended,
    # may reach the shared live server after that test's database was emptied.
    rows = dict(VitalCount.objects.filter(page="cart", language="te").values_list("metric", "count"))
    assert {"FCP", "TTFB"} <= set(rows) and set(rows.values()) == {1}, rows
    assert '"language":"te"' in beacon.post_data
    assert beacon.headers["content-type"].startswith("text/plain")
    assert '"page":"cart"' in beacon.post_data
    assert "SECRET7" not in beacon.post_data and "/cart" not in beacon.post_data
