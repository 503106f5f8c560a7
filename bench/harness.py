"""What every benchmark here shares: its own PostgreSQL database, the shop served the production
way (the Procfile's own commands, SHOP_ENV=production, DEBUG off) on a free loopback port, plain
HTTP requests to it, and percentiles.
"""

import http.client
import json
import os
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench" / "out"
SERVER_START_TIMEOUT = 60
# Variables of the caller's shell that would point the benchmark at other services.
FOREIGN_PREFIXES = ("DATABASE_", "DJANGO_", "REDIS_", "CELERY_", "CATALOG_", "SMS_")


def _admin_url(url: str) -> tuple[str, str]:
    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name.replace("_", "").isalnum():
        sys.exit(f"refusing odd database name {name!r}")
    return urlunsplit(parts._replace(path="/postgres")), name


def create_database(url: str, *, reuse: bool = False) -> bool:
    """Create the benchmark's database, dropping a leftover one unless `reuse`. True when it existed."""
    import psycopg

    admin_url, name = _admin_url(url)
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone() is not None
        if exists and reuse:
            return True
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    return False


def drop_database(url: str) -> None:
    import psycopg

    admin_url, name = _admin_url(url)
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def environment(database_url: str, *, production: bool, **extra: str) -> dict[str, str]:
    """This process's environment without foreign service variables, pointed at `database_url`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith(FOREIGN_PREFIXES)}
    env.update(DJANGO_SETTINGS_MODULE="shop.settings", DATABASE_URL=database_url, PYTHONPATH=str(ROOT))
    if production:
        env.update(
            SHOP_ENV="production",
            DEBUG="0",
            SECRET_KEY=secrets.token_urlsafe(50),
            ALLOWED_HOSTS="127.0.0.1",
            SECURE_SSL_REDIRECT="0",
            LOG_LEVEL="WARNING",
            CELERY_TASK_ALWAYS_EAGER="1",
        )
    env.update(extra)
    return env


def setup_django(env: dict[str, str]) -> None:
    """Use `env` for this process too and set Django up (for filling and checking the database)."""
    os.environ.clear()
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def request(
    port: int, method: str, path: str, *, body: dict | None = None, headers: dict | None = None, timeout: float = 30
) -> tuple[int, bytes]:
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
    try:
        all_headers = {"Host": "127.0.0.1", **(headers or {})}
        payload = None
        if body is not None:
            all_headers["Content-Type"] = "application/json"
            payload = json.dumps(body)
        conn.request(method, path, body=payload, headers=all_headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


# The web process before issue 17 (HTTP and websockets from uvicorn's ASGI workers), kept so that
# bench/catalog_api.py can measure the Procfile's web process against it in the same run.
ASGI_WEB_COMMAND = (
    "uvicorn shop.asgi:application --host 0.0.0.0 --port ${PORT:-8000} --workers ${WEB_CONCURRENCY:-2} "
    "--no-proxy-headers --lifespan off"
)


def procfile_command(process: str) -> str:
    """The Procfile's command line for `process` (`web`, `ws`, ...)."""
    for line in (ROOT / "Procfile").read_text().splitlines():
        name, _, command = line.partition(":")
        if name.strip() == process:
            return command.strip()
    sys.exit(f"the Procfile has no {process!r} process")


def start_server(
    env: dict[str, str],
    *,
    port: int,
    workers: int,
    log_name: str,
    ready_path: str,
    process: str = "web",
    command: str | None = None,
) -> subprocess.Popen:
    """The Procfile's `process` (or `command`, a Procfile-style line) on a loopback port, with
    WEB_CONCURRENCY (or WS_CONCURRENCY) `workers`; returns once `ready_path` answers 200.

    The command runs as the Procfile writes it, through the shell, with this virtualenv's
    programs first on PATH and `0.0.0.0` narrowed to the loopback address."""
    OUT.mkdir(parents=True, exist_ok=True)
    log_path = OUT / f"{log_name}-server.log"
    line = (command or procfile_command(process)).replace("0.0.0.0", "127.0.0.1")
    program = shlex.split(line)[0]
    env = {
        **env,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        "PORT": str(port),
        "WS_PORT": str(port),
        "WEB_CONCURRENCY": str(workers),
        "WS_CONCURRENCY": str(workers),
    }
    with open(log_path, "wb") as log:
        server = subprocess.Popen(
            ["bash", "-c", f"exec {line}"],
            cwd=ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    deadline = time.monotonic() + SERVER_START_TIMEOUT
    while time.monotonic() < deadline:
        if server.poll() is not None:
            sys.exit(f"{program} exited with {server.returncode}; see {log_path}")
        try:
            if request(port, "GET", ready_path)[0] == 200:
                return server
        except OSError:
            pass
        time.sleep(0.2)
    stop_server(server)
    sys.exit(f"{program} did not answer {ready_path} in time; see {log_path}")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(timeout=5)


def _cpu_seconds(stat_fields: list[str]) -> float:
    return (int(stat_fields[11]) + int(stat_fields[12])) / os.sysconf("SC_CLK_TCK")


def _stat_fields(pid: int | str) -> list[str] | None:
    """/proc/PID/stat after the command: state ppid pgrp session ... utime (12th) stime (13th)."""
    try:
        return Path("/proc", str(pid), "stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None


def process_cpu_seconds(pid: int) -> float:
    """CPU seconds (user + system, all threads) a living process has used so far; 0 when gone."""
    fields = _stat_fields(pid)
    return _cpu_seconds(fields) if fields else 0.0


def database_backends_cpu(database_url: str) -> dict[int, float]:
    """{pid: CPU seconds so far} of the PostgreSQL backends serving `database_url`'s database
    (PostgreSQL runs on this machine), this look-up's own left out."""
    import psycopg

    admin_url, name = _admin_url(database_url)
    with psycopg.connect(admin_url, autocommit=True, connect_timeout=10) as conn:
        pids = [
            row[0]
            for row in conn.execute(
                "SELECT pid FROM pg_stat_activity WHERE datname = %s AND backend_type = 'client backend'", [name]
            )
        ]
    return {pid: process_cpu_seconds(pid) for pid in pids}


def cpu_used_since(before: dict[int, float], after: dict[int, float]) -> float:
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def process_group_cpu_seconds(server: subprocess.Popen) -> float:
    """CPU seconds (user + system) used so far by the server's processes (its session: the master
    and its workers; living processes only). Requests per CPU-second do not depend on how busy
    the rest of the machine is, as requests per second do."""
    total = 0.0
    for entry in os.scandir("/proc"):
        if entry.name.isdigit() and (fields := _stat_fields(entry.name)) and int(fields[3]) == server.pid:
            total += _cpu_seconds(fields)
    return total


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile (`share` 0.5 for p50, 0.95 for p95)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(share * len(ordered)) - 1))]
