"""The shop as an ONDC seller under the network's load (issue 44): search ACKs and the paged catalog.

    .venv/bin/python bench/ondc.py [--requests 100] [--concurrency 100] [--workers 2] [--threads N] [--reuse]

What it does, in order:
1. its own PostgreSQL database (`bench_ondc`; `--reuse` keeps a filled one), migrated, filled with
   1,112 products x 3 brands x 3 packs (10,008 packs, `bench/catalog_api.py`'s filler);
2. builds the whole catalog's `on_search` in this process (`ondc.listing.catalog_pages`, no keyword):
   the seconds, the pages, the packs, and the largest page's bytes as sent (compact UTF-8 JSON),
   checked against `LARGEST_PAGE_BYTES`;
3. serves the shop the production way (the Procfile's `web`, SHOP_ENV=production, DEBUG off,
   `--workers` workers of the Procfile's `WEB_THREADS` threads, or `--threads`) with ONDC on, Redis
   as broker and cache (its own database index, emptied first) and no Celery worker, so an ACK is
   measured alone, as a buyer app sees it (the answers wait in the queue, as they would for the
   worker); a registry on loopback answers the key lookups;
4. sends `--requests` signed `search` requests, `--concurrency` at once (each its own connection,
   message id and signature), and prints the ACKs, p50/p95/max latency and the load average, and
   the CPU each ACK took in the web workers and in PostgreSQL (which, unlike latency, does not
   depend on how busy the rest of the machine is).

Targets: p95 of the ACKs under 200 ms with 100 at once; every page under LARGEST_PAGE_BYTES.
"""

import argparse
import http.client
import json
import os
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from harness import (
    ROOT,
    cpu_used_since,
    create_database,
    database_backends_cpu,
    environment,
    free_port,
    percentile,
    process_group_cpu_seconds,
    setup_django,
    start_server,
    stop_server,
)

# The shop's apps before this folder's scripts (bench/counter.py is not the counter app).
sys.path.insert(0, str(ROOT))
import catalog_api  # noqa: E402

DATABASE_URL = os.environ.get("BENCH_ONDC_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_ondc")
REDIS_URL = os.environ.get("BENCH_ONDC_REDIS_URL", "redis://127.0.0.1:6379/12")
PRODUCTS = 1_112  # x 3 brands x 3 packs = 10,008 packs
TARGET_P95_MS = 200
LARGEST_PAGE_BYTES = 2_000_000  # a page well inside the network's message limits (a few MB)


