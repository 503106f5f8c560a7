"""Notify me when back: does a restock wait for its 500 subscribers' texts? (issue 26)

    .venv/bin/python bench/restock_alerts.py [--subscribers 500] [--rounds 20] [--keep-database]

What it does, in order:
1. creates its own PostgreSQL database (`bench_restock_alerts`, dropped first if left over),
   migrates it, adds two packs with no stock, and `--subscribers` (500) shoppers each waiting for
   the second pack (a StockAlert each);
2. the restock, as the admin screen's save or a CSV import makes it: the catalog's service
   (`financial_update`) setting the stock to 1, in its transaction, timed from the start of the
   transaction to the end of its after-commit hooks (the catalog's cache drop, the carts'
   broadcast, the alerts' check and queueing of their task), with Celery's broker on Redis
   (REDIS_URL, default redis://127.0.0.1:6379/7) and no worker: what the write path pays.
   `--rounds` (20) restocks of each pack, the stock set back to 0 between them (not timed);
3. the sending, as the worker runs it: the task run in this process (eager), batches of 100, the
   texts to the outbox backend; prints how long the 500 texts took and that each subscriber got
   one and their alerts ended. The tasks queued in step 2 are purged from the broker.

Target: the restock with 500 subscribers takes about as long as one without (the texts are not on
the write path); every subscriber texted once.
"""

import argparse
import os
import statistics
import sys
import threading
import time
from decimal import Decimal
from urllib.parse import urlsplit

from harness import create_database, drop_database, environment, percentile, setup_django


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subscribers", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_ALERTS_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_restock_alerts"),
    )
    parser.add_argument("--redis-url", default=os.environ.get("BENCH_REALTIME_REDIS_URL", "redis://127.0.0.1:6379/7"))
    parser.add_argument("--keep-database", action="store_true")
    return parser.parse_args()


def seed(subscribers: int):
    from accounts.models import User
    from catalog.models import Category, Detail, Financial, Product
    from notifications.models import StockAlert

    category = Category.objects.create(key="bench", name="BENCH STAPLES", sequence=1)
    product = Product.objects.create(name="Toor Dal", name_te="కంది పప్పు", slug="toor-dal", category=category)
    detail = Detail.objects.create(product=product, brand="Tata")
    quiet, awaited = (
        Financial.objects.create(
            detail=detail, quantity=Decimal(size), units="kg", price=Decimal("180"), dprice=Decimal("160"),
            discount=11, count_in_stock=0,
        )
        for size in ("1", "2")
    )  # fmt: skip
    users = User.objects.bulk_create(
        User(phone_no=f"97{n:08d}", name=f"Subscriber {n}", password="!", language="te" if n % 2 else "en")
        for n in range(subscribers)
    )
    StockAlert.objects.bulk_create(StockAlert(user=user, financial=awaited) for user in users)
    return quiet, awaited


def restock_ms(pack) -> float:
    from django.db import transaction

    from catalog.models import Financial
    from catalog.services import financial_update

    Financial.objects.filter(pk=pack.pk).update(count_in_stock=0)
    pack.refresh_from_db()
    began = time.perf_counter()
    with transaction.atomic():
        financial_update(financial=pack, count_in_stock=1)
    return (time.perf_counter() - began) * 1000


def summary(times: list[float]) -> str:
    return f"p50 {statistics.median(times):.1f} ms   p95 {percentile(times, 0.95):.1f} ms   max {max(times):.1f} ms"


def main() -> int:
    args = parse_args()
    database_url = args.database_url
    env = environment(
        database_url, production=False, REDIS_URL=args.redis_url, CELERY_TASK_ALWAYS_EAGER="0", SMS_BACKEND="outbox"
    )
    print(f"==> database {urlsplit(database_url).path.lstrip('/')}: create, migrate, {args.subscribers} subscribers")
    create_database(database_url)
    setup_django(env)
    from django.core.management import call_command
    from django.db import connections

    from notifications.models import SmsMessage, StockAlert
    from notifications.tasks import alerts_send_back_in_stock
    from shop.celery import app

    call_command("migrate", verbosity=0)
    try:
        quiet, awaited = seed(args.subscribers)
        print(
            f"    load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} ({os.cpu_count()} cores)"
        )
        restock_ms(quiet), restock_ms(awaited)  # warm up
        without, with_subscribers = [], []
        for _ in range(args.rounds):
            without.append(restock_ms(quiet))
            with_subscribers.append(restock_ms(awaited))
        print(f"==> restock of 1 unit, {args.rounds} times each (transaction + after-commit hooks, broker on Redis)")
        print(f"  no subscribers                 {summary(without)}")
        print(f"  {args.subscribers} subscribers waiting        {summary(with_subscribers)}")
        purged = app.control.purge()
        print(f"    {purged} queued tasks purged from the broker (no worker ran them)")

        app.conf.task_always_eager = True
        began = time.perf_counter()
        alerts_send_back_in_stock([awaited.pk])
        sending = time.perf_counter() - began
        texts = SmsMessage.objects.count()
        phones = SmsMessage.objects.values("phone_no").distinct().count()
        left = StockAlert.objects.count()
        print(f"==> the worker's part: {texts} texts to {phones} numbers in {sending:.1f} s, {left} alerts left")
        print(f"    load average after:  {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
        ok = texts == phones == args.subscribers and left == 0
        ok = ok and statistics.median(with_subscribers) < 2 * statistics.median(without) + 5
    finally:
        connections.close_all()
        if not args.keep_database:
            drop_database(database_url)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
