"""Catalog reads under load, against a trivial JSON endpoint and PostgreSQL alone, in the same run.

    .venv/bin/python bench/catalog_api.py [--duration 10] [--connections 4] [--reuse]

What it does, in order:
1. creates its own PostgreSQL database (`bench_catalog`, dropped first if left over; `--reuse`
   keeps a filled one) and migrates it;
2. fills it with 10,000 products × 3 brands × 3 packs (bulk_create in batches), in the 23 demo
   categories, with names made from the demo catalog's ("Sona Masoori Rice Premium", ...) and
   Telugu names made the same way, and loads the demo search synonyms (issue 16);
3. counts the SQL queries of each measured request in-process (django.test.Client and
   CaptureQueriesContext against the same database), both when the answer is built (a miss of
   the shared catalog cache) and when it comes from the cache (a hit), and keeps the SQL that
   builds the product list's page 1;
4. serving: loads the trivial endpoint (`GET /api/ping`) under the web process before issue 17
   (uvicorn, ASGI, 2 workers) and under the Procfile's `web` process (gunicorn, WSGI, 2 workers),
   one after the other, and prints the ratio (target: at least 4×);
5. serves the shop the production way, the Procfile's `web` command, SHOP_ENV=production, DEBUG
   off, 2 workers, Redis as the cache (its own database index, emptied first), on a free loopback
   port;
6. loads each endpoint for `--duration` seconds with `--connections` keep-alive connections (wrk
   when installed, else Python threads), browser-like (`Accept-Encoding: gzip`), and prints
   requests/second, p50/p95 latency, the ratio to the trivial endpoint (measured before and after
   the others) and the SQL queries per request;
7. does it twice: as deployed (catalog answers shared through the cache for
   CATALOG_READ_CACHE_SECONDS, the default) and with that cache off, so every request builds its
   answer from PostgreSQL;
8. PostgreSQL alone: pgbench runs the SQL that builds the uncached list's page 1 (the statements
   step 3 kept), with as many clients as the load has connections, and the ORM's four statements
   from before issue 17 (`ORM_LIST_PAGE_SQL`) for the issue's reference figure.

Targets: trivial endpoint under WSGI at least 4× ASGI's; as deployed, the product list at least
half the trivial endpoint's throughput; uncached list page 1 at least 0.3× PostgreSQL alone
running the ORM's statements; uncached suggestions p95 under 30 ms, also for a local name, Telugu
script and a one-letter typo (issue 16); the uncached list ahead of
django-oscar's product API on the same data (183–188 req/s in issue 17's run, quoted, not
measured here). The machine's cores are shared by the server, PostgreSQL, Redis and the load
generator (and by whatever else runs there), so compare ratios within one run.
"""

import argparse
import http.client
import json
import os
import re
import shutil
import subprocess
import sys
import threading
import time
from decimal import Decimal
from urllib.parse import urlsplit

from harness import (
    ASGI_WEB_COMMAND,
    OUT,
    create_database,
    environment,
    free_port,
    request,
    setup_django,
    start_server,
    stop_server,
)

PRODUCTS = 10_000
BRANDS_PER_PRODUCT = 3
PACKS = [("500", "g", Decimal("60")), ("1", "kg", Decimal("110")), ("5", "kg", Decimal("520"))]
BATCH = 2_000
REDIS_URL = os.environ.get("BENCH_CATALOG_REDIS_URL", "redis://127.0.0.1:6379/3")

