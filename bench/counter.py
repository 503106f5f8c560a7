"""A counter bill of 20 lines committed, timed: the issue's target is under 300 ms at p95.

    .venv/bin/python bench/counter.py [--bills 100] [--postgres]

Creates its own database (SQLite file, or PostgreSQL `bench_counter` with --postgres from
DATABASE_URL), migrates it, makes 20 packs with stock, then commits `--bills` bills of those 20
lines (cash, exact amount) one after the other through `counter.services.counter_bill_create`, the
service the API calls (order, 20 lines with GST, stock out under the pack locks, tenders, the
series number). Prints p50/p95/max in ms, the load average before and after, and the CPU count.
"""

import argparse
import os
import statistics
import sys
import tempfile
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--bills", type=int, default=100)
    parser.add_argument("--postgres", action="store_true")
    args = parser.parse_args()
    if args.postgres:
        base = os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/postgres")
        os.environ["DATABASE_URL"] = base.rsplit("/", 1)[0] + "/bench_counter"
        _fresh_postgres(os.environ["DATABASE_URL"])
    else:
        os.environ["DATABASE_URL"] = f"sqlite:///{tempfile.mkdtemp()}/bench_counter.sqlite3"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    from accounts.models import User
    from catalog.models import Category, Detail, Financial, Product
    from counter.models import Counter
    from counter.services import BillLine, TenderIn, counter_bill_create

    category = Category.objects.create(key="bench", name="BENCH", sequence=1)
    packs = []
    for n in range(20):
        product = Product.objects.create(
            name=f"Bench {n}", slug=f"bench-{n}", category=category, hsn_code="1006", gst_rate=5
        )
        detail = Detail.objects.create(product=product, brand="Bench", images=[])
        packs.append(
            Financial.objects.create(
                detail=detail,
                quantity=Decimal(1),
                units="kg",
                price=Decimal("100"),
                dprice=Decimal("95.50"),
                discount=5,
                count_in_stock=1_000_000,
            )
        )
    cashier = User.objects.create_user("9000000999", "bench-pass-1", name="Bench cashier", is_staff=True)
    till = Counter.objects.get_or_create(code="CTR1", defaults={"name": "Counter 1"})[0]
    lines = [BillLine(pack.pk, 1 + n % 3) for n, pack in enumerate(packs)]
    total = sum((pack.dprice * line.qty for pack, line in zip(packs, lines, strict=True)), Decimal("0.00"))

    load_before = os.getloadavg()
    took = []
    for n in range(args.bills):
        start = time.perf_counter()
        counter_bill_create(counter=till, cashier=cashier, lines=lines, tenders=[TenderIn("cash", total)], key=f"b{n}")
        took.append((time.perf_counter() - start) * 1000)
    load_after = os.getloadavg()
    took.sort()
    p95 = took[max(0, round(len(took) * 0.95) - 1)]
    engine = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{args.bills} bills of 20 lines on {engine}, {os.cpu_count()} CPUs")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(f"p50 {statistics.median(took):.1f} ms, p95 {p95:.1f} ms, max {took[-1]:.1f} ms (target p95 < 300 ms)")


def _fresh_postgres(url: str) -> None:
    import psycopg

    admin_url, name = url.rsplit("/", 1)
    with psycopg.connect(admin_url + "/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


if __name__ == "__main__":
    main()
