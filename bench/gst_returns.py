"""GSTR-1 of a period of many orders (issue 43): its build time and peak Python memory.

    .venv/bin/python bench/gst_returns.py [--orders 100000] [--fresh]

Its own PostgreSQL database (`BENCH_BOOKS_DATABASE_URL`, by default `bench_books` on 127.0.0.1:5432),
kept between runs: migrated, the demo catalog (`seed_demo`) and `manage.py seed_orders --days 30`
until it holds `--orders` seeded orders. Then it builds the quarter holding them (`books.gstr1`,
streamed) under `tracemalloc` and prints the seconds, the peak memory, the invoices and the load
average. Exits non-zero at or over 60 s (the issue's target) .
"""

import argparse
import os
import subprocess
import sys
import time
import tracemalloc

from harness import ROOT, create_database, environment, setup_django

TARGET_S = 60
DATABASE = "bench_books"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--orders", type=int, default=100_000)
    parser.add_argument("--fresh", action="store_true")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_BOOKS_DATABASE_URL", f"postgres://postgres@127.0.0.1:5432/{DATABASE}"),
    )
    args = parser.parse_args()
    existed = create_database(args.database_url, reuse=not args.fresh)
    env = environment(args.database_url, production=False, LOG_LEVEL="WARNING")
    run = lambda *a: subprocess.run([sys.executable, str(ROOT / "manage.py"), *a], env=env, check=True)  # noqa: E731
    run("migrate", "-v0")
    if not existed:
        run("seed_demo")
    setup_django(env)
    from books.gstr1 import gstr1
    from books.periods import today_in_india
    from orders.models import Order

    have = Order.objects.count()
    if have < args.orders:
        started = time.perf_counter()
        run("seed_orders", "--count", str(args.orders - have), "--days", "30")
        print(f"seeded {args.orders - have} orders in {time.perf_counter() - started:.1f} s")
    today = today_in_india()
    quarter_end = {1: 3, 2: 3, 3: 3, 4: 6, 5: 6, 6: 6, 7: 9, 8: 9, 9: 9}.get(today.month, 12)
    from books.periods import period_of

    # The quarter of today and, when the 30 days reach back into the quarter before, that one too.
    period = period_of(f"{quarter_end:02d}{today.year}", quarterly=True)
    load_before = os.getloadavg()[0]
    tracemalloc.start()
    started = time.perf_counter()
    built = gstr1(period)
    data = built.as_json()
    seconds = time.perf_counter() - started
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(
        f"GSTR-1 {period.first}..{period.last}: {built.counts['invoices']} invoices, "
        f"{built.counts.get('credit_notes', 0)} notes, {len(data['b2cs'])} b2cs rows in {seconds:.1f} s, "
        f"peak Python memory {peak / 2**20:.1f} MiB (load {load_before:.1f} → {os.getloadavg()[0]:.1f})"
    )
    return 0 if seconds < TARGET_S else 1


if __name__ == "__main__":
    sys.exit(main())
