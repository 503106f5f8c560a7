"""Open order pages under load: how fast a committed change of an order reaches its open page.

    .venv/bin/python bench/order_pages.py [--pages 500] [--workers 2] [--keep-database]

What it does, in order:
1. creates its own PostgreSQL database (`bench_order_pages`, dropped first if left over), migrates
   it, adds one pack and `--pages` (500) shoppers, and places one order for each through the
   orders' service;
2. serves the websockets the production way: the Procfile's ws process (uvicorn
   shop.asgi:websocket_application) with SHOP_ENV=production, DEBUG off, 2 workers, on a free
   loopback port, with channels-redis on REDIS_URL (default redis://127.0.0.1:6379/7), so a
   broadcast reaches sockets in both worker processes only through Redis;
3. opens one socket per order on /ws/orders/<id>/ (100 handshakes at a time), each signing in
   with its shopper's access token and waiting for `following`;
4. packs every order, one transaction each, one after another, through the pipeline's service
   (as staff pressing "Packed" would); the time of each commit is taken by a commit hook
   registered before the change, and each socket notes when its `orderChanged` arrives.

Prints how many pages heard their order's change (and any page that heard another's, or heard
twice), and the p50/p99/max commit→receipt delay with the load average. Target: every page hears
its change exactly once, p99 within 1 second. Exits non-zero otherwise. The clients run in this
process (one asyncio loop), so the delays include the time this loop takes to read the frames.
"""

import argparse
import asyncio
import json
import os
import resource
import statistics
import sys
import threading
import time
from decimal import Decimal
from urllib.parse import urlsplit

from harness import (
    create_database,
    drop_database,
    environment,
    free_port,
    percentile,
    setup_django,
    start_server,
    stop_server,
)

HANDSHAKES_AT_ONCE = 100
RECEIPT_WAIT_SECONDS = 10
TARGET_P99_MS = 1000


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pages", type=int, default=500, help="open order pages, one order each (default 500)")
    parser.add_argument("--workers", type=int, default=2, help="ws worker processes (default 2)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get(
            "BENCH_ORDER_PAGES_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_order_pages"
        ),
        help="the benchmark's own database; it is dropped and created again",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("BENCH_REALTIME_REDIS_URL", "redis://127.0.0.1:6379/7"),
        help="Redis for the channel layer and cache",
    )
    parser.add_argument("--keep-database", action="store_true", help="leave the database for inspection")
    return parser.parse_args()


def seed(count: int) -> list[tuple[int, str, str]]:
    """One pack, `count` shoppers with one placed order each: (order pk, public id, access token)."""
    from rest_framework_simplejwt.tokens import RefreshToken

    from accounts.models import User
    from catalog.models import Category, Detail, Financial, Product
    from checkout.placement import Address, LineRequest, Totals, order_place

    category = Category.objects.create(key="bench", name="BENCH STAPLES", sequence=1)
    product = Product.objects.create(name="Bench Oil", slug="bench-oil", category=category, hsn_code="1512", gst_rate=5)
    detail = Detail.objects.create(product=product, brand="Bench")
    pack = Financial.objects.create(
        detail=detail, quantity=Decimal("1"), units="L", price=Decimal("160"), dprice=Decimal("145.50"), discount=9,
        count_in_stock=100_000,
    )  # fmt: skip
    address = {"street": "12 Main Road", "city": "Amalapuram", "postal_code": "533201"}
    shoppers = User.objects.bulk_create(
        User(phone_no=f"98{n:08d}", name=f"Bench Shopper {n}", password="!", **address) for n in range(count)
    )
    orders = []
    for shopper in shoppers:
        order = order_place(
            user=shopper,
            items=[LineRequest(product_id=product.pk, brand_id=detail.pk, financial_id=pack.pk, qty=1)],
            shipping_address=Address(
                street=address["street"], city=address["city"], postal_code=address["postal_code"]
            ),
            payment_method="Cash Or UPI",
            client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
        )
        orders.append((order.pk, order.public_id, str(RefreshToken.for_user(shopper).access_token)))
    return orders


def pack_orders(order_ids: list[int]) -> dict[int, float]:
    """Pack each order in a transaction of its own; the wall-clock time each committed."""
    from django.db import transaction

    from orders.models import Order
    from orders.pipeline import order_advance

    committed: dict[int, float] = {}
    for order_id in order_ids:
        with transaction.atomic():
            transaction.on_commit(lambda order_id=order_id: committed.setdefault(order_id, time.time()))
            order_advance(order=Order.objects.get(pk=order_id), to_status=Order.Status.PACKED)
    return committed


