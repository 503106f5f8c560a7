"""Live cart updates under load: how fast a committed price change reaches 1,000 open carts.

    .venv/bin/python bench/realtime.py [--clients 1000] [--changes 100] [--workers 2] [--keep-database]

What it does, in order:
1. creates its own PostgreSQL database (`bench_realtime`, dropped first if left over), migrates it
   and adds one product per client (one brand, one pack each);
2. serves the websockets the production way: the Procfile's ws process (uvicorn
   shop.asgi:websocket_application) with SHOP_ENV=production, DEBUG off, 2 workers, on
   a free loopback port, with channels-redis on REDIS_URL (default redis://127.0.0.1:6379/7), so
   a broadcast reaches sockets in both worker processes only through Redis;
3. opens 1,000 websockets to /ws/cart/ (100 handshakes at a time). Each sends a clientCart whose
   stock is deliberately stale, so the server's immediate productUpdate confirms the socket has
   joined its product's group before the clock starts;
4. same product: every socket holds product 1; this process changes that pack's price once, in
   one transaction through the catalog's service (as an import or a Celery task would; the
   broadcast goes out of this process through Redis to both workers). The time of the commit is
   taken by a commit hook registered before the change; each socket notes when the new price
   arrives. Prints how many of the 1,000 received it, and the p50/p99/max commit→receipt delay;
5. different products: every socket switches to its own product (a new clientCart), then 100
   prices change in one transaction. Prints how many of the 100 holders received their update,
   how many sockets got a message they should not have, and the delays.

6. hostile load (issue 33): 100 sockets from one address (all beyond WS_SOCKETS_PER_ADDRESS are
   closed at once with 1013), then `--hostile` (500) sockets from 50 other loopback addresses, each
   sending a 200-line cart; while they are open, and again right after they all close, `--shoppers`
   (50) new shoppers each open a socket and send a stale one-line cart: the time from the start of
   the handshake to the first productUpdate is printed (p50/p99/max).

Clients are spread over loopback addresses (127.0.0.2 and up, 10 sockets each) because the ws
process caps the sockets of one address.

Target: every socket updated, p99 within 1 second; a new shopper's handshake and first
productUpdate within 1 second p99 with the hostile sockets open and after they close. Exits non-zero when a socket misses its update
or gets one it should not. The clients run in this process (one asyncio loop), so the delays
include the time this loop takes to read 1,000 frames; the machine's load average is printed
with the figures.
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
SOCKETS_PER_LOOPBACK_ADDRESS = 10
HOSTILE_LINES = 200


def loopback_address(index: int) -> str:
    """127.0.0.2 and up, SOCKETS_PER_LOOPBACK_ADDRESS clients each (the ws process caps an address)."""
    n = 2 + index // SOCKETS_PER_LOOPBACK_ADDRESS
    return f"127.{n // 65536 % 256}.{n // 256 % 256}.{n % 256}"


RECEIPT_WAIT_SECONDS = 10
TARGET_P99_MS = 1000


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clients", type=int, default=1000, help="open websockets (default 1000)")
    parser.add_argument("--changes", type=int, default=100, help="prices changed in one transaction (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="ws worker processes (default 2)")
    parser.add_argument("--hostile", type=int, default=500, help="hostile sockets with 200-line carts (default 500)")
    parser.add_argument("--shoppers", type=int, default=50, help="new shoppers timed beside them (default 50)")
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_REALTIME_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_realtime"),
        help="the benchmark's own database; it is dropped and created again",
    )
    parser.add_argument(
        "--redis-url",
        default=os.environ.get("BENCH_REALTIME_REDIS_URL", "redis://127.0.0.1:6379/7"),
        help="Redis for the channel layer and cache",
    )
    parser.add_argument("--hostile-only", action="store_true", help="only the hostile load (part 6), not the fan-out")
    parser.add_argument("--keep-database", action="store_true", help="leave the database for inspection")
    return parser.parse_args()


def seed(count: int) -> list[dict]:
    """One product with one brand and one pack per client; returns each pack as a cart line."""
    from catalog.models import Category, Detail, Financial, Product

    category = Category.objects.create(key="bench", name="BENCH STAPLES", sequence=1)
    products = Product.objects.bulk_create(
        Product(name=f"Bench Product {n}", slug=f"bench-product-{n}", category=category) for n in range(count)
    )
    details = Detail.objects.bulk_create(Detail(product=product, brand="Bench Brand") for product in products)
    packs = Financial.objects.bulk_create(
        Financial(
            detail=detail,
            quantity=Decimal("1"),
            units="kg",
            price=Decimal("100.00"),
            dprice=Decimal("90.00"),
            discount=10,
            count_in_stock=50,
        )
        for detail in details
    )
    return [
        {
            "productId": str(detail.product_id),
            "financialId": str(pack.pk),
            "price": 100,
            "dprice": 90,
            "Discount": 10,
            "countInStock": -1,  # stale on purpose: the server answers at once, confirming the join
        }
        for detail, pack in zip(details, packs, strict=True)
    ]


def change_prices(financial_ids: list[int], dprice: str) -> tuple[float, float]:
    """New selling price for these packs in one transaction; returns the wall-clock time of the
    commit and of the end of the commit hooks (the broadcast has been handed to Redis by then)."""
    from django.db import transaction

    from catalog.models import Financial
    from catalog.services import financial_update

    committed = {}
    with transaction.atomic():
        # Registered before the change, so it runs first among the commit hooks: the moment of commit.
        transaction.on_commit(lambda: committed.setdefault("at", time.time()))
        for pack in Financial.objects.select_related("detail").filter(pk__in=financial_ids).order_by("pk"):
            financial_update(financial=pack, dprice=dprice)
    return committed["at"], time.time()


class Client:
    def __init__(self, index: int):
        self.index = index
        self.socket = None
        self.received: list[tuple[float, dict]] = []
        self.acknowledged = asyncio.Event()
        self.reader = None

    async def open(self, url: str, origin: str, *, address: str | None = None) -> None:
        from websockets.asyncio.client import connect

        self.socket = await connect(
            url,
            origin=origin,
            open_timeout=60,
            max_size=2**20,
            ping_interval=None,
            local_addr=(address or loopback_address(self.index), 0),
        )
        self.reader = asyncio.create_task(self.read())

    async def read(self) -> None:
        async for text in self.socket:
            at = time.time()
            message = json.loads(text)
            if message.get("type") == "productUpdate":
                self.received.append((at, message["product"]))
                self.acknowledged.set()

    async def hold(self, line: dict) -> None:
        """Send a one-line cart and wait for the server's immediate answer."""
        self.acknowledged.clear()
        self.received.clear()
        await self.socket.send(json.dumps({"type": "clientCart", "cartItems": [line]}))
        await asyncio.wait_for(self.acknowledged.wait(), timeout=60)
        self.received.clear()

    async def close(self) -> None:
        await self.socket.close()
        self.reader.cancel()


