"""Checkout under a rush: 200 shoppers place orders at once for 20 packs holding 100 units.

    .venv/bin/python bench/checkout.py [--placements 200] [--keep-database]

What it does, in order:
1. creates its own PostgreSQL database (`bench_checkout`, dropped first if left over) and migrates it;
2. seeds 20 packs (10 products, 2 packs each) of 5 units, and 200 customers whose saved address is
   in Amalapuram (533201), each with a signed access token;
3. serves the shop the production way: the Procfile's web process (gunicorn) with SHOP_ENV=production, DEBUG off, 2 workers, on a
   free loopback port (Celery runs tasks inline, SMS to the log); each worker's PostgreSQL
   connection pool (settings DB_POOL_*) makes the rush queue for connections instead of failing;
4. releases 200 `POST /api/orders` at once. Half the carts hold one pack; the other half hold two
   or three packs listed in different orders (qty 1-2), the case that deadlocks when row locks are
   not taken in one order. Demand is far above the 100 units, so most placements are refused 409;
5. prints orders/second, p50/p95 latency, units sold (must equal 100, read from the database) and
   errors other than 409 (must be 0), and exits non-zero when either check fails.

Every wait is bounded; the whole run takes well under a minute.
"""

import argparse
import itertools
import os
import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
from urllib.parse import urlsplit

from harness import (
    create_database,
    drop_database,
    environment,
    free_port,
    percentile,
    request,
    setup_django,
    start_server,
    stop_server,
)

PACKS = 20
UNITS_PER_PACK = 5  # 20 × 5 = 100 units in all
PINCODE = "533201"
REQUEST_TIMEOUT = 60


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--placements", type=int, default=200, help="concurrent POST /api/orders (default 200)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_CHECKOUT_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_checkout"),
        help="the benchmark's own database; it is dropped and created again",
    )
    parser.add_argument("--workers", type=int, default=2, help="web worker processes (default 2)")
    parser.add_argument("--keep-database", action="store_true", help="leave the database for inspection")
    return parser.parse_args()


