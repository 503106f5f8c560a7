"""What bench/cluster.py proves on the running topology: the seed and scenarios (a)-(e).

Each scenario prints its figures and answers whether its check held. The bench process itself
reads and checks the database directly (its Django settings point at PostgreSQL, not PgBouncer)."""

import http.client
import json
import os
import statistics
import threading
import time
import uuid
from collections import Counter
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path

from harness import database_backends_cpu, percentile, process_group_cpu_seconds, request

LAST_UNITS = 10
PINCODE = "533201"
RETRYABLE = {0, 502, 503, 504}
KEY_GIVE_UP_SECONDS = 150  # a key whose process died mid-order waits for its 60 s lease (common/idempotency.py)


@dataclass
class Context:
    args: object
    topology: object
    served: dict
    seeded: dict
    run_dir: Path


# --- seed ------------------------------------------------------------------------------------------
def _product(category, name: str, *, stock: int, price: str = "1000.00", discount: int = 10):
    from catalog.models import Detail, Financial, Product

    product = Product.objects.create(name=name, slug=name.lower().replace(" ", "-"), category=category)
    detail = Detail.objects.create(product=product, brand="Cluster Brand")
    price = Decimal(price)
    pack = Financial.objects.create(
        detail=detail,
        quantity=Decimal("1"),
        units="kg",
        price=price,
        dprice=price * (100 - discount) / 100,
        discount=discount,
        count_in_stock=stock,
    )
    return pack


def seed(*, customers: int) -> dict:
    """A pack with the last 10 units, a plentiful pack, a pack whose price changes, 40 more
    products for the catalog list; shoppers (with tokens) and an admin."""
    from django.contrib.auth.hashers import make_password
    from rest_framework_simplejwt.tokens import AccessToken

    from accounts.models import User
    from catalog.models import Category

    category = Category.objects.create(key="cluster", name="CLUSTER STAPLES", sequence=1)
    last = _product(category, "Cluster Last Units", stock=LAST_UNITS)
    plenty = _product(category, "Cluster Plenty", stock=1_000_000)
    priced = _product(category, "Cluster Price", stock=1000)
    for number in range(40):
        _product(category, f"Cluster Catalog {number}", stock=100, price=f"{100 + number}.00")
    password = make_password("cluster-pass-1")
    User.objects.bulk_create(
        User(
            phone_no=f"7{n:09d}",
            name=f"Cluster Shopper {n}",
            password=password,
            street=f"{n} Main Road",
            city="Amalapuram",
            postal_code=PINCODE,
        )
        for n in range(customers)
    )
    shoppers = list(User.objects.filter(phone_no__startswith="7").order_by("phone_no"))
    admin = User.objects.create_superuser(phone_no="9000000001", password="cluster-admin-1", name="Cluster Admin")
    return {
        "last": last,
        "plenty": plenty,
        "priced": priced,
        "shoppers": shoppers,
        "tokens": [str(AccessToken.for_user(user)) for user in shoppers],
        "admin_token": str(AccessToken.for_user(admin)),
    }


def order_body(pack, user, qty: int = 1) -> dict:
    total = f"{pack.dprice * qty:.2f}"
    return {
        "orderItems": [
            {
                "productId": str(pack.detail.product_id),
                "brandId": str(pack.detail_id),
                "financialId": str(pack.pk),
                "qty": qty,
            }
        ],
        "shippingAddress": {"street": user.street, "city": user.city, "postalCode": user.postal_code},
        "paymentMethod": "Cash Or UPI",
        "itemsPrice": total,
        "shippingPrice": "0.00",
        "totalPrice": total,
    }


def place(port: int, body: dict, token: str, key: str, timeout: float = 15) -> tuple[int, dict]:
    try:
        status, raw = request(
            port,
            "POST",
            "/api/orders",
            body=body,
            headers={"Authorization": f"Bearer {token}", "Idempotency-Key": key},
            timeout=timeout,
        )
    except (OSError, http.client.HTTPException):
        return 0, {}
    try:
        return status, json.loads(raw)
    except ValueError:
        return status, {}


