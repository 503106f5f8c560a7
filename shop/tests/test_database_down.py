"""PostgreSQL unreachable: the API answers a JSON 503 within a few seconds, /healthz within 5 s.

A real server process (uvicorn, as in production) is started with DATABASE_URL pointing at a port
where nothing listens, and at one where a socket accepts connections but never answers (a hung
or firewalled server). No database is needed, so this runs on every machine.
"""

import concurrent.futures
import json
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import settings

from conftest import free_port

pytestmark = pytest.mark.faults

BASE_DIR = Path(settings.BASE_DIR)


def _wait_for_port(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


def _request(port: int, path: str, body: dict | None = None, token: str = "") -> tuple[int, dict | str, float]:
    data = json.dumps(body).encode() if body is not None else None
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=data, headers=headers)
    started = time.monotonic()
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, raw = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, raw = error.code, error.read()
    seconds = time.monotonic() - started
    return status, json.loads(raw) if raw.startswith(b"{") else raw.decode(), seconds


@pytest.fixture
def silent_port():
    """A port whose socket accepts TCP connections into its backlog and never says a word."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    yield listener.getsockname()[1]
    listener.close()


@pytest.fixture
def database_port(request, silent_port):
    """Where the server looks for PostgreSQL: a port nobody listens on, or the silent socket."""
    return free_port() if request.param == "refused" else silent_port


def _server(server_port: int, database_port: int):
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"))
    }
    env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:{database_port}/shop"
    return subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "shop.asgi:application", "--port", str(server_port)]
        + ["--no-proxy-headers", "--lifespan", "off", "--log-level", "warning"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )


@pytest.mark.parametrize("database_port", ["refused", "silent"], indirect=True)
def test_an_unreachable_database_answers_json_503_quickly(database_port):
    from rest_framework_simplejwt.tokens import AccessToken

    token = AccessToken()
    token["user_id"] = 1  # signed with the same local key as the server's; checking it needs the database
    server_port = free_port()
    server = _server(server_port, database_port)
    try:
        _wait_for_port(server_port)
        # The process's first request pays for lazy imports (seconds on a loaded machine); what is
        # timed here is how long a shopper waits once the server runs, so warm it up first.
        assert _request(server_port, "/api/ping")[0] == 200
        calls = [
            ("/api/products", None),
            ("/api/users/auth", {"phoneNo": "9000000002", "password": "customer12345"}),
            ("/api/orders/mine", None, str(token)),
            ("/healthz", None),
            ("/", None),
        ]
        with concurrent.futures.ThreadPoolExecutor(len(calls)) as pool:
            answers = dict(
                zip(
                    [call[0] for call in calls], pool.map(lambda call: _request(server_port, *call), calls), strict=True
                )
            )
    finally:
        server.terminate()
        server.wait(timeout=10)
    for path in ("/api/products", "/api/users/auth", "/api/orders/mine"):
        status, body, seconds = answers[path]
        assert status == 503, (path, body)
        assert body == {"message": "The shop cannot be reached right now. Please try again in a minute."}
        assert seconds < 6, (path, seconds)
    status, body, seconds = answers["/healthz"]
    assert status == 503
    assert body["database"] in ("error", "timeout")
    assert seconds < 5
    # The home page still renders, its island fetching the catalog itself, after one wait for the
    # database rather than one per answer it would have carried (16 s before, bench/faults.py).
    status, body, seconds = answers["/"]
    assert status == 200 and 'id="island"' in body
    assert seconds < 8, seconds


def _web_process(server_port: int, database_port: int):
    """The Procfile's web process (gunicorn, gthread): one worker of 2 threads."""
    env = {
        key: value
        for key, value in os.environ.items()
        if not key.startswith(("DATABASE_URL", "REDIS_URL", "DJANGO_SETTINGS_MODULE"))
    }
    env["DATABASE_URL"] = f"postgres://postgres@127.0.0.1:{database_port}/shop"
    return subprocess.Popen(
        [sys.executable, "-m", "gunicorn", "shop.wsgi:application", "--bind", f"127.0.0.1:{server_port}"]
        + ["--workers", "1", "--worker-class", "gthread", "--threads", "2", "--timeout", "60"],
        cwd=BASE_DIR,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )


@pytest.mark.parametrize("database_port", ["silent"], indirect=True)
def test_twenty_clients_at_once_get_their_503_quickly_from_the_web_process(database_port):
    """Issue 33.8: each request held one of the process's threads for the connect timeout, so 20
    clients queued (503s after 12 s, /healthz after 23.7 s) and pages gave an HTML 500. After the
    first failure the breaker answers at once; pages answer the friendly 503 page."""
    server_port = free_port()
    server = _web_process(server_port, database_port)
    try:
        _wait_for_port(server_port)
        assert _request(server_port, "/api/ping")[0] == 200
        paths = ["/api/products"] * 15 + ["/product/1"] * 4 + ["/healthz"]
        with concurrent.futures.ThreadPoolExecutor(len(paths)) as pool:
            answers = list(pool.map(lambda path: (path, *_request(server_port, path)), paths))
    finally:
        server.terminate()
        server.wait(timeout=10)
    slowest = max(seconds for _path, _status, _body, seconds in answers)
    assert all(status == 503 for _path, status, _body, _seconds in answers), answers
    pages = [body for path, _status, body, _seconds in answers if path == "/product/1"]
    assert all("SMLR Mart will be back in a minute" in body for body in pages)
    assert slowest < 9, sorted(seconds for *_rest, seconds in answers)
