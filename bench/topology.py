"""The production topology on loopback ports (issue 32), for bench/cluster.py: its own Redis,
PgBouncer in transaction mode in front of PostgreSQL, web and ws processes as the Procfile starts
them, a Celery worker and beat, and nginx in front, configured from the same templates as the
containers (`deploy/nginx.conf`, `deploy/pgbouncer.ini`). Every process is started in a session
of its own and stopped by its pid (its process group), also when the bench fails half-way.
"""

import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

from harness import OUT, ROOT, procfile_command, request, start_server

DEPLOY = ROOT / "deploy"
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PGBOUNCER = shutil.which("pgbouncer") or "/usr/sbin/pgbouncer"
PLACEHOLDER = re.compile(r"\$\{([A-Z][A-Z0-9_]*)\}")
START_TIMEOUT = 60


def render(template: Path, values: dict[str, object]) -> str:
    """The template with every `${NAME}` replaced (what envsubst does in the containers); a name
    without a value is an error rather than an empty string in the config."""
    text = template.read_text()
    missing = sorted({name for name in PLACEHOLDER.findall(text) if name not in values})
    if missing:
        raise KeyError(f"{template.name} needs {', '.join(missing)}")
    return PLACEHOLDER.sub(lambda match: str(values[match.group(1)]), text)


def upstream_servers(ports: list[int]) -> str:
    """nginx `server` lines: a process that fails once is left out for 5 s (the others take its requests)."""
    return " ".join(f"server 127.0.0.1:{port} max_fails=1 fail_timeout=5s;" for port in ports)


def nginx_values(*, run_dir: Path, listen: str, web_ports: list[int], ws_ports: list[int]) -> dict[str, object]:
    return {
        "LISTEN": listen,
        "RUN_DIR": run_dir,
        "ACCESS_LOG": run_dir / "access.log",
        "MIME_TYPES": "/etc/nginx/mime.types",
        "STATIC_ROOT": ROOT / "staticfiles",
        "MEDIA_ROOT": ROOT / "media",
        "WEB_SERVERS": upstream_servers(web_ports),
        "WS_SERVERS": upstream_servers(ws_ports),
    }


def pgbouncer_values(*, run_dir: Path, database: str, pg_port: int, port: int) -> dict[str, object]:
    return {
        "DB_NAME": database,
        "PG_HOST": "127.0.0.1",
        "PG_PORT": pg_port,
        "LISTEN_ADDR": "127.0.0.1",
        "LISTEN_PORT": port,
        "AUTH_TYPE": "trust",
        "AUTH_FILE": run_dir / "userlist.txt",
        "RUN_DIR": run_dir,
        "LOG_FILE": run_dir / "pgbouncer.log",
        "LOCK_TIMEOUT_MS": 3000,
        "STATEMENT_TIMEOUT_MS": 15000,
    }