TRIVIAL = ("trivial JSON", "/api/ping")
LIST = ("list, page 1", "/api/products")
SUGGESTIONS = ("suggestions q=ric", "/api/products/suggestions?q=ric")
# Issue 16's search: a local name (synonym), Telugu script, a one-letter typo (found only after
# the names as typed found nothing: the slowest path), and a local name in the keyword search.
LOCAL_SUGGESTIONS = [
    ("suggest q=biyyam", "/api/products/suggestions?q=biyyam"),
    ("suggest q=బియ్యం", "/api/products/suggestions?q=%E0%B0%AC%E0%B0%BF%E0%B0%AF%E0%B1%8D%E0%B0%AF%E0%B0%82"),
    ("suggest q=basmti", "/api/products/suggestions?q=basmti"),
]
ENDPOINTS = [
    LIST,
    ("list, keyword=rice", "/api/products?keyword=rice"),
    ("list, keyword=nune", "/api/products?keyword=nune"),
    ("category, page 2", "/api/products/categories/rice-pulses/products?pageNumber=2"),
    ("featured", "/api/products/featured"),
    SUGGESTIONS,
    *LOCAL_SUGGESTIONS,
]
# Page 1 of GET /api/products as the ORM built it before issue 17 (products with category, brands,
# packs, and the COUNT), for pgbench: issue 17's reference "PostgreSQL alone" figure.
ORM_LIST_PAGE_SQL = None
OSCAR_PRODUCT_API_RPS = (183, 188)  # issue 17's run: django-oscar's product API on the same data, under WSGI
VARIANTS = (
    "Premium",
    "Classic",
    "Gold",
    "Select",
    "Fresh",
    "Organic",
    "Family Pack",
    "Value Pack",
    "Super",
    "Special",
    "Daily",
    "Royal",
    "Natural",
    "Pure",
    "Farm",
    "Village",
    "Traditional",
    "Homestyle",
    "Everyday",
    "Choice",
    "Deluxe",
    "Regular",
    "Extra",
    "Lite",
    "Rich",
    "Superior",
    "Signature",
    "Classic Plus",
    "Healthy",
    "Supreme",
    "Handpicked",
    "Golden",
    "Silver",
    "Star",
    "Prime",
    "Popular",
    "Fine",
    "Best",
    "Simple",
    "Smart",
    "Mega Pack",
    "Mini Pack",
    "Jumbo",
    "Combo",
    "Festive",
    "Andhra Style",
    "Konaseema",
    "Godavari",
    "Coastal",
    "Kitchen King",
    "Grand",
    "Swadeshi",
    "Desi",
    "Sampoorna",
    "Ananda",
)
WRK_REPORT = """
done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('WRK_JSON {"requests": %d, "duration_us": %d, "p50_us": %d, "p95_us": %d, '
    .. '"errors": %d, "non_2xx": %d}\\n', summary.requests, summary.duration, latency:percentile(50),
    latency:percentile(95), e.connect + e.read + e.write + e.timeout, e.status))
end
"""


def parse_args() -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--database-url",
        default=os.environ.get("BENCH_CATALOG_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/bench_catalog"),
    )
    parser.add_argument("--duration", type=int, default=10, help="seconds of load per endpoint (default 10)")
    parser.add_argument("--connections", type=int, default=4, help="concurrent keep-alive connections (default 4)")
    parser.add_argument("--workers", type=int, default=2, help="web worker processes (default 2)")
    parser.add_argument("--reuse", action="store_true", help="keep the database if it is already filled")
    parser.add_argument("--no-gzip", action="store_true", help="do not send Accept-Encoding: gzip")
    parser.add_argument("--cached-only", action="store_true", help="skip the pass with the catalog cache off")
    return parser.parse_args()


def catalog_environment(database_url: str, *, production: bool, cache_seconds: str | None = None) -> dict[str, str]:
    if not production:
        return environment(database_url, production=False)
    extra = {"REDIS_URL": REDIS_URL, "SMS_BACKEND": "outbox"}
    if cache_seconds is not None:
        extra["CATALOG_READ_CACHE_SECONDS"] = cache_seconds
    return environment(database_url, production=True, **extra)


def empty_redis_database() -> None:
    import redis

    redis.Redis.from_url(REDIS_URL, socket_timeout=10).flushdb()