async def gather_limited(coroutines, limit: int) -> None:
    gate = asyncio.Semaphore(limit)

    async def run(coroutine):
        async with gate:
            await coroutine

    await asyncio.gather(*(run(coroutine) for coroutine in coroutines))


def new_price_in(product: dict, dprice: float) -> bool:
    return any(pack["dprice"] == dprice for detail in product["details"] for pack in detail["financials"])


def delays_ms(receipts: list[float], committed_at: float) -> list[float]:
    return [(at - committed_at) * 1000 for at in receipts]


def report(label: str, expected: int, delays: list[float], strays: int, broadcast_ms: float) -> bool:
    got = len(delays)
    print(f"{label}")
    print(f"  received            {got} of {expected}   unexpected messages {strays}")
    print(f"  broadcast built and handed to Redis {broadcast_ms:.0f} ms after commit")
    if delays:
        print(
            f"  commit -> receipt   p50 {statistics.median(delays):.0f} ms   p99 {percentile(delays, 0.99):.0f} ms"
            f"   max {max(delays):.0f} ms"
        )
    ok = got == expected and strays == 0 and bool(delays) and percentile(delays, 0.99) <= TARGET_P99_MS
    return ok


async def run(args, port: int, lines: list[dict]) -> bool:
    url, origin = f"ws://127.0.0.1:{port}/ws/cart/", f"http://127.0.0.1:{port}"
    if args.hostile_only:
        return await hostile_load(args, url, origin, lines)
    clients = [Client(index) for index in range(args.clients)]
    loop = asyncio.get_running_loop()

    started = time.perf_counter()
    await gather_limited((client.open(url, origin) for client in clients), HANDSHAKES_AT_ONCE)
    opened = time.perf_counter() - started
    print(f"==> {len(clients)} websockets open in {opened:.1f} s")

    # 1. Every socket holds the same product; one price change.
    same = lines[0]
    await gather_limited((client.hold(same) for client in clients), HANDSHAKES_AT_ONCE)
    print(f"==> all {len(clients)} sockets hold product {same['productId']}; changing its price once")
    committed_at, sent_at = await loop.run_in_executor(None, change_prices, [int(same["financialId"])], "77")
    await asyncio.sleep(0)
    deadline = time.time() + RECEIPT_WAIT_SECONDS
    while time.time() < deadline and sum(bool(client.received) for client in clients) < len(clients):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)  # anything extra that is still on its way
    receipts = [at for client in clients for at, product in client.received if new_price_in(product, 77)]
    strays = sum(len(client.received) for client in clients) - len(receipts)
    ok_same = report(
        f"same product, {len(clients)} sockets, 1 price change",
        len(clients),
        delays_ms(receipts, committed_at),
        strays,
        (sent_at - committed_at) * 1000,
    )

    # 2. Each socket holds its own product; many prices change in one transaction.
    await gather_limited((client.hold(lines[client.index]) for client in clients), HANDSHAKES_AT_ONCE)
    changed = [int(line["financialId"]) for line in lines[1 : args.changes + 1]]
    changed_products = {line["productId"] for line in lines[1 : args.changes + 1]}
    print(f"==> each socket holds its own product; changing {len(changed)} prices in one transaction")
    committed_at, sent_at = await loop.run_in_executor(None, change_prices, changed, "66")
    holders = [client for client in clients if lines[client.index]["productId"] in changed_products]
    deadline = time.time() + RECEIPT_WAIT_SECONDS
    while time.time() < deadline and sum(bool(client.received) for client in holders) < len(holders):
        await asyncio.sleep(0.05)
    await asyncio.sleep(0.5)
    receipts = [
        at
        for client in holders
        for at, product in client.received[:1]
        if product["_id"] == lines[client.index]["productId"] and new_price_in(product, 66)
    ]
    strays = sum(len(client.received) for client in clients) - len(receipts)
    ok_many = report(
        f"different products, {len(clients)} sockets, {len(changed)} price changes in one transaction",
        len(holders),
        delays_ms(receipts, committed_at),
        strays,
        (sent_at - committed_at) * 1000,
    )

    await gather_limited((client.close() for client in clients), HANDSHAKES_AT_ONCE)
    ok_hostile = await hostile_load(args, url, origin, lines)
    return ok_same and ok_many and ok_hostile