class Page:
    def __init__(self, public_id: str, token: str):
        self.public_id, self.token = public_id, token
        self.heard: list[tuple[float, str]] = []
        self.following = asyncio.Event()

    async def open(self, url: str, origin: str) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(f"{url}{self.public_id}/", origin=origin, open_timeout=60, ping_interval=None)
        self.reader = asyncio.create_task(self.read())
        await self.socket.send(json.dumps({"type": "follow", "token": self.token}))
        await asyncio.wait_for(self.following.wait(), timeout=60)

    async def read(self) -> None:
        async for text in self.socket:
            at = time.time()
            message = json.loads(text)
            if message.get("type") == "following":
                self.following.set()
            elif message.get("type") == "orderChanged":
                self.heard.append((at, message["order"]))

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


async def gather_limited(coroutines, limit: int) -> None:
    gate = asyncio.Semaphore(limit)

    async def run(coroutine):
        async with gate:
            await coroutine

    await asyncio.gather(*(run(coroutine) for coroutine in coroutines))


async def run(port: int, orders: list[tuple[int, str, str]]) -> bool:
    url, origin = f"ws://127.0.0.1:{port}/ws/orders/", f"http://127.0.0.1:{port}"
    pages = {order_id: Page(public_id, token) for order_id, public_id, token in orders}
    started = time.perf_counter()
    await gather_limited((page.open(url, origin) for page in pages.values()), HANDSHAKES_AT_ONCE)
    print(f"==> {len(pages)} order pages open and following in {time.perf_counter() - started:.1f} s")

    print(f"==> packing the {len(pages)} orders, one transaction each")
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    committed = await loop.run_in_executor(None, pack_orders, list(pages))
    print(f"    {len(committed)} commits in {time.perf_counter() - started:.1f} s")
    deadline = time.time() + RECEIPT_WAIT_SECONDS
    while time.time() < deadline and sum(bool(page.heard) for page in pages.values()) < len(pages):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # anything extra still on its way

    delays = [(page.heard[0][0] - committed[order_id]) * 1000 for order_id, page in pages.items() if page.heard]
    wrong = sum(1 for page in pages.values() for _, public_id in page.heard if public_id != page.public_id)
    repeated = sum(max(0, len(page.heard) - 1) for page in pages.values())
    print(f"  heard               {len(delays)} of {len(pages)}   another order's {wrong}   repeated {repeated}")
    if delays:
        print(
            f"  commit -> receipt   p50 {statistics.median(delays):.0f} ms   p99 {percentile(delays, 0.99):.0f} ms"
            f"   max {max(delays):.0f} ms"
        )
    await gather_limited((page.close() for page in pages.values()), HANDSHAKES_AT_ONCE)
    return len(delays) == len(pages) and not wrong and not repeated and percentile(delays, 0.99) <= TARGET_P99_MS


def main() -> int:
    args = parse_args()
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, max(soft, 4 * args.pages + 1000)), hard))

    database_url = args.database_url
    env = environment(database_url, production=True, REDIS_URL=args.redis_url, SMS_BACKEND="outbox")
    print(f"==> database {urlsplit(database_url).path.lstrip('/')}: create, migrate, {args.pages} shoppers and orders")
    create_database(database_url)
    setup_django(env)
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    orders = seed(args.pages)
    port = free_port()
    print(f"==> the Procfile's ws process, {args.workers} workers, DEBUG off, channels-redis, 127.0.0.1:{port}")
    print(f"    load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} ({os.cpu_count()} cores)")
    server = start_server(
        env, port=port, workers=args.workers, log_name="order-pages", ready_path="/healthz", process="ws"
    )
    try:
        ok = asyncio.run(run(port, orders))
    finally:
        stop_server(server)
        print(f"    load average after:  {' '.join(f'{load:.2f}' for load in os.getloadavg())}")
        connections.close_all()
        if not args.keep_database:
            drop_database(database_url)
    print("OK" if ok else "FAILED")
    return 0 if ok else 1


if __name__ == "__main__":
    threading.current_thread().name = "bench"
    sys.exit(main())