def fill() -> float:
    """10,000 products × 3 brands × 3 packs, in bulk. Returns the seconds it took."""
    from django.db import connection, transaction
    from django.utils.text import slugify

    from catalog.demo_data import CATEGORIES, demo_products
    from catalog.demo_telugu import CATEGORY_NAMES_TE, PRODUCT_NAMES_TE
    from catalog.models import Category, Detail, Financial, Product
    from catalog.pricing import pack_prices

    started = time.monotonic()
    demos = demo_products()
    brands = sorted({brand.brand for demo in demos for brand in demo.brands})
    with transaction.atomic():
        categories = {
            category.name: category
            for category in Category.objects.bulk_create(
                Category(key=slugify(name), name=name, name_te=CATEGORY_NAMES_TE[name], sequence=position)
                for position, name in enumerate(CATEGORIES, 1)
            )
        }
        products = []
        for number in range(PRODUCTS):
            demo = demos[number % len(demos)]
            name = f"{demo.name} {VARIANTS[number // len(demos)]}"
            products.append(
                Product(
                    name=name,
                    name_te=f"{PRODUCT_NAMES_TE[demo.name]} {VARIANTS[number // len(demos)]}",
                    slug=slugify(name),
                    category=categories[demo.category],
                    image=f"/media/catalog/products/{slugify(demo.name)}.svg",
                    description=demo.description,
                    rating=Decimal(number % 41) / 10 + 1 if number % 3 else 0,
                    num_reviews=number % 3 * (number % 17),
                )
            )
        Product.objects.bulk_create(products, batch_size=BATCH)
        details = [
            Detail(product=product, brand=brands[(number * 7 + offset * 31) % len(brands)], images=[product.image])
            for number, product in enumerate(products)
            for offset in range(BRANDS_PER_PRODUCT)
        ]
        Detail.objects.bulk_create(details, batch_size=BATCH)
        financials = []
        for number, detail in enumerate(details):
            for quantity, units, base in PACKS:
                price = base + number % 50
                prices = pack_prices(price=price, discount=(number * 3) % 26)
                financials.append(
                    Financial(
                        detail=detail,
                        quantity=Decimal(quantity),
                        units=units,
                        price=prices.price,
                        dprice=prices.dprice,
                        discount=prices.discount,
                        count_in_stock=number % 60,
                    )
                )
        Financial.objects.bulk_create(financials, batch_size=BATCH)
    with connection.cursor() as cursor:
        # As autovacuum leaves a live database: bulk inserts wait in the trigram (GIN) indexes'
        # pending lists, which every search would otherwise read whole (5 ms per brand search).
        cursor.execute("VACUUM ANALYZE")
    return time.monotonic() - started


def load_synonyms() -> None:
    """The demo search synonyms ('biyyam' → rice...), which the local-name searches read."""
    from catalog.demo_telugu import SYNONYMS
    from catalog.models import SearchSynonym
    from catalog.search import synonym_word

    SearchSynonym.objects.bulk_create(
        [SearchSynonym(word=synonym_word(word), means=means) for word, means in SYNONYMS], ignore_conflicts=True
    )


def queries_per_request(paths: list[str]) -> tuple[dict[str, tuple[int, int]], dict[str, list[str]]]:
    """({path: (SQL queries when the answer is built, SQL queries when it comes from the cache)},
    {path: the SQL statements that build the answer})."""
    from django.core.cache import cache
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext, override_settings

    client = Client()
    statements = {}

    def count(path: str) -> int:
        with CaptureQueriesContext(connection) as context:
            response = client.get(path)
        if response.status_code != 200:
            sys.exit(f"{path} answered {response.status_code}: {response.content[:300]!r}")
        statements[path] = [query["sql"] for query in context.captured_queries]
        return len(context.captured_queries)

    counts, built_by = {}, {}
    for path in paths:
        with override_settings(CATALOG_READ_CACHE_SECONDS=0):
            count(path)  # warm: first-request work (connection, imports) is not what is measured
            built = count(path)
            built_by[path] = statements[path]
        cache.clear()
        with override_settings(CATALOG_READ_CACHE_SECONDS=60):
            count(path)
            from_cache = count(path)
        counts[path] = (built, from_cache)
    return counts, built_by


