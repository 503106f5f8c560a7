"""A counter bill of 20 lines committed, timed: the issue's target is under 300 ms at p95; and a
day of 1,000 bills does not slow the counter (p95 of the first and the last 100 bills) nor the
website's placement (an online order of 5 lines placed before and after the day, timed).

    .venv/bin/python bench/counter_bills.py [--bills 1000] [--postgres]

(Named counter_bills.py, not counter.py: run as a script, bench/ comes first on the path, and a
bench/counter.py would shadow the counter app it measures.)

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
    parser.add_argument("--bills", type=int, default=1000)
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
    import logging

    logging.disable(logging.INFO)  # one line per bill would be most of the output
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

    placement_before = _placements(packs[:5], first_phone=9000001000)

    load_before = os.getloadavg()
    took = []
    for n in range(args.bills):
        start = time.perf_counter()
        counter_bill_create(counter=till, cashier=cashier, lines=lines, tenders=[TenderIn("cash", total)], key=f"b{n}")
        took.append((time.perf_counter() - start) * 1000)
    load_after = os.getloadavg()
    placement_after = _placements(packs[:5], first_phone=9000002000)
    window = min(100, len(took))
    first, last = sorted(took[:window]), sorted(took[-window:])
    took.sort()
    p95 = _p95(took)
    engine = "PostgreSQL" if args.postgres else "SQLite"
    print(f"{args.bills} bills of 20 lines on {engine}, {os.cpu_count()} CPUs")
    print(f"load average before {load_before[0]:.2f}, after {load_after[0]:.2f}")
    print(f"p50 {statistics.median(took):.1f} ms, p95 {p95:.1f} ms, max {took[-1]:.1f} ms (target p95 < 300 ms)")
    print(f"first {window} bills p95 {_p95(first):.1f} ms, last {window} bills p95 {_p95(last):.1f} ms")
    print(f"website placement (5 lines) median before the day {placement_before}, after {placement_after}")


def _p95(took: list[float]) -> float:
    return sorted(took)[max(0, round(len(took) * 0.95) - 1)]


def _placements(packs, *, first_phone: int, times: int = 20) -> str:
    """The median ms of `times` online orders (each its own shopper) placed through checkout's one
    placement service."""
    from accounts.models import User
    from checkout.placement import Address, LineRequest, Totals, order_place

    took = []
    for n in range(times):
        shopper = User.objects.create_user(
            str(first_phone + n),
            "bench-pass-2",
            name="Bench shopper",
            street="Main Road",
            city="Amalapuram",
            postal_code="533201",
        )
        total = sum((pack.dprice for pack in packs), Decimal("0.00"))
        start = time.perf_counter()
        try:
            order_place(
                user=shopper,
                items=[
                    LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)
                    for pack in packs
                ],
                shipping_address=Address(street=shopper.street, city=shopper.city, postal_code=shopper.postal_code),
                payment_method="Cash Or UPI",
                client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
            )
        except Exception as refused:  # noqa: BLE001  (a shop rule the bench data does not meet: say which)
            return f"not measured ({type(refused).__name__}: {str(getattr(refused, 'message', refused))[:120]})"
        took.append((time.perf_counter() - start) * 1000)
    return f"{statistics.median(took):.1f} ms"


def _fresh_postgres(url: str) -> None:
    import psycopg

    admin_url, name = url.rsplit("/", 1)
    with psycopg.connect(admin_url + "/postgres", autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}"')
        connection.execute(f'CREATE DATABASE "{name}"')


if __name__ == "__main__":
    main()
