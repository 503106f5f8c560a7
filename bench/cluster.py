"""The topology past one machine, rehearsed on loopback ports (issue 32).

    .venv/bin/python bench/cluster.py [--quick] [--base-port 8200] [--web-workers 1] [--keep-database]

Starts, each on a loopback port of its own (--base-port and up: nginx +0, web A +1, web B +2,
ws C +3, ws D +4, PgBouncer +5, Redis +6), from the templates in deploy/:
- its own redis-server (no persistence): cache, channel layer and Celery broker;
- Debian's PgBouncer in transaction mode in front of PostgreSQL (its own database `cluster_bench`,
  created, migrated and seeded directly, then reached only through PgBouncer with
  DATABASE_POOLER=pgbouncer);
- the Procfile's web process twice (gunicorn, `--web-workers` workers each) and ws process twice
  (uvicorn), SHOP_ENV=production, DEBUG off, TRUSTED_PROXY_NETWORKS=127.0.0.1/32 (nginx);
- the Procfile's Celery worker (acks late; bench/cluster_hooks.py adds the pauses of (d)) and beat;
- Debian's nginx in front (static and media from disk, /ws/ and /socket.io/ upgraded to the ws
  processes, the rest to the web processes with keepalive; POSTs are never retried by nginx).

Then proves, printing figures and the load average:
(a) oversell: `--clients` shoppers through nginx, so across both web processes, buy the last 10
    units of a pack at once: exactly 10 sold, 0 oversold;
(b) a price changed through web A (the admin API on A's own port) reaches a cart socket open on
    ws B (B's own port): the delay from the change's answer to the socket's productUpdate;
(c) web A killed with SIGKILL in the middle of order placements through nginx: each client retries
    on an error or timeout with the same Idempotency-Key until it has its answer; orders placed ==
    keys, none lost, none doubled; the error rate clients saw around the kill; A is started again;
(d) the Celery worker killed with SIGKILL mid SMS task, once before the send and once after it
    (before the acknowledgement): after a restart each text is in the outbox exactly once;
(e) catalog GETs through nginx with 1 web process, then 2: requests/s, p50/p95, CPU seconds.

Stops every process by its pid at the end, also on Ctrl-C or a failure. Exits non-zero when a
check fails. Logs: bench/out/cluster-*.log; nginx's access log names the upstream of each request.
"""

import argparse
import atexit
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import urlsplit

from cluster_scenarios import Context, oversell, price_reaches_other_ws, seed, throughput, web_killed, worker_killed
from harness import ROOT, create_database, drop_database, environment, setup_django
from topology import NGINX, PGBOUNCER, Topology, port_is_free

PORT_OFFSETS = {"nginx": 0, "web-a": 1, "web-b": 2, "ws-c": 3, "ws-d": 4, "pgbouncer": 5, "redis": 6}


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer clients and shorter runs (about a minute)")
    parser.add_argument("--base-port", type=int, default=8200, help="first of the 7 loopback ports (default 8200)")
    parser.add_argument("--web-workers", type=int, default=1, help="gunicorn workers per web process (default 1)")
    parser.add_argument("--clients", type=int, default=100, help="shoppers in the oversell rush (default 100)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_CLUSTER_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/cluster_bench"),
        help="PostgreSQL itself (its database is dropped and created again); the processes reach it through PgBouncer",
    )
    parser.add_argument("--only", default="abcde", help="the scenarios to run, by letter (default abcde)")
    parser.add_argument("--keep-database", action="store_true", help="leave the database for inspection")
    args = parser.parse_args()
    if args.quick:
        args.clients = min(args.clients, 40)
    return args


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def collect_static(env: dict[str, str]) -> None:
    """nginx serves the collected files: collect them when the build has a bundle they lack."""
    stats = ROOT / "webpack-stats.json"
    if not stats.exists():
        sys.exit("no frontend build: run `npm run build` first")
    assets = json.loads(stats.read_text())["assets"].values()
    if all((ROOT / "staticfiles" / asset["publicPath"].removeprefix("/static/")).exists() for asset in assets):
        return
    print("==> manage.py collectstatic (staticfiles/ lacks bundles of the current build)")
    subprocess.run(
        [sys.executable, "manage.py", "collectstatic", "--noinput", "-v0"], cwd=ROOT, env=env, check=True, timeout=600
    )


