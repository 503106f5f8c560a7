"""Issue 46.7: a silent gateway must not starve the catalog.

The audit: while 8 payment starts waited on a gateway that accepted and never answered, a catalog
request took 7.1 s. Here the Procfile's web process (gunicorn, gthread, 2 threads) runs against a
copy of this test's database, with Juspay pointed at a socket that accepts connections and never
says a word; 8 payment starts are posted at once and catalog reads are timed while they wait. The
gateway's lane (payments/gateways/juspay.py) holds at most one thread, gives up within its
deadline and then stops asking, so the catalog answers within 2 s throughout.

Measured on PostgreSQL (load average 3-4): before the lane the catalog read waited 19.9 s and the
starts 20.2 s; after it, catalog reads at most 0.53 s (1.7 s with a 0.25 s wait for the lane), and
the starts answer 502 within 5.1 s. On SQLite the starts queue on the database's one write lock
(503 busy) before they reach the gateway, so there the test passes with or without the lane.
"""

import concurrent.futures
import os
import socket
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.db import connection

from conftest import free_port
from shop.tests.test_database_down import _request, _wait_for_port

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(django_settings.BASE_DIR)
STARTS = 8
CATALOG_WITHIN = 2.0


def database_url_for_a_server(tmp_path: Path) -> str:
    """A DATABASE_URL another process can open holding what this test wrote: the test database
    itself on PostgreSQL, a copy of the in-memory one (SQLite's backup, milliseconds) otherwise."""
    params = django_settings.DATABASES["default"]
    if connection.vendor == "postgresql":
        user, host, port = params.get("USER") or "postgres", params.get("HOST") or "127.0.0.1", params.get("PORT")
        password = f":{params['PASSWORD']}" if params.get("PASSWORD") else ""
        return f"postgres://{user}{password}@{host}:{port or 5432}/{connection.settings_dict['NAME']}"
    connection.ensure_connection()
    path = tmp_path / "copy.sqlite3"
    copy = sqlite3.connect(path)
    connection.connection.backup(copy)
    copy.close()
    return f"sqlite:///{path}"


@pytest.fixture
def silent_gateway():
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    yield f"http://127.0.0.1:{listener.getsockname()[1]}"
    listener.close()


def test_payment_starts_on_a_silent_gateway_leave_the_catalog_served(
    tmp_path, silent_gateway, shopper, place_order, packs
):
    from rest_framework_simplejwt.tokens import AccessToken

    orders = [place_order(shopper, (packs.oil_1l, 1), method="Online") for _ in range(STARTS)]
    token = str(AccessToken.for_user(shopper))
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "TEST_DATABASE", "JUSPAY_"))
    }
    env.update(
        DATABASE_URL=database_url_for_a_server(tmp_path),
        CATALOG_READ_CACHE_SECONDS="0",  # every catalog answer needs a thread and the database
        PAYMENT_GATEWAY="juspay",
        JUSPAY_BASE_URL=silent_gateway,
        JUSPAY_API_KEY="key",
        JUSPAY_MERCHANT_ID="smlr",
        JUSPAY_PAYMENT_PAGE_CLIENT_ID="smlr",
        JUSPAY_RESPONSE_KEY="response-key",
        JUSPAY_TIMEOUT_SECONDS="5",  # the audit's starts gave up after 5.1 s
    )
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "shop.wsgi:application", "--bind", f"127.0.0.1:{port}"]
        + ["--workers", "1", "--worker-class", "gthread", "--threads", "2", "--timeout", "60"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        _wait_for_port(port)
        for _ in range(2):  # warm: lazy imports done, the database opened
            assert _request(port, "/api/products")[0] == 200
        with concurrent.futures.ThreadPoolExecutor(STARTS) as pool:
            started = time.monotonic()
            starts = [
                pool.submit(_request, port, "/api/payments/initiateJuspayPayment", {"order_id": order.public_id}, token)
                for order in orders
            ]
            reads = []
            while not all(start.done() for start in starts) and time.monotonic() - started < 40:
                time.sleep(0.3)
                status, _body, seconds = _request(port, "/api/products")
                reads.append((time.monotonic() - started, status, seconds))
            answers = [start.result(timeout=60) for start in starts]
        took = time.monotonic() - started
    finally:
        server.terminate()
        server.wait(timeout=10)
    statuses = sorted(status for status, _body, _seconds in answers)
    print(
        f"silent gateway: {STARTS} payment starts answered {statuses} within {took:.1f} s, "
        f"slowest {max(s for _st, _b, s in answers):.2f} s"
    )
    print(
        f"catalog reads while they waited: {len(reads)}, slowest {max(s for _t, _st, s in reads):.2f} s, "
        + ", ".join(f"{seconds:.2f}" for _at, _status, seconds in reads[:12])
    )
    assert reads, "no catalog read was made while the starts waited"
    assert {status for _at, status, _seconds in reads} == {200}
    assert max(seconds for _at, _status, seconds in reads) < CATALOG_WITHIN
    assert all(status in (502, 503) for status in statuses), answers
