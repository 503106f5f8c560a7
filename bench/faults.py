"""How long the shop takes to answer when PostgreSQL or Redis is gone (issue 9 figures).

Starts the production server (uvicorn) on loopback ports 8490-8494 against: a database port where
nothing listens, a database socket that accepts and never answers, and a Redis port where nothing
listens (with a fresh SQLite database). Prints status and seconds per request; every request loop
is bounded. Run: .venv/bin/python bench/faults.py
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

ROOT = Path(__file__).resolve().parent.parent
PORT = 8490


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


def measure(label: str, env: dict) -> None:
    server = serve(env)
    try:
        for path, body in [
            ("/api/products", None),
            ("/api/users/auth", {"phoneNo": "9000000002", "password": "customer12345"}),
            ("/", None),
            ("/healthz", None),
        ]:
            status, seconds = request(path, body)
            print(f"{label:<28} {path:<18} {status}  {seconds:5.2f} s")
    finally:
        server.terminate()
        server.wait(timeout=10)


def main() -> None:
    measure("database refused", {"DATABASE_URL": "postgres://postgres@127.0.0.1:8491/shop"})
    silent = socket.socket()
    silent.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    silent.bind(("127.0.0.1", 8492))
    silent.listen(64)
    try:
        measure("database silent", {"DATABASE_URL": "postgres://postgres@127.0.0.1:8492/shop"})
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
        measure("redis refused", {**env, "REDIS_URL": "redis://127.0.0.1:8493/0"})


if __name__ == "__main__":
    main()