def main() -> int:
    args = parse_args()
    for program in (NGINX, PGBOUNCER, shutil.which("redis-server")):
        if not program or not Path(program).exists():
            sys.exit(f"missing {program or 'redis-server'}: apt-get install nginx pgbouncer redis-server")
    ports = {name: args.base_port + offset for name, offset in PORT_OFFSETS.items()}
    taken = [f"{name} {port}" for name, port in ports.items() if not port_is_free(port)]
    if taken:
        sys.exit(f"ports in use: {', '.join(taken)} (choose another --base-port)")

    run_dir = Path(tempfile.mkdtemp(prefix="cluster-"))
    run_dir.chmod(0o755)
    topology = Topology(run_dir, ports)
    atexit.register(topology.stop_all)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # finally and atexit run on a plain kill too

    database_url = args.database_url
    database = urlsplit(database_url).path.lstrip("/")
    pg_port = urlsplit(database_url).port or 5432
    print(f"==> load average before: {load()} ({os.cpu_count()} cores); run dir {run_dir}")
    try:
        redis_url = topology.start_redis()
        common = {
            "REDIS_URL": redis_url,
            "SMS_BACKEND": "outbox",
            "CELERY_TASK_ALWAYS_EAGER": "0",
            "CATALOG_READ_CACHE_SECONDS": "0",  # every catalog answer is built: the web processes' work is measured
            "TRUSTED_PROXY_NETWORKS": "127.0.0.1/32",
            "ALLOWED_HOSTS": "127.0.0.1,localhost",
            "CELERY_VISIBILITY_TIMEOUT_SECONDS": "5",  # (d): a killed worker's task comes back within seconds
            "DB_POOL_MAX_SIZE": "10",
            "LOG_LEVEL": "INFO",
            # The shop's per-customer caps (orders/rules.py) would refuse (c)'s clients after 3 orders each.
            "UNPAID_ORDERS_PER_CUSTOMER": "100000",
            "UNPAID_PACK_UNITS_PER_CUSTOMER": "100000",
            "ORDER_PLACEMENTS_PER_MINUTE": "100000",
        }
        direct = environment(database_url, production=True, **common)
        print(f"==> database {database}: create, migrate, seed (directly on PostgreSQL)")
        create_database(database_url)
        collect_static(direct)
        setup_django(direct)
        from django.core.management import call_command
        from django.db import connections

        call_command("migrate", verbosity=0)
        seeded = seed(customers=args.clients + 20)  # (a) takes the first `clients`, (c) up to 16 more
        connections.close_all()

        pooled_url = topology.start_pgbouncer(database=database, pg_port=pg_port)
        # The same environment (SECRET_KEY included: the seeded tokens are signed with it), through PgBouncer.
        served = {**direct, "DATABASE_URL": pooled_url, "DATABASE_POOLER": "pgbouncer"}
        served["CLUSTER_HOOKS_DIR"] = str(run_dir)
        print(f"==> PgBouncer (transaction mode) 127.0.0.1:{ports['pgbouncer']}, Redis 127.0.0.1:{ports['redis']}")
        for name in ("web-a", "web-b"):
            topology.start_web(name, served, workers=args.web_workers)
        for name in ("ws-c", "ws-d"):
            topology.start_ws(name, served, workers=1)
        topology.start_worker(served)
        topology.start_beat(served)
        topology.start_nginx(["web-a", "web-b"])
        print(
            f"==> nginx 127.0.0.1:{ports['nginx']} -> web A :{ports['web-a']}, web B :{ports['web-b']} "
            f"({args.web_workers} gunicorn worker(s) each), ws C :{ports['ws-c']}, ws D :{ports['ws-d']}; "
            f"Celery worker and beat; load average {load()}"
        )
        context = Context(args=args, topology=topology, served=served, seeded=seeded, run_dir=run_dir)
        results = {}
        for name, scenario in (
            ("(a) oversell", oversell),
            ("(b) price through web A reaches ws B", price_reaches_other_ws),
            ("(c) web A killed mid-load", web_killed),
            ("(d) worker killed mid SMS", worker_killed),
            ("(e) catalog throughput 1 vs 2 web", throughput),
        ):
            if name[1] not in args.only:
                continue
            print(f"\n{name}   (load average {load()})")
            results[name] = scenario(context)
        print()
        for name, ok in results.items():
            print(f"{'ok    ' if ok else 'FAILED'} {name}")
        print(f"load average after: {load()}")
        return 0 if all(results.values()) else 1
    finally:
        topology.stop_all()
        if "django.db" in sys.modules:  # Django was set up: its connections go before the database
            sys.modules["django.db"].connections.close_all()
        if not args.keep_database:
            drop_database(database_url)
        shutil.rmtree(run_dir, ignore_errors=True)


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