def port_is_free(port: int) -> bool:
    import socket

    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def wait_for_port(port: int, process: subprocess.Popen, name: str, log: Path) -> None:
    import socket

    deadline = time.monotonic() + START_TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            sys.exit(f"{name} exited with {process.returncode}; see {log}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.5).close()
            return
        except OSError:
            time.sleep(0.1)
    sys.exit(f"{name} did not listen on {port} in time; see {log}")


class Topology:
    """The processes of one rehearsal, by name; `stop_all` ends every one still running."""

    def __init__(self, run_dir: Path, ports: dict[str, int]):
        self.run_dir = run_dir
        self.ports = ports
        self.processes: dict[str, subprocess.Popen] = {}

    def _spawn(self, name: str, argv: list[str], env: dict[str, str] | None = None) -> subprocess.Popen:
        OUT.mkdir(parents=True, exist_ok=True)
        log = OUT / f"cluster-{name}.log"
        with open(log, "ab") as handle:
            process = subprocess.Popen(
                argv, cwd=ROOT, env=env, stdout=handle, stderr=subprocess.STDOUT, start_new_session=True
            )
        self.processes[name] = process
        return process

    def log(self, name: str) -> Path:
        return OUT / f"cluster-{name}.log"

    # --- the services ---------------------------------------------------------------------------
    def start_redis(self) -> str:
        port = self.ports["redis"]
        folder = self.run_dir / "redis"
        folder.mkdir(exist_ok=True)
        process = self._spawn(
            "redis",
            ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
            + ["--dir", str(folder), "--daemonize", "no"],
        )
        wait_for_port(port, process, "redis-server", self.log("redis"))
        return f"redis://127.0.0.1:{port}/0"

    def start_pgbouncer(self, *, database: str, pg_port: int) -> str:
        folder = self.run_dir / "pgbouncer"
        folder.mkdir(exist_ok=True)
        values = pgbouncer_values(run_dir=folder, database=database, pg_port=pg_port, port=self.ports["pgbouncer"])
        (folder / "userlist.txt").write_text('"postgres" ""\n')
        config = folder / "pgbouncer.ini"
        config.write_text(render(DEPLOY / "pgbouncer.ini", values))
        argv = [PGBOUNCER, str(config)]
        if os.geteuid() == 0:  # PgBouncer will not run as root
            shutil.chown(folder, "postgres")
            argv[1:1] = ["-u", "postgres"]
        process = self._spawn("pgbouncer", argv)
        wait_for_port(self.ports["pgbouncer"], process, "pgbouncer", folder / "pgbouncer.log")
        return f"postgres://postgres@127.0.0.1:{self.ports['pgbouncer']}/{database}"

    def write_nginx_config(self, web: list[str]) -> Path:
        """nginx's config for these web processes (by name) and both ws processes."""
        folder = self.run_dir / "nginx"
        folder.mkdir(exist_ok=True)
        if os.geteuid() == 0:
            folder.chmod(0o777)  # its workers run as nobody and write their temporary files here
        values = nginx_values(
            run_dir=folder,
            listen=f"127.0.0.1:{self.ports['nginx']}",
            web_ports=[self.ports[name] for name in web],
            ws_ports=[self.ports["ws-c"], self.ports["ws-d"]],
        )
        config = folder / "nginx.conf"
        config.write_text(render(DEPLOY / "nginx.conf", values))
        return config

    def start_nginx(self, web: list[str]) -> None:
        config = self.write_nginx_config(web)
        check = subprocess.run(
            [NGINX, "-t", "-p", str(config.parent), "-c", str(config)], capture_output=True, text=True
        )
        if check.returncode != 0:
            sys.exit(f"nginx -t refused the config:\n{check.stderr}")
        process = self._spawn("nginx", [NGINX, "-p", str(config.parent), "-c", str(config), "-g", "daemon off;"])
        wait_for_port(self.ports["nginx"], process, "nginx", config.parent / "error.log")

    def reload_nginx(self, web: list[str]) -> None:
        """Point nginx at these web processes; returns once the new workers answer."""
        config = self.write_nginx_config(web)
        subprocess.run(
            [NGINX, "-p", str(config.parent), "-c", str(config), "-s", "reload"], check=True, capture_output=True
        )
        time.sleep(1.0)  # the old workers finish their requests and leave

    def start_web(self, name: str, env: dict[str, str], *, workers: int) -> None:
        # gunicorn 27's control socket defaults to one path per user (~/.gunicorn/gunicorn.ctl): two
        # web processes on one machine would take it from each other.
        env = {**env, "GUNICORN_CMD_ARGS": f"--control-socket {self.run_dir / name}.ctl"}
        self.processes[name] = start_server(
            env, port=self.ports[name], workers=workers, log_name=f"cluster-{name}", ready_path="/healthz"
        )

    def start_ws(self, name: str, env: dict[str, str], *, workers: int) -> None:
        self.processes[name] = start_server(
            env, port=self.ports[name], workers=workers, log_name=f"cluster-{name}", ready_path="/healthz", process="ws"
        )

    def start_worker(self, env: dict[str, str]) -> None:
        """The Procfile's worker with bench/cluster_hooks.py as its app (the project's Celery app
        plus the pauses scenario (d) kills it in); returns once it says it is ready."""
        line = procfile_command("worker").replace("-A shop", "-A cluster_hooks")
        log = self.log("worker")
        start = log.stat().st_size if log.exists() else 0
        process = self._spawn("worker", ["bash", "-c", f"exec {line}"], env=self._with_path(env))
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if process.poll() is not None:
                sys.exit(f"the Celery worker exited with {process.returncode}; see {log}")
            with open(log, "rb") as handle:
                handle.seek(start)
                if b" ready." in handle.read():
                    return
            time.sleep(0.2)
        sys.exit(f"the Celery worker was not ready in time; see {log}")

    def start_beat(self, env: dict[str, str]) -> None:
        line = f"{procfile_command('beat')} --schedule {self.run_dir / 'celerybeat-schedule'}"
        self._spawn("beat", ["bash", "-c", f"exec {line}"], env=self._with_path(env))

    def _with_path(self, env: dict[str, str]) -> dict[str, str]:
        return {
            **env,
            "PATH": f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
            "PYTHONPATH": f"{ROOT / 'bench'}{os.pathsep}{ROOT}",
        }

    # --- stopping -------------------------------------------------------------------------------
    def kill(self, name: str) -> None:
        """SIGKILL the process and everything it started (its session), and reap it."""
        process = self.processes.pop(name)
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        process.wait(timeout=10)

    def stop(self, name: str) -> None:
        process = self.processes.pop(name, None)
        if process is None or process.poll() is not None:
            return
        try:
            os.killpg(process.pid, signal.SIGTERM)
            process.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=5)
        except ProcessLookupError:
            pass

    def stop_all(self) -> None:
        # The front first, the database's pooler and Redis last.
        order = ["nginx", "beat", "worker", "web-a", "web-b", "ws-c", "ws-d", "pgbouncer", "redis"]
        for name in sorted(self.processes, key=lambda name: order.index(name) if name in order else -1):
            self.stop(name)

    def alive(self, name: str) -> bool:
        return name in self.processes and self.processes[name].poll() is None

    def answers(self, name: str) -> bool:
        try:
            return request(self.ports[name], "GET", "/healthz", timeout=2)[0] == 200
        except OSError:
            return False