def registry(keys: dict) -> tuple[ThreadingHTTPServer, str]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def do_POST(self):
            asked = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)))
            key = keys.get((asked.get("subscriber_id"), asked.get("ukId")))
            entries = (
                [
                    {
                        **asked,
                        "signing_public_key": key,
                        "valid_until": "2099-01-01T00:00:00.000Z",
                        "status": "SUBSCRIBED",
                    }
                ]
                if key
                else []
            )
            data = json.dumps(entries).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def search_body(bap_uri: str) -> bytes:
    stamp = datetime.now(UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")
    payload = {
        "context": {
            "domain": "ONDC:RET10",
            "country": "IND",
            "city": "std:08856",
            "action": "search",
            "core_version": "1.2.0",
            "bap_id": "buyer.bench.in",
            "bap_uri": bap_uri,
            "transaction_id": str(uuid.uuid4()),
            "message_id": str(uuid.uuid4()),
            "timestamp": stamp,
            "ttl": "PT30S",
        },
        "message": {"intent": {"item": {"descriptor": {"name": "rice"}}}},
    }
    return json.dumps(payload, separators=(",", ":")).encode()


def post(port: int, path: str, body: bytes, authorization: str) -> tuple[int, bytes]:
    """The exact signed bytes, each request its own connection (as 100 buyer apps' would be)."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        headers = {"Host": "127.0.0.1", "Authorization": authorization, "Content-Type": "application/json"}
        conn.request("POST", path, body=body, headers=headers)
        response = conn.getresponse()
        return response.status, response.read()
    finally:
        conn.close()


def load_average() -> str:
    return " ".join(f"{value:.2f}" for value in os.getloadavg())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--requests", type=int, default=100)
    parser.add_argument("--concurrency", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--threads", type=int, default=0, help="WEB_THREADS for the web workers (the Procfile's own)")
    parser.add_argument("--reuse", action="store_true")
    args = parser.parse_args()

    existed = create_database(DATABASE_URL, reuse=args.reuse)
    from ondc.signing import authorization_header, key_pair_new  # noqa: PLC0415 (after the path is set)

    shop_private, shop_public = key_pair_new()
    buyer_private, buyer_public = key_pair_new()
    server_registry, registry_url = registry({("buyer.bench.in", "k1"): buyer_public})
    extra = {
        "REDIS_URL": REDIS_URL,
        "CELERY_TASK_ALWAYS_EAGER": "0",
        "SMS_BACKEND": "outbox",
        "ONDC_ENABLED": "1",
        "ONDC_SUBSCRIBER_ID": "127.0.0.1",
        "ONDC_SIGNING_PRIVATE_KEY": shop_private,
        "ONDC_SIGNING_PUBLIC_KEY": shop_public,
        "ONDC_REGISTRY_URL": registry_url,
    }
    if args.threads:
        extra["WEB_THREADS"] = str(args.threads)
    env = environment(DATABASE_URL, production=True, **extra)
    setup_django({**environment(DATABASE_URL, production=False), "LOG_LEVEL": "WARNING"})
    from django.core.management import call_command  # noqa: PLC0415

    call_command("migrate", verbosity=0)
    catalog_api.PRODUCTS = PRODUCTS
    from catalog.models import Financial  # noqa: PLC0415

    if not existed or not Financial.objects.exists():
        print(f"==> filling: {catalog_api.fill():.1f} s")
    from ondc.listing import catalog_pages  # noqa: PLC0415
    from ondc.sending import wire_bytes  # noqa: PLC0415

    started = time.monotonic()
    sizes, packs = [], 0
    for page in catalog_pages():
        sizes.append(len(wire_bytes({"message": page})))
        packs += sum(len(provider["items"]) for provider in page["catalog"]["bpp/providers"])
    built = time.monotonic() - started
    print(
        f"on_search, whole catalog: {packs} packs in {len(sizes)} pages, built in {built:.1f} s; "
        f"largest page {max(sizes) / 1e6:.2f} MB (limit {LARGEST_PAGE_BYTES / 1e6:.1f} MB); load {load_average()}"
    )

    import redis  # noqa: PLC0415

    redis.Redis.from_url(REDIS_URL, socket_timeout=10).flushdb()
    port = free_port()
    server = start_server(env, port=port, workers=args.workers, log_name="ondc", ready_path="/healthz")
    try:
        bap_uri = "http://127.0.0.1:9/bap"  # never called: no worker sends the answers here

        def one(_):
            body = search_body(bap_uri)
            header = authorization_header(
                body=body, subscriber_id="buyer.bench.in", unique_key_id="k1", private_key=buyer_private
            )
            began = time.perf_counter()
            status, answer = post(port, "/ondc/search", body, header)
            return status, answer, (time.perf_counter() - began) * 1000

        for warm in range(2 * args.workers):
            one(warm)  # the first lookup of the buyer's key, and each worker's first requests
        web_before, database_before = process_group_cpu_seconds(server), database_backends_cpu(DATABASE_URL)
        with ThreadPoolExecutor(max_workers=args.concurrency) as pool:
            outcomes = list(pool.map(one, range(args.requests)))
        web_cpu = process_group_cpu_seconds(server) - web_before
        database_cpu = cpu_used_since(database_before, database_backends_cpu(DATABASE_URL))
    finally:
        stop_server(server)
        server_registry.shutdown()
        redis.Redis.from_url(REDIS_URL, socket_timeout=10).flushdb()
    acks = sum(status == 200 and b'"ACK"' in answer for status, answer, _ in outcomes)
    times = sorted(ms for *_, ms in outcomes)
    p95 = percentile(times, 0.95)
    print(
        f"search ACKs: {acks}/{args.requests} with {args.concurrency} at once, {args.workers} workers "
        f"x {args.threads or 'the Procfile default'} threads: "
        f"p50 {percentile(times, 0.5):.0f} ms, p95 {p95:.0f} ms, max {times[-1]:.0f} ms "
        f"(target p95 < {TARGET_P95_MS} ms); load {load_average()}"
    )
    # CPU per ACK does not depend on how busy the rest of the machine is, as latency does: the
    # burst's CPU over the machine's cores is about how long an idle machine takes for all of it.
    cores = os.cpu_count() or 1
    print(
        f"CPU per ACK: web {web_cpu / args.requests * 1000:.1f} ms, PostgreSQL {database_cpu / args.requests * 1000:.1f} ms; "
        f"the burst's CPU over {cores} cores: {(web_cpu + database_cpu) / cores * 1000:.0f} ms"
    )
    ok = acks == args.requests and p95 < TARGET_P95_MS and max(sizes) < LARGEST_PAGE_BYTES
    print("==> met" if ok else "==> NOT met")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