def upstreams_since(access_log: Path, offset: int, needle: str) -> Counter:
    """Which upstream answered each request matching `needle` in nginx's access log after `offset`."""
    counts = Counter()
    with open(access_log, "rb") as handle:
        handle.seek(offset)
        for line in handle.read().decode(errors="replace").splitlines():
            if needle in line:
                counts[line.split('upstream="', 1)[1].split('"', 1)[0]] += 1
    return counts


def access_log(context: Context) -> Path:
    return context.run_dir / "nginx" / "access.log"


def log_size(path: Path) -> int:
    return path.stat().st_size if path.exists() else 0


def port_names(context: Context) -> dict[str, str]:
    return {f"127.0.0.1:{port}": name for name, port in context.topology.ports.items()}


def named(counts: Counter, context: Context) -> str:
    names = port_names(context)
    parts = []
    for upstream, count in sorted(counts.items()):
        label = ", ".join(names.get(one.strip(), one.strip()) for one in upstream.split(","))
        parts.append(f"{label}: {count}")
    return "; ".join(parts) or "none"


# --- (a) oversell ------------------------------------------------------------------------------------
def oversell(context: Context) -> bool:
    from catalog.models import Financial
    from orders.models import OrderItem

    pack = context.seeded["last"]
    clients = context.args.clients
    port = context.topology.ports["nginx"]
    offset = log_size(access_log(context))
    start = threading.Barrier(clients + 1)
    results: list[tuple[int, float]] = []
    lock = threading.Lock()

    def shopper(index: int) -> None:
        body = order_body(pack, context.seeded["shoppers"][index])
        start.wait(timeout=60)
        began = time.perf_counter()
        status, _ = place(port, body, context.seeded["tokens"][index], uuid.uuid4().hex, timeout=60)
        with lock:
            results.append((status, time.perf_counter() - began))

    threads = [threading.Thread(target=shopper, args=(index,)) for index in range(clients)]
    for thread in threads:
        thread.start()
    start.wait(timeout=60)
    began = time.perf_counter()
    for thread in threads:
        thread.join(timeout=120)
    wall = time.perf_counter() - began
    statuses = Counter(status for status, _ in results)
    pack.refresh_from_db()
    sold = sum(OrderItem.objects.filter(financial=pack).values_list("qty", flat=True))
    stock = Financial.objects.get(pk=pack.pk).count_in_stock
    others = sum(count for status, count in statuses.items() if status not in (201, 409))
    delays = [seconds * 1000 for _, seconds in results]
    print(f"  {clients} shoppers at once through nginx for the last {LAST_UNITS} units, in {wall:.2f} s")
    print(
        f"  answers: {dict(sorted(statuses.items()))}; p50 {statistics.median(delays):.0f} ms, p95 {percentile(delays, 0.95):.0f} ms"
    )
    print(f"  served by: {named(upstreams_since(access_log(context), offset, 'POST /api/orders'), context)}")
    print(
        f"  units sold {sold} (of {LAST_UNITS}), stock left {stock}, oversold {max(0, sold - LAST_UNITS)}, other errors {others}"
    )
    return sold == LAST_UNITS and stock == 0 and statuses.get(201) == LAST_UNITS and others == 0