async def one_address_burst(url: str, origin: str, count: int) -> tuple[int, int]:
    """`count` sockets from one address: how many stay open and how many are closed with 1013."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    sockets, shed = [], 0
    for _ in range(count):
        socket = await connect(url, origin=origin, open_timeout=30, ping_interval=None, local_addr=("127.0.0.1", 0))
        try:
            await asyncio.wait_for(socket.recv(), timeout=0.2)
        except ConnectionClosed as closed:
            shed += closed.rcvd is not None and closed.rcvd.code == 1013
            continue
        except TimeoutError:
            pass
        sockets.append(socket)
    for socket in sockets:
        await socket.close()
    return len(sockets), shed


async def new_shopper_ms(url: str, origin: str, line: dict, address: str) -> tuple[float, float]:
    """Handshake start to the first productUpdate of a stale one-line cart, and to the open
    socket (the handshake alone), in ms."""
    client = Client(0)
    started = time.perf_counter()
    await client.open(url, origin, address=address)
    opened = time.perf_counter()
    await client.socket.send(json.dumps({"type": "clientCart", "cartItems": [line]}))
    await asyncio.wait_for(client.acknowledged.wait(), timeout=120)
    took = (time.perf_counter() - started) * 1000
    await client.close()
    return took, (opened - started) * 1000


async def time_new_shoppers(args, url: str, origin: str, lines: list[dict], label: str) -> bool:
    delays, handshakes = [], []
    for index in range(args.shoppers):
        address = f"127.200.{index // 200}.{2 + index % 200}"
        took, handshake = await new_shopper_ms(url, origin, lines[index % len(lines)], address)
        delays.append(took)
        handshakes.append(handshake)
    p99 = percentile(delays, 0.99)
    print(
        f"  {label}: new shopper's handshake -> first productUpdate   p50 {statistics.median(delays):.0f} ms"
        f"   p99 {p99:.0f} ms   max {max(delays):.0f} ms   ({len(delays)} shoppers, one after another)"
    )
    print(f"    in order, ms: {' '.join(f'{delay:.0f}' for delay in delays)}")
    print(f"    of which the handshake: {' '.join(f'{handshake:.0f}' for handshake in handshakes)}")
    return p99 <= TARGET_P99_MS


async def hostile_load(args, url: str, origin: str, lines: list[dict]) -> bool:
    print("hostile load")
    kept, shed = await one_address_burst(url, origin, 100)
    print(f"  100 sockets from one address: {kept} open, {shed} closed with 1013 (try again later)")
    cart = [{**line, "countInStock": 10} for line in lines[:HOSTILE_LINES]]  # current: no answer, all the work
    hostile = [Client(index) for index in range(args.hostile)]
    started = time.perf_counter()
    await gather_limited((client.open(url, origin) for client in hostile), HANDSHAKES_AT_ONCE)
    text = json.dumps({"type": "clientCart", "cartItems": cart})
    await gather_limited((client.socket.send(text) for client in hostile), HANDSHAKES_AT_ONCE)
    print(
        f"  {len(hostile)} hostile sockets, {HOSTILE_LINES}-line carts each, sent in {time.perf_counter() - started:.1f} s"
    )
    ok_open = await time_new_shoppers(args, url, origin, lines, f"with {len(hostile)} hostile sockets open")
    await gather_limited((client.close() for client in hostile), HANDSHAKES_AT_ONCE)
    ok_after = await time_new_shoppers(args, url, origin, lines, "right after they closed")
    return ok_open and ok_after


def main() -> int:
    args = parse_args()
    if args.changes >= args.clients:
        sys.exit("--changes must be smaller than --clients")
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    wanted = min(hard, max(soft, 4 * args.clients + 1000))
    resource.setrlimit(resource.RLIMIT_NOFILE, (wanted, hard))  # the server inherits it too

    database_url = args.database_url
    env = environment(database_url, production=True, REDIS_URL=args.redis_url, SMS_BACKEND="outbox")
    print(f"==> database {urlsplit(database_url).path.lstrip('/')}: create, migrate, {args.clients} products")
    create_database(database_url)
    setup_django(env)
    from django.core.management import call_command
    from django.db import connections

    call_command("migrate", verbosity=0)
    lines = seed(args.clients)
    connections.close_all()

    port = free_port()
    print(
        f"==> the Procfile's ws process (uvicorn shop.asgi:websocket_application), {args.workers} workers, DEBUG off, channels-redis, 127.0.0.1:{port}"
    )
    print(f"    load average before: {' '.join(f'{load:.2f}' for load in os.getloadavg())} ({os.cpu_count()} cores)")
    server = start_server(
        env, port=port, workers=args.workers, log_name="realtime", ready_path="/healthz", process="ws"
    )
    try:
        ok = asyncio.run(run(args, port, lines))
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