def build_times(paths: list[str], *, repeat: int = 60) -> dict[str, tuple[float, float]]:
    """{path: (p50, p95) milliseconds} of answering `path` in-process, one request at a time, with
    the catalog cache off: the work of one answer (SQL included) without the queueing of a
    loaded server, so it moves less with whatever else shares the machine."""
    from django.test import Client
    from django.test.utils import override_settings

    client = Client()
    times = {}
    with override_settings(CATALOG_READ_CACHE_SECONDS=0):
        for path in paths:
            client.get(path)  # warm
            spent = []
            for _ in range(repeat):
                began = time.perf_counter()
                client.get(path)
                spent.append((time.perf_counter() - began) * 1000)
            spent.sort()
            times[path] = (spent[len(spent) // 2], spent[int(len(spent) * 0.95) - 1])
    return times


def pgbench(database_url: str, statements: list[str], *, seconds: int, clients: int, name: str) -> float:
    """Transactions per second of pgbench running `statements` as one transaction (one page)."""
    script = OUT / f"pgbench-{name}.sql"
    script.write_text("".join(f"{' '.join(statement.split())};\n" for statement in statements))
    parts = urlsplit(database_url)
    command = [
        "pgbench",
        "--no-vacuum",
        "--protocol=simple",  # Django's psycopg sends its statements with the values inlined
        f"--client={clients}",
        f"--jobs={min(2, clients)}",
        f"--time={seconds}",
        f"--file={script}",
        f"--host={parts.hostname}",
        f"--port={parts.port or 5432}",
        f"--username={parts.username or 'postgres'}",
        parts.path.lstrip("/"),
    ]
    result = subprocess.run(command, capture_output=True, text=True, timeout=seconds + 60)
    match = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", result.stdout)
    if result.returncode != 0 or not match:
        sys.exit(f"pgbench failed: {result.stdout}\n{result.stderr}")
    return float(match.group(1))


# --- Server and load ---------------------------------------------------------------------------------


def get(port: int, path: str, headers: dict | None = None) -> tuple[int, bytes]:
    return request(port, "GET", path, headers=headers)


def load_with_wrk(url: str, seconds: int, connections: int, headers: dict) -> dict:
    script = OUT / "wrk-report.lua"
    script.write_text(WRK_REPORT)
    command = ["wrk", "-t", str(min(2, connections)), "-c", str(connections), "-d", f"{seconds}s", "-s", str(script)]
    for name, value in headers.items():
        command += ["-H", f"{name}: {value}"]
    result = subprocess.run([*command, url], capture_output=True, text=True, timeout=seconds + 60)
    match = re.search(r"WRK_JSON (\{.*\})", result.stdout)
    if not match:
        sys.exit(f"wrk failed: {result.stdout}\n{result.stderr}")
    raw = json.loads(match.group(1))
    return {
        "rps": raw["requests"] / (raw["duration_us"] / 1e6),
        "p50": raw["p50_us"] / 1000,
        "p95": raw["p95_us"] / 1000,
        "errors": raw["errors"] + raw["non_2xx"],
    }


def load_with_threads(url: str, seconds: int, connections: int, headers: dict) -> dict:
    """The fallback when wrk is not installed: one keep-alive connection per thread."""
    parts = urlsplit(url)
    path = parts.path + (f"?{parts.query}" if parts.query else "")
    latencies: list[float] = []
    errors = [0]
    lock = threading.Lock()
    deadline = time.perf_counter() + seconds

    def run():
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
        mine = []
        while time.perf_counter() < deadline:
            began = time.perf_counter()
            try:
                conn.request("GET", path, headers={"Host": "127.0.0.1", **headers})
                response = conn.getresponse()
                response.read()
                ok = response.status == 200
            except OSError:
                conn.close()
                conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=30)
                ok = False
            mine.append(time.perf_counter() - began)
            if not ok:
                with lock:
                    errors[0] += 1
        conn.close()
        with lock:
            latencies.extend(mine)

    started = time.perf_counter()
    threads = [threading.Thread(target=run) for _ in range(connections)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=seconds + 60)
    elapsed = time.perf_counter() - started
    ordered = sorted(latencies)
    return {
        "rps": len(ordered) / elapsed,
        "p50": ordered[len(ordered) // 2] * 1000,
        "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000,
        "errors": errors[0],
    }


def serve(env: dict[str, str], args, headers: dict, *, name: str, command: str | None = None) -> tuple:
    """Start a server (the Procfile's web process, or `command`), warm every worker on every path."""
    port = free_port()
    server = start_server(env, port=port, workers=args.workers, log_name=name, ready_path=TRIVIAL[1], command=command)
    try:
        for _, path in [TRIVIAL, *ENDPOINTS]:
            for _ in range(4 * args.workers):
                status, _ = get(port, path, headers)
                if status != 200:
                    sys.exit(f"{path} answered {status}")
    except BaseException:
        stop_server(server)
        raise
    return server, port


def load_average() -> str:
    return ", ".join(f"{value:.1f}" for value in os.getloadavg())


def main() -> int:
    args = parse_args()
    existed = create_database(args.database_url, reuse=args.reuse)
    setup_django(catalog_environment(args.database_url, production=False))
    from django.core.management import call_command
    from django.db import connections

    from catalog.models import Detail, Financial, Product

    name = urlsplit(args.database_url).path.lstrip("/")
    call_command("migrate", verbosity=0)
    load_synonyms()
    if existed and Product.objects.count() == PRODUCTS:
        print(f"==> database {name}: reusing {PRODUCTS} products")
    else:
        if existed:
            sys.exit(f"{name} exists but is not a filled benchmark database; run without --reuse")
        seconds = fill()
        print(
            f"==> database {name}: {Product.objects.count()} products, {Detail.objects.count()} brands, "
            f"{Financial.objects.count()} packs, filled in {seconds:.1f} s"
        )

    paths = [TRIVIAL[1], *(path for _, path in ENDPOINTS)]
    queries, statements = queries_per_request(paths)
    suggestion_paths = [path for _, path in [SUGGESTIONS, *LOCAL_SUGGESTIONS]]
    built = build_times(suggestion_paths)
    connections.close_all()
    print(f"suggestions built in-process, one at a time, cache off  [load average: {load_average()}]")
    print(f"{'endpoint':<22} {'p50 ms':>8} {'p95 ms':>8}")
    for label, path in [SUGGESTIONS, *LOCAL_SUGGESTIONS]:
        print(f"{label:<22} {built[path][0]:>8.1f} {built[path][1]:>8.1f}")
    slowest_built = max(p95 for _, p95 in built.values())
    print()

    load = load_with_wrk if shutil.which("wrk") else load_with_threads
    headers = {} if args.no_gzip else {"Accept-Encoding": "gzip"}
    how = (
        f"{args.workers} workers, {args.connections} connections, {args.duration} s per endpoint "
        f"({'wrk' if load is load_with_wrk else 'Python threads'}, {'gzip' if headers else 'no gzip'}), "
        f"{os.cpu_count()} CPUs shared with PostgreSQL, Redis and the client"
    )
    errors = 0
    summaries = []

    # --- Serving: the trivial endpoint under today's web process and under the ASGI one before it.
    print(f"==> serving: SHOP_ENV=production, DEBUG off, Redis cache; {how}")
    serving = {}
    deployed = catalog_environment(args.database_url, production=True)
    for label, command in (("ASGI: uvicorn (before)", ASGI_WEB_COMMAND), ("WSGI: Procfile web", None)):
        empty_redis_database()
        server, port = serve(deployed, args, headers, name="serving", command=command)
        try:
            serving[label] = load(f"http://127.0.0.1:{port}{TRIVIAL[1]}", args.duration, args.connections, headers)
        finally:
            stop_server(server)
        errors += serving[label]["errors"]
    print()
    print(f"trivial endpoint {TRIVIAL[1]}  [load average after: {load_average()}]")
    print(f"{'web process':<26} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'errors':>7}")
    for label, result in serving.items():
        print(f"{label:<26} {result['rps']:>8.0f} {result['p50']:>8.1f} {result['p95']:>8.1f} {result['errors']:>7}")
    asgi_rps, wsgi_rps = (result["rps"] for result in serving.values())
    serving_ratio = wsgi_rps / asgi_rps
    print(f"WSGI / ASGI: {serving_ratio:.1f}x")
    summaries.append(
        f"serving: trivial endpoint under WSGI {serving_ratio:.1f}x ASGI (target >= 4x: {met(serving_ratio >= 4)})"
    )

    # --- Catalog endpoints under the Procfile's web process, cache on and off.
    passes = [("as deployed: catalog cache on (CATALOG_READ_CACHE_SECONDS default)", None)]
    if not args.cached_only:
        passes.append(("catalog cache off (CATALOG_READ_CACHE_SECONDS=0): every answer built", "0"))
    print()
    print(f"==> the Procfile's web process (gunicorn shop.wsgi), SHOP_ENV=production, DEBUG off, Redis cache; {how}")
    runs = [("trivial, before", TRIVIAL[1]), *ENDPOINTS, ("trivial, after", TRIVIAL[1])]
    uncached = {}
    for title, cache_seconds in passes:
        empty_redis_database()
        env = catalog_environment(args.database_url, production=True, cache_seconds=cache_seconds)
        server, port = serve(env, args, headers, name="catalog")
        results = {}
        try:
            for label, path in runs:
                results[label] = load(f"http://127.0.0.1:{port}{path}", args.duration, args.connections, headers)
        finally:
            stop_server(server)

        cached = cache_seconds is None
        trivial_rps = (results["trivial, before"]["rps"] + results["trivial, after"]["rps"]) / 2
        print()
        print(f"{title}  [load average after: {load_average()}]")
        print(
            f"{'endpoint':<22} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'vs trivial':>11} {'SQL/req':>8} {'errors':>7}"
        )
        for label, path in runs:
            result = results[label]
            built, from_cache = queries[path]
            sql = f"{from_cache}/{built}" if cached and built != from_cache else str(built)
            print(
                f"{label:<22} {result['rps']:>8.0f} {result['p50']:>8.1f} {result['p95']:>8.1f} "
                f"{result['rps'] / trivial_rps:>10.2f}x {sql:>8} {result['errors']:>7}"
            )
            errors += result["errors"]
        if cached:
            print("(SQL/req hit/miss: none when the answer comes from the cache; a miss builds it)")
            list_ratio = results[LIST[0]]["rps"] / trivial_rps
            summaries.append(
                f"as deployed: list {list_ratio:.2f}x the trivial throughput (target >= 0.5x: {met(list_ratio >= 0.5)})"
            )
        else:
            uncached = results

    if uncached:
        # --- PostgreSQL alone, the same SQL, the same number of connections.
        built_sql = statements[LIST[1]]
        ours = pgbench(args.database_url, built_sql, seconds=args.duration, clients=args.connections, name="list")
        orm = (
            pgbench(args.database_url, ORM_LIST_PAGE_SQL, seconds=args.duration, clients=args.connections, name="orm")
            if ORM_LIST_PAGE_SQL
            else ours
        )
        list_rps = uncached[LIST[0]]["rps"]
        print()
        print(
            f"PostgreSQL alone (pgbench, {args.connections} clients, {args.duration} s)  [load average after: {load_average()}]"
        )
        print(f"{'SQL of the list page 1':<44} {'pages/s':>8} {'uncached list / it':>19}")
        print(f"{f'ours ({len(built_sql)} statement(s))':<44} {ours:>8.0f} {list_rps / ours:>18.2f}x")
        print(f"{'the ORM before issue 17 (4 statements)':<44} {orm:>8.0f} {list_rps / orm:>18.2f}x")
        suggestions_p95 = uncached[SUGGESTIONS[0]]["p95"]
        local_label, local = max(
            ((label, uncached[label]) for label, _ in LOCAL_SUGGESTIONS), key=lambda x: x[1]["p95"]
        )
        summaries += [
            f"uncached list page 1: {list_rps:.0f} req/s = {list_rps / orm:.2f}x PostgreSQL alone running the ORM's "
            f"statements, {list_rps / ours:.2f}x running ours (target >= 0.3x: {met(list_rps / orm >= 0.3)})",
            f"uncached suggestions p95 {suggestions_p95:.1f} ms (target < 30 ms: {met(suggestions_p95 < 30)})",
            f"uncached local-name suggestions (synonym, Telugu, typo): slowest p95 {local['p95']:.1f} ms, "
            f"{local_label} (target < 30 ms: {met(local['p95'] < 30)})",
            f"suggestions built in-process one at a time (each endpoint above): slowest p95 {slowest_built:.1f} ms "
            f"(target < 30 ms: {met(slowest_built < 30)})",
            f"uncached list {list_rps:.0f} req/s vs django-oscar's product API {OSCAR_PRODUCT_API_RPS[0]}-"
            f"{OSCAR_PRODUCT_API_RPS[1]} req/s (issue 17's figure, quoted; target ahead: "
            f"{met(list_rps > OSCAR_PRODUCT_API_RPS[1])})",
        ]
    print()
    print("Targets:")
    for line in summaries:
        print(f"  {line}")
    return 0 if errors == 0 else 1


def met(condition: bool) -> str:
    return "met" if condition else "missed"


if __name__ == "__main__":
    sys.exit(main())