# --- (b) a price change through web A reaches a socket on ws B ----------------------------------------
def price_reaches_other_ws(context: Context) -> bool:
    from websockets.sync.client import connect

    pack = context.seeded["priced"]
    ports = context.topology.ports
    rounds = 3 if context.args.quick else 10
    line = {
        "productId": str(pack.detail.product_id),
        "financialId": str(pack.pk),
        "price": float(pack.price),
        "dprice": float(pack.dprice),
        "Discount": pack.discount,
        "countInStock": -1,  # stale on purpose: the first answer confirms the socket joined the product
    }
    url = f"ws://127.0.0.1:{ports['ws-d']}/ws/cart/"
    path = f"/api/products/{pack.detail.product_id}/details/{pack.detail_id}"
    headers = {"Authorization": f"Bearer {context.seeded['admin_token']}"}
    to_receipt, put_ms, missed = [], [], 0
    received: list[tuple[float, dict]] = []

    def read(socket) -> None:
        """Timestamps each message as it arrives (the main thread is busy with the PUT meanwhile)."""
        try:
            for text in socket:
                received.append((time.perf_counter(), json.loads(text)))
        except Exception:  # noqa: BLE001 - the socket closed at the end of the scenario
            return

    def dprice_arrived(since: int, wanted: float) -> float | None:
        for at, message in received[since:]:
            if message.get("type") == "productUpdate" and any(
                pack["dprice"] == wanted for detail in message["product"]["details"] for pack in detail["financials"]
            ):
                return at
        return None

    with connect(url, origin=f"http://127.0.0.1:{ports['ws-d']}", open_timeout=30) as socket:
        socket.send(json.dumps({"type": "clientCart", "cartItems": [line]}))
        json.loads(socket.recv(timeout=30))  # the answer to the stale line: the socket is in the product's group
        reader = threading.Thread(target=read, args=(socket,), daemon=True)
        reader.start()
        for number in range(rounds):
            discount = 20 if number % 2 == 0 else 10
            wanted = float(Decimal("1000") * (100 - discount) / 100)
            since = len(received)
            sent = time.perf_counter()
            status, body = request(
                ports["web-a"],
                "PUT",
                path,
                body={"quantity": "1", "price": "1000", "discount": str(discount)},
                headers=headers,
            )
            answered = time.perf_counter()
            got = None
            deadline = time.monotonic() + 10
            while got is None and time.monotonic() < deadline:
                got = dprice_arrived(since, wanted)
                time.sleep(0.005)
            if status != 200 or got is None:
                missed += 1
                print(f"  missed: the PUT answered {status} {body[:200]!r}; no productUpdate with {wanted} in 10 s")
                continue
            put_ms.append((answered - sent) * 1000)
            to_receipt.append((got - sent) * 1000)
    print(f"  {rounds} price changes: PUT on web A (:{ports['web-a']}), cart socket on ws B (:{ports['ws-d']})")
    if to_receipt:
        print(
            f"  PUT sent -> productUpdate on the socket: p50 {statistics.median(to_receipt):.0f} ms, "
            f"max {max(to_receipt):.0f} ms (the PUT's own answer: p50 {statistics.median(put_ms):.0f} ms, "
            f"max {max(put_ms):.0f} ms)"
        )
    print(f"  missed: {missed}")
    return missed == 0


