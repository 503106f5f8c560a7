"""The staff dashboard's answer time at 100,000 orders (issue 27): `GET /api/reports/dashboard`,
uncached, for each period.

    .venv/bin/python bench/dashboard.py [--orders 100000] [--calls 20] [--fresh] [--no-indexes]

What it does, in order:
1. its own PostgreSQL database (`--database-url`, `BENCH_DASHBOARD_DATABASE_URL`, by default
   `bench_dashboard` on 127.0.0.1:5432), kept between runs: migrated, the demo catalog and windows (`seed_demo`), and
   `manage.py seed_orders` until it holds `--orders` seeded orders (timed when it seeds; `--fresh`
   drops it first);
2. with `--no-indexes`, drops the dashboard's indexes (orders migration 0011) for a "before"
   figure, and puts them back at the end;
3. calls the API in this process through Django's test client as the demo admin (the whole
   request: authentication, the figures, the serializer, JSON), `--calls` times per period after
   one warm-up call, and prints the median, p95 and the worst time of each, with the load average
   before and after, and the CPU time each call took in this process and in its PostgreSQL backend
   (a figure that does not grow with the machine's load as wall time does; parallel query is off
   for the session so that the one backend does all of the database's work). Nothing is cached:
   every call runs every query.

Exits non-zero when a period's p95 is at or over 300 ms.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time

from harness import ROOT, cpu_used_since, create_database, database_backends_cpu, environment, percentile, setup_django

TARGET_MS = 300
DATABASE = "bench_dashboard"
INDEXES = ("order_placed_report", "order_cancelled_at", "order_item_report")


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--fresh", action="store_true", help="drop the benchmark's database first")
    parser.add_argument("--no-indexes", action="store_true", help="time without the dashboard's indexes")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_DASHBOARD_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{DATABASE}"),
    )
    return parser.parse_args()


def load() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def manage(env: dict, *args: str) -> None:
    subprocess.run([sys.executable, str(ROOT / "manage.py"), *args], env=env, check=True)


def main() -> int:
    args = parse_args()
    url = args.database_url
    existed = create_database(url, reuse=not args.fresh)
    env = environment(url, production=False, LOG_LEVEL="WARNING")
    manage(env, "migrate", "-v0")
    if not existed:
        manage(env, "seed_demo")
    setup_django(env)

    from django.db import connection

    from demo.users import DEMO_ADMIN
    from orders.models import Order, OrderItem

    seeded = Order.objects.filter(invoice_number__startswith="SEED-").count()
    if seeded < args.orders:
        print(f"seeding {args.orders - seeded} orders (load average {load()})", flush=True)
        started = time.monotonic()
        manage(env, "seed_orders", "--count", str(args.orders - seeded))
        print(f"seeded in {time.monotonic() - started:.1f} s (load average {load()})")
    print(f"{Order.objects.count()} orders, {OrderItem.objects.count()} lines")

    if args.no_indexes:
        with connection.cursor() as cursor:
            for name in INDEXES:
                cursor.execute(f'DROP INDEX IF EXISTS "{name}"')
    try:
        return run(args, admin_phone=DEMO_ADMIN["phone_no"], database_url=url)
    finally:
        if args.no_indexes:
            manage(env, "migrate", "orders", "0010", "-v0")
            manage(env, "migrate", "orders", "-v0")


def run(args, *, admin_phone: str, database_url: str) -> int:
    from django.conf import settings
    from django.db import connection
    from django.test import Client
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import User

    settings.ALLOWED_HOSTS = ["*"]
    with connection.cursor() as cursor:
        # One backend does all the work, so its CPU time is the database's share of each call.
        cursor.execute("SET max_parallel_workers_per_gather = 0")
    token = str(AccessToken.for_user(User.objects.get(phone_no=admin_phone)))
    client = Client(HTTP_AUTHORIZATION=f"Bearer {token}")
    print(f"load average before: {load()}")
    failed = False
    for period in ("today", "7d", "30d"):
        path = f"/api/reports/dashboard?period={period}"
        assert client.get(path).status_code == 200  # warm-up: connection, imports
        times = []
        database_before, python_before = database_backends_cpu(database_url), time.process_time()
        for _ in range(args.calls):
            started = time.perf_counter()
            response = client.get(path)
            times.append((time.perf_counter() - started) * 1000)
            assert response.status_code == 200, response.content[:200]
        python_ms = (time.process_time() - python_before) * 1000 / args.calls
        database_ms = cpu_used_since(database_before, database_backends_cpu(database_url)) * 1000 / args.calls
        p95 = percentile(times, 0.95)
        failed |= p95 >= TARGET_MS
        body = response.json()
        print(
            f"{period:>5}: median {statistics.median(times):6.1f} ms, p95 {p95:6.1f} ms, worst {max(times):6.1f} ms"
            f" ({body['orders']} orders); CPU per call: Python {python_ms:.1f} ms + PostgreSQL {database_ms:.1f} ms"
        )
    print(f"load average after: {load()}")
    print(f"target: p95 under {TARGET_MS} ms per period: {'FAILED' if failed else 'met'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