def seed(placements: int):
    """20 packs of 5 units, and one deliverable customer (with a token) per placement."""
    from django.contrib.auth.hashers import make_password
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import User
    from catalog.models import Category, Detail, Financial, Product

    category = Category.objects.create(key="bench", name="BENCH STAPLES", sequence=1)
    packs = []
    for number in range(PACKS // 2):
        product = Product.objects.create(
            name=f"Bench Product {number}", slug=f"bench-product-{number}", category=category
        )
        detail = Detail.objects.create(product=product, brand=f"Brand {number}")
        for quantity, price in (("1", Decimal("100.00") + number), ("5", Decimal("450.00") + number)):
            packs.append(
                Financial.objects.create(
                    detail=detail,
                    quantity=Decimal(quantity),
                    units="kg",
                    price=price,
                    dprice=price - Decimal("10.00"),
                    discount=round(Decimal("1000") / price),
                    count_in_stock=UNITS_PER_PACK,
                )
            )
    password = make_password("bench-pass-1")
    User.objects.bulk_create(
        User(
            phone_no=f"7{n:09d}",
            name=f"Bench Shopper {n}",
            password=password,
            street=f"{n} Main Road",
            city="Amalapuram",
            postal_code=PINCODE,
        )
        for n in range(placements)
    )
    users = list(User.objects.filter(phone_no__startswith="7").order_by("phone_no"))
    tokens = [str(AccessToken.for_user(user)) for user in users]
    packs.sort(key=lambda pack: pack.pk)
    return packs, users, tokens


def carts(packs, users) -> list[dict]:
    """Half single-pack carts (each pack wanted by at least five of them, so every unit sells
    whatever the multi-pack carts take), half multi-pack carts in varying pack order."""
    bodies = []
    orderings = itertools.cycle(itertools.permutations(range(3)))
    for index, user in enumerate(users):
        if index % 2 == 0:
            lines = [(packs[(index // 2) % len(packs)], 1)]
        else:
            base = [packs[(index * 7 + step) % len(packs)] for step in (0, 3, 11)]
            chosen = [base[position] for position in next(orderings)][: 2 + index % 2]
            lines = [(pack, 1 + (index + offset) % 2) for offset, pack in enumerate(chosen)]
        total = sum((pack.dprice * qty for pack, qty in lines), Decimal("0.00"))
        bodies.append(
            {
                "orderItems": [
                    {
                        "productId": str(pack.detail.product_id),
                        "brandId": str(pack.detail_id),
                        "financialId": str(pack.pk),
                        "qty": qty,
                    }
                    for pack, qty in lines
                ],
                "shippingAddress": {"street": user.street, "city": user.city, "postalCode": user.postal_code},
                "paymentMethod": "Cash Or UPI",
                "itemsPrice": f"{total:.2f}",
                "shippingPrice": "0.00",
                "totalPrice": f"{total:.2f}",
            }
        )
    return bodies


def warm_up(port: int, workers: int) -> None:
    """Each worker loads the pincode tables on its first delivery check; do that before the clock runs."""
    for _ in range(4 * workers):
        request(port, "GET", f"/api/delivery/check?pincode={PINCODE}")


def rush(port: int, bodies: list[dict], tokens: list[str]) -> tuple[list[tuple[int, float, str]], float]:
    """All placements released together; returns (status, seconds, error text) each, and the wall time."""
    start = threading.Barrier(len(bodies) + 1)

    def place(body: dict, token: str) -> tuple[int, float, str]:
        start.wait(timeout=30)
        began = time.perf_counter()
        try:
            status, raw = request(
                port,
                "POST",
                "/api/orders",
                body=body,
                headers={"Authorization": f"Bearer {token}"},
                timeout=REQUEST_TIMEOUT,
            )
        except OSError as error:
            return 0, time.perf_counter() - began, repr(error)
        text = "" if status in (201, 409) else raw[:300].decode(errors="replace")
        return status, time.perf_counter() - began, text

    with ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        futures = [pool.submit(place, body, token) for body, token in zip(bodies, tokens, strict=True)]
        start.wait(timeout=30)
        began = time.perf_counter()
        results = [future.result(timeout=REQUEST_TIMEOUT + 30) for future in futures]
        wall = time.perf_counter() - began
    return results, wall


def main() -> int:
    args = parse_args()
    database_url = args.database_url
    env = environment(database_url, production=True, SMS_BACKEND="outbox")

    print(f"==> database {urlsplit(database_url).path.lstrip('/')}: create and migrate")
    create_database(database_url)
    setup_django(env)
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    packs, users, tokens = seed(args.placements)
    bodies = carts(packs, users)
    connections.close_all()

    port = free_port()
    print(f"==> the Procfile's web process (gunicorn shop.wsgi), {args.workers} workers, DEBUG off, 127.0.0.1:{port}")
    server = start_server(env, port=port, workers=args.workers, log_name="checkout", ready_path="/healthz")
    warm_up(port, args.workers)
    try:
        print(f"==> {args.placements} concurrent placements on {PACKS} packs holding {PACKS * UNITS_PER_PACK} units")
        results, wall = rush(port, bodies, tokens)
    finally:
        stop_server(server)

    from django.db.models import Sum

    from catalog.models import Financial
    from orders.models import Order, OrderItem

    placed = sum(1 for status, _, _ in results if status == 201)
    refused = sum(1 for status, _, _ in results if status == 409)
    errors = [(status, text) for status, _, text in results if status not in (201, 409)]
    latencies = [seconds * 1000 for _, seconds, _ in results]
    placed_latencies = [seconds * 1000 for status, seconds, _ in results if status == 201]
    units_sold = OrderItem.objects.aggregate(units=Sum("qty"))["units"] or 0
    stock_left = Financial.objects.aggregate(units=Sum("count_in_stock"))["units"] or 0
    orders_in_db = Order.objects.count()
    connections.close_all()
    if not args.keep_database:
        drop_database(database_url)

    print()
    print(f"placements            {len(results)} in {wall:.2f} s ({len(results) / wall:.1f} requests/s)")
    print(f"orders placed (201)   {placed}  ->  {placed / wall:.1f} orders/second")
    print(f"refused (409)         {refused}")
    print(f"latency, all          p50 {statistics.median(latencies):.0f} ms   p95 {percentile(latencies, 0.95):.0f} ms")
    if placed_latencies:
        print(
            f"latency, placed       p50 {statistics.median(placed_latencies):.0f} ms   "
            f"p95 {percentile(placed_latencies, 0.95):.0f} ms"
        )
    print(f"units sold            {units_sold} (must be {PACKS * UNITS_PER_PACK})")
    print(f"stock left            {stock_left}; orders in database {orders_in_db}")
    print(f"errors other than 409 {len(errors)} (must be 0)")
    for status, text in errors[:5]:
        print(f"  {status}: {text}")

    ok = units_sold == PACKS * UNITS_PER_PACK and stock_left == 0 and not errors and orders_in_db == placed
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