# --- (c) web A killed mid-load -------------------------------------------------------------------------
def web_killed(context: Context) -> bool:
    from orders.models import Order

    topology = context.topology
    port = topology.ports["nginx"]
    clients = 8 if context.args.quick else 16
    duration = 12 if context.args.quick else 25
    first = context.args.clients  # shoppers the oversell rush did not use
    shoppers = context.seeded["shoppers"][first : first + clients]
    tokens = context.seeded["tokens"][first : first + clients]
    pack = context.seeded["plenty"]
    stop = threading.Event()
    attempts: list[tuple[float, int]] = []  # (when the client had its answer, status; 0: none, or a timeout)
    answered: dict[str, str] = {}  # key -> order id
    waits: list[float] = []
    lost: list[str] = []
    lock = threading.Lock()

    def shopper(index: int) -> None:
        body = order_body(pack, shoppers[index])
        while not stop.is_set():
            key, began = uuid.uuid4().hex, time.monotonic()
            while True:
                status, data = place(port, body, tokens[index], key, timeout=20)
                with lock:
                    attempts.append((time.monotonic(), status))
                if status == 201:
                    with lock:
                        answered[key] = data["_id"]
                        waits.append(time.monotonic() - began)
                    break
                retry = status in RETRYABLE or (status == 409 and data.get("code") == "idempotency_key_in_use")
                if not retry or time.monotonic() - began > KEY_GIVE_UP_SECONDS:
                    with lock:
                        lost.append(f"{key}: {status} {data}")
                    break
                time.sleep(0.2)

    offset = log_size(access_log(context))
    threads = [threading.Thread(target=shopper, args=(index,)) for index in range(clients)]
    started = time.monotonic()
    for thread in threads:
        thread.start()
    time.sleep(duration * 0.4)
    killed_at = time.monotonic()
    topology.kill("web-a")
    print(f"  {clients} shoppers placing orders through nginx; web A SIGKILLed at {killed_at - started:.1f} s")
    time.sleep(5)
    topology.start_web("web-a", context.served, workers=context.args.web_workers)
    back_at = time.monotonic()
    print(f"  web A started again, answering at {back_at - started:.1f} s")
    time.sleep(max(0.0, duration - (time.monotonic() - started)))
    stop.set()
    for thread in threads:
        thread.join(timeout=KEY_GIVE_UP_SECONDS + 30)
    ended = time.monotonic()

    user_ids = [user.pk for user in shoppers]
    in_database = set(Order.objects.filter(user_id__in=user_ids).values_list("public_id", flat=True))
    placed_ids = set(answered.values())
    doubled = len(in_database - placed_ids)
    window = [status for at, status in attempts if killed_at <= at <= back_at + 5]
    failed_in_window = sum(status != 201 for status in window)
    failed_all = sum(status != 201 for _, status in attempts)
    print(
        f"  {len(answered)} keys answered 201 with {len(placed_ids)} distinct orders; orders in the database "
        f"{len(in_database)}; doubled {doubled}; lost {len(lost)}"
    )
    print(
        f"  attempts {len(attempts)} in {ended - started:.0f} s, of which not 201: {failed_all} "
        f"({Counter(status for _, status in attempts if status != 201)})"
    )
    print(
        f"  around the kill (answers from the kill to 5 s after A was back, {back_at + 5 - killed_at:.0f} s): "
        f"{failed_in_window} of {len(window)} attempts not 201 ({100 * failed_in_window / max(1, len(window)):.1f} %)"
    )
    if waits:
        print(
            f"  a key's wait for its order (first try -> 201): p50 {statistics.median(waits) * 1000:.0f} ms, "
            f"p99 {percentile(waits, 0.99) * 1000:.0f} ms, max {max(waits):.1f} s"
        )
    print(f"  served by: {named(upstreams_since(access_log(context), offset, 'POST /api/orders'), context)}")
    for line in lost[:5]:
        print(f"  lost: {line}")
    return (
        bool(answered) and not lost and doubled == 0 and in_database == placed_ids and len(placed_ids) == len(answered)
    )


# --- (d) the Celery worker killed mid SMS task ------------------------------------------------------------
def _log_has(path: Path, offset: int, text: str) -> bool:
    with open(path, "rb") as handle:
        handle.seek(offset)
        return text.encode() in handle.read()


def _broker_settled(redis_url: str) -> bool:
    """Nothing waiting and nothing taken but unacknowledged in the broker (kombu's Redis keys)."""
    import redis

    client = redis.Redis.from_url(redis_url)
    try:
        return client.llen("celery") == 0 and client.hlen("unacked") == 0
    finally:
        client.close()


def _wait(condition, seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.2)
    return False


def _kill_round(context: Context, where: str, meaning: str) -> bool:
    """Queue a text the worker pauses on (`where`), SIGKILL the worker there, start it again."""
    from notifications.models import SmsMessage
    from notifications.services import sms_queue

    topology = context.topology
    worker_log = topology.log("worker")
    text = f"cluster-{where} {uuid.uuid4().hex[:8]}"
    (context.run_dir / where).touch()
    offset = log_size(worker_log)
    sms_queue(phone_no="9000000099", text=text)
    paused = _wait(lambda: _log_has(worker_log, offset, f"cluster hook: pausing {where}"), 30)
    sent_before_kill = SmsMessage.objects.filter(text=text).count()
    topology.kill("worker")
    killed = time.monotonic()
    restart_offset = log_size(worker_log)
    topology.start_worker(context.served)
    ran_again = _wait(
        lambda: (
            _log_has(worker_log, restart_offset, "notifications.tasks.send_sms")
            and SmsMessage.objects.filter(text=text).exists()
            and _broker_settled(context.served["REDIS_URL"])
        ),
        90,
    )
    took = time.monotonic() - killed
    sent = SmsMessage.objects.filter(text=text).count()
    skipped = _log_has(worker_log, restart_offset, "was sent already")
    print(f"  killed {meaning}: paused {'yes' if paused else 'NO'}; in the outbox before the kill {sent_before_kill}")
    print(
        f"    after the restart: task handed out again and acknowledged {'yes' if ran_again else 'NO'} "
        f"({took:.1f} s after the kill; visibility timeout 5 s)"
        + ("; the worker found its key sent and did not send it again" if skipped else "")
    )
    print(f"    texts in the outbox: {sent} (want exactly 1)")
    return paused and ran_again and sent == 1 and (where == "before" or skipped)


