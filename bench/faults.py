"""How long the shop takes to answer when PostgreSQL or Redis is gone (issue 9 figures).

Starts the server (uvicorn) on a free loopback port against: a database port where nothing
listens, a database socket that accepts and never answers, and a Redis port where nothing listens
(with a fresh SQLite database). Prints status and seconds per request beside its target (the API
answers a JSON 503 within 6 s and /healthz within 5 s when the database is gone; with Redis gone
everything answers as usual, within 2.5 s); every request loop is bounded. Run:
.venv/bin/python bench/faults.py
"""

import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from harness import free_port

ROOT = Path(__file__).resolve().parent.parent
PORT = free_port()
# (status, seconds) each answer should be within, per fault.
TARGETS = {
    "database": {"/api/products": (503, 6), "/api/users/auth": (503, 6), "/": (None, 6), "/healthz": (503, 5)},
    "redis": {"/api/products": (200, 2.5), "/api/users/auth": (200, 2.5), "/": (200, 2.5), "/healthz": (503, 5)},
}


def request(path: str, body: dict | None = None) -> tuple[int, float]:
    data = json.dumps(body).encode() if body is not None else None
    req = urllib.request.Request(
        f"http://127.0.0.1:{PORT}{path}", data=data, headers={"Content-Type": "application/json"}
    )
    started = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            status = response.status
    except urllib.error.HTTPError as error:
        status = error.code
    return status, time.monotonic() - started


def serve(env: dict) -> subprocess.Popen:
    base = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "REDIS_URL")}
    server = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "shop.asgi:application", "--port", str(PORT), "--lifespan", "off"]
        + ["--log-level", "critical"],
        cwd=ROOT,
        env={**base, **env},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", PORT), timeout=0.2).close()
            return server
        except OSError:
            time.sleep(0.2)
    raise RuntimeError("server did not start")


def measure(label: str, env: dict, targets: dict) -> None:
    server = serve(env)
    try:
        for path, body in [
            ("/api/products", None),
            ("/api/users/auth", {"phoneNo": "9000000002", "password": "customer12345"}),
            ("/", None),
            ("/healthz", None),
        ]:
            status, seconds = request(path, body)
            want_status, want_seconds = targets[path]
            missed = seconds > want_seconds or (want_status is not None and status != want_status)
            target = f"target {want_status or 'any'} within {want_seconds:g} s"
            print(
                f"{label:<18} {path:<18} {status}  {seconds:5.2f} s   {target}{'  (target missed)' if missed else ''}"
            )
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    measure(
        "database refused", {"DATABASE_URL": f"postgres://postgres@127.0.0.1:{free_port()}/shop"}, TARGETS["database"]
    )
    silent = socket.socket()
    silent.bind(("127.0.0.1", 0))
    silent.listen(64)
    try:
        silent_url = f"postgres://postgres@127.0.0.1:{silent.getsockname()[1]}/shop"
        measure("database silent", {"DATABASE_URL": silent_url}, TARGETS["database"])
    finally:
        silent.close()
    with tempfile.TemporaryDirectory() as folder:
        database = f"sqlite:///{folder}/shop.sqlite3"
        env = {"DATABASE_URL": database}
        subprocess.run([sys.executable, "manage.py", "migrate", "-v0"], cwd=ROOT, env={**os.environ, **env}, check=True)
        subprocess.run(
            [sys.executable, "manage.py", "seed_demo"],
            cwd=ROOT,
            env={**os.environ, **env},
            check=True,
            capture_output=True,
        )
        measure("redis refused", {**env, "REDIS_URL": f"redis://127.0.0.1:{free_port()}/0"}, TARGETS["redis"])


if __name__ == "__main__":
    main()
