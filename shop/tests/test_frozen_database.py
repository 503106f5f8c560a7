"""Issue 46.1: a PostgreSQL that goes silent while the web process holds pooled connections.

The database's processes frozen with SIGSTOP (a hung disk or a half-open network path looks the
same: the sockets stay open, nothing answers) made `/api/orders/mine`, `/api/products` and `/` wait
as long as the freeze lasted, minutes, with gunicorn logging nothing. The server here is the test's
own (`own_postgres`), never the machine's shared one. With the watchdog (common/db_watchdog.py)
each waiting request answers its 503 within 5 s, and the same worker answers again once the
database is back.
"""

import concurrent.futures
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings

from conftest import free_port
from shop.tests.test_database_down import _request, _wait_for_port

pytestmark = pytest.mark.faults

BASE_DIR = Path(settings.BASE_DIR)


def _environment(database_url: str) -> dict:
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE", "TEST_DATABASE"))
    }
    # Every answer asks the database: no catalog answers shared from the cache.
    return {**env, "DATABASE_URL": database_url, "CATALOG_READ_CACHE_SECONDS": "0"}


def test_a_frozen_database_answers_503_within_five_seconds_and_the_worker_recovers(own_postgres):
    from rest_framework_simplejwt.tokens import AccessToken

    env = _environment(own_postgres.url)
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput"], cwd=BASE_DIR, env=env, check=True, capture_output=True
    )
    token = AccessToken()
    token["user_id"] = 1
    server_port = free_port()
    # The Procfile's web process: gunicorn, gthread, one worker of 2 threads.
    server = subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "shop.wsgi:application", "--bind", f"127.0.0.1:{server_port}"]
        + ["--workers", "1", "--worker-class", "gthread", "--threads", "2", "--timeout", "120"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    calls = [("/api/products", None), ("/api/orders/mine", None, str(token)), ("/", None)]
    try:
        _wait_for_port(server_port)
        for _round in range(2):  # warm: the pool holds its connections, lazy imports are done
            assert _request(server_port, "/api/products")[0] == 200
            _request(server_port, "/")  # 200, or 500 in a checkout whose frontend is not built
        own_postgres.freeze()
        try:
            with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
                answers = list(pool.map(lambda call: (call[0], *_request(server_port, *call)), calls))
        finally:
            own_postgres.thaw()
        thawed = time.monotonic()
        while True:
            back = _request(server_port, "/api/products")[0]
            if back == 200 or time.monotonic() - thawed > 30:
                break
            time.sleep(0.2)
        recovered = time.monotonic() - thawed
    finally:
        server.terminate()
        server.wait(timeout=10)
    for path, status, _body, seconds in answers:
        print(f"frozen database: {path} answered {status} after {seconds:.2f} s")
    print(f"database thawed: /api/products answered 200 again after {recovered:.2f} s")
    for path, status, body, seconds in answers:
        assert seconds < 5, (path, seconds)
        if path.startswith("/api/"):
            assert status == 503, (path, body)
            assert body == {"message": "The shop cannot be reached right now. Please try again in a minute."}
        else:
            # The home page answers the friendly 503 page, or renders without the catalog it could
            # not read (its island fetches it itself), as with a database that is gone.
            assert (status == 503 and "SMLR Mart will be back in a minute" in body) or (
                status == 200 and 'id="island"' in body
            ), (path, status)
    assert back == 200, "the worker did not answer again within 30 s of the database coming back"