def worker_killed(context: Context) -> bool:
    before = _kill_round(context, "before", "before the send (the text must not be lost)")
    after = _kill_round(context, "after", "after the send, before the acknowledgement (the text must not go twice)")
    return before and after


# --- (e) catalog throughput through nginx, 1 web process then 2 --------------------------------------------
CATALOG_PATH = "/api/products"


def _hammer(port: int, connections: int, seconds: float) -> tuple[list[float], int]:
    """`connections` keep-alive clients GET the catalog list for `seconds`; (latencies in ms, errors)."""
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    stop_at = time.monotonic() + seconds

    def client() -> None:
        mine, failed = [], 0
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        while time.monotonic() < stop_at:
            began = time.perf_counter()
            try:
                conn.request("GET", CATALOG_PATH, headers={"Host": "127.0.0.1"})
                response = conn.getresponse()
                response.read()
                if response.status != 200:
                    failed += 1
                    continue
                mine.append((time.perf_counter() - began) * 1000)
            except (OSError, http.client.HTTPException):
                failed += 1
                conn.close()
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.close()
        with lock:
            latencies.extend(mine)
            errors[0] += failed

    threads = [threading.Thread(target=client) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    return latencies, errors[0]


def throughput(context: Context) -> bool:
    topology = context.topology
    port = topology.ports["nginx"]
    seconds = 5 if context.args.quick else 15
    connections = 8
    database_url = context.served["DATABASE_URL"].replace(f"127.0.0.1:{topology.ports['pgbouncer']}", "127.0.0.1:5432")
    ok = True
    figures = {}
    for web in (["web-a"], ["web-a", "web-b"]):
        topology.reload_nginx(web)
        _hammer(port, connections, 1.0)  # warm: connections, pools, first answers
        before = {name: process_group_cpu_seconds(topology.processes[name]) for name in web}
        database_before = database_backends_cpu(database_url)
        began = time.perf_counter()
        latencies, errors = _hammer(port, connections, seconds)
        wall = time.perf_counter() - began
        cpu = {name: process_group_cpu_seconds(topology.processes[name]) - before[name] for name in web}
        database_cpu = sum(
            seconds_now - database_before.get(pid, 0.0)
            for pid, seconds_now in database_backends_cpu(database_url).items()
        )
        rate = len(latencies) / wall
        figures[len(web)] = rate
        print(
            f"  {len(web)} web process(es), {connections} keep-alive connections, {wall:.0f} s: {rate:.0f} req/s, "
            f"p50 {statistics.median(latencies):.1f} ms, p95 {percentile(latencies, 0.95):.1f} ms, errors {errors}"
        )
        print(
            "    CPU seconds: "
            + ", ".join(f"{name} {value:.1f}" for name, value in cpu.items())
            + f", PostgreSQL backends {database_cpu:.1f}; {len(latencies) / max(0.01, sum(cpu.values())):.0f} requests "
            f"per web CPU-second; load average {' '.join(f'{v:.2f}' for v in os.getloadavg())}"
        )
        ok = ok and errors == 0 and bool(latencies)
    print(f"  2 web processes / 1: {figures[2] / figures[1]:.2f}x")
    return ok
