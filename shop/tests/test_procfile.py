"""The Procfile's `web` and `ws` processes, started as the Procfile writes them: HTTP from
gunicorn's WSGI workers, the websockets from the ASGI process that serves only `/ws/`."""

import http.client
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from websockets.sync.client import connect

from conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


def procfile_command(process: str) -> str:
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        if name.strip() == process:
            return command.strip().replace("0.0.0.0", "127.0.0.1")
    raise AssertionError(f"no {process} process in the Procfile")


def get(port: int, path: str) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.request("GET", path)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


@pytest.fixture
def start(tmp_path):
    """`start("web")` → the port the Procfile's process answers on (a local run's settings, SQLite);
    `start("ws", REDIS_URL=...)` adds variables. `start.processes` are the processes started."""
    started = []
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DATABASE_URL", "REDIS_URL", "SHOP_ENV", "DEBUG"))}
    env.update(
        DATABASE_URL=f"sqlite:///{tmp_path / 'db.sqlite3'}",
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        WEB_CONCURRENCY="1",
    )

    def run(process: str, **variables: str) -> int:
        port = free_port()
        server = subprocess.Popen(
            ["bash", "-c", f"exec {procfile_command(process)}"],
            cwd=ROOT,
            env={**env, **variables, "PORT": str(port), "WS_PORT": str(port)},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
        started.append(server)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            assert server.poll() is None, server.stderr.read().decode()
            try:
                get(port, "/healthz")
                return port
            except OSError:
                time.sleep(0.2)
        raise AssertionError(f"{process} did not start")

    run.processes = started
    yield run
    for server in started:
        if server.poll() is None:
            server.terminate()
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                server.kill()
                server.wait()


def test_web_serves_http_from_gunicorn(start):
    assert procfile_command("web").startswith("gunicorn shop.wsgi:application")
    port = start("web")

    assert get(port, "/api/ping") == (200, b'{"ok":true}')


def test_web_keeps_a_connection_open_between_requests(start):
    """gunicorn's gthread worker: a reverse proxy (or a client) sends request after request on one
    connection; the sync worker closed it after each answer."""
    port = start("web")
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        sockets, answers = set(), []
        for _ in range(3):
            conn.request("GET", "/api/ping")
            response = conn.getresponse()
            answers.append((response.status, response.read()))
            assert response.getheader("Connection", "").lower() != "close"
            sockets.add(conn.sock)
        assert answers == [(200, b'{"ok":true}')] * 3
        assert len(sockets) == 1, "the server closed the connection between requests"
    finally:
        conn.close()


def test_ws_serves_the_cart_socket_and_no_page(start):
    port = start("ws")

    assert get(port, "/api/ping")[0] == 404
    with connect(f"ws://127.0.0.1:{port}/ws/cart/", origin=f"http://127.0.0.1:{port}") as socket:
        socket.send(json.dumps({"type": "clientCart", "items": []}))
        socket.close()


@pytest.mark.redis
def test_ws_stays_healthy_with_shoppers_connected_and_stops_on_sigterm(start):
    """Issue 33.1: the health check once round-tripped through the consumers' own channel layer
    from a thread's event loop; channels-redis refuses a second loop receiving on one layer
    ("Two event loops are trying to receive() on one channel layer at once!"), so /healthz answered
    503 while any socket was open, stayed so, and the check's stuck thread kept the process from
    ending on SIGTERM."""
    port = start("ws", REDIS_URL=os.environ["REDIS_URL"])
    with connect(f"ws://127.0.0.1:{port}/ws/cart/", origin=f"http://127.0.0.1:{port}") as socket:
        socket.send(json.dumps({"type": "clientCart", "cartItems": []}))
        time.sleep(0.5)  # the consumer is receiving on its channel layer
        answers = [get(port, "/healthz") for _ in range(3)]
        assert [status for status, _ in answers] == [200] * 3, answers
        assert get(port, "/healthz")[0] == 200

        [server] = start.processes
        started = time.monotonic()
        server.terminate()  # a shopper still connected
        server.wait(timeout=30)
        assert time.monotonic() - started < 12


def test_web_and_ws_listen_on_loopback_unless_told_otherwise():
    """Issue 46.5: the Procfile and the image bound gunicorn and uvicorn to 0.0.0.0, so a client
    could reach them past the proxy. Loopback by default; `BIND_ADDRESS` changes it (compose.yaml
    sets the container's own address, which only nginx's network reaches)."""
    for name in ("Procfile", "Dockerfile"):
        text = (ROOT / name).read_text()
        assert "0.0.0.0" not in text, name
    procfile = (ROOT / "Procfile").read_text()
    assert "--bind ${BIND_ADDRESS:-127.0.0.1}:" in procfile
    assert "--host ${BIND_ADDRESS:-127.0.0.1} " in procfile
    assert "--bind ${BIND_ADDRESS:-127.0.0.1}:" in (ROOT / "Dockerfile").read_text()
