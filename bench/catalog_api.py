"""Catalog reads under load, against a trivial JSON endpoint and PostgreSQL alone, in the same run.

    .venv/bin/python bench/catalog_api.py [--duration 10] [--connections 4] [--reuse] [--short] [--in-process-only]

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
   the others), the SQL queries per request, the web processes' CPU time per request (user +
   system, read from /proc: it moves far less with the rest of the machine than latency does)
   and its ratio to the trivial request's, and the load average after each endpoint's run;
7. does it twice: as deployed (catalog answers shared through the cache for
   CATALOG_READ_CACHE_SECONDS, the default) and with that cache off, so every request builds its
   answer from PostgreSQL;
8. PostgreSQL alone: pgbench runs the SQL that builds the uncached list's page 1 (the statements
   step 3 kept), with as many clients as the load has connections, and the ORM's four statements
   that built the same page before issue 17 (`selectors.product_list` + `serializers`, still the
   portable path on SQLite; captured in this run), for the issue's reference figure; and how long
   building page 1 takes in this process either way (the statement as `catalog.answers` runs it,
   and the ORM's models and serializers).

`--short` serves only the trivial endpoint, the list's page 1 and the five suggestions (steps 5-7),
for issue 34's figures in a few minutes.

`--suggestions-only` (issue 47) serves the trivial endpoint and every suggestion above with the
catalog cache off, `ROUNDS` rounds in turn, and nothing else (no in-process builds, no pgbench);
with `--vs ROOT`, a second checkout of the shop (`git worktree add` or `git archive` of another
commit, its .venv beside it or this one's) is served beside this one on the same database, the
two loaded in turn for each query and round, so that the rest of the machine weighs on both
alike: the figures of both, side by side, and this one's web CPU over the other's; PostgreSQL's
backends' CPU per request beside the web processes', and the load average before and after.

Targets: trivial endpoint under WSGI at least 4× ASGI's; as deployed, the product list at least
half the trivial endpoint's throughput; uncached list page 1 at least 0.3× PostgreSQL alone
running the ORM's statements; uncached suggestions p95 under 30 ms, also for a local name, Telugu
script and a one-letter typo (issue 16), and (issue 34) at most 3 ms of web CPU each; as deployed,
the cached list at most 1.3× the trivial request's web CPU; the uncached list ahead of
django-oscar's product API on the same data (183–188 req/s in issue 17's run, quoted, not
measured here). The machine's cores are shared by the server, PostgreSQL, Redis and the load
generator (and by whatever else runs there), so compare ratios within one run.
"""

import argparse
import http.client
import json
import os
import re
import shlex
import shutil
import subprocess
import sys
import threading
import time
from decimal import Decimal
from pathlib import Path
from urllib.parse import urlsplit

from harness import (
    ASGI_WEB_COMMAND,
    OUT,
    ROOT,
    cpu_used_since,
    create_database,
    database_backends_cpu,
    environment,
    free_port,
    process_cpu_seconds,
    process_group_cpu_seconds,
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
    ("suggest q=sugr", "/api/products/suggestions?q=sugr"),  # issue 29: a typo in a word of four letters
    ("suggest q=sugar 5 kg", "/api/products/suggestions?q=sugar%205%20kg"),  # issue 47: a size, its pack picked
    # issue 47: two words and a size glued to its unit, the costliest phrase (6-7.6 ms of PostgreSQL CPU, 4 December)
    ("suggest q=toor dal 1kg", "/api/products/suggestions?q=toor%20dal%201kg"),
]
# Issue 29: more of the ranking's paths, and bad input (a fast empty answer or a 400), built in-process.
MORE_SUGGESTIONS = [
    ("suggest q=oil", "/api/products/suggestions?q=oil"),  # many matches to rank
    ("suggest q=tumeric", "/api/products/suggestions?q=tumeric"),
    ("suggest q=tata toor dal", "/api/products/suggestions?q=tata%20toor%20dal"),  # every word
    ("suggest q=milk", "/api/products/suggestions?q=milk"),  # about 300 brands match: the shown-brand rule
    ("list keyword=daal", "/api/products?keyword=daal"),
]
BAD_INPUT = [
    ("1 character", "/api/products/suggestions?q=r"),
    ("500 characters (400)", "/api/products/suggestions?q=" + "rice%20" * 71 + "ric"),
    ("150 characters", "/api/products/suggestions?q=" + "a%20b" * 50),
    ("punctuation only", "/api/products/suggestions?q=%21%40%23%24%25%5E%26*()"),
    (
        "mixed scripts",
        "/api/products/suggestions?q=rice%20%E0%B0%AC%E0%B0%BF%E0%B0%AF%E0%B1%8D%E0%B0%AF%E0%B0%82%20%D0%BC%D0%BE%D0%BB%D0%BE%D0%BA%D0%BE",
    ),
    ("list, punctuation only", "/api/products?keyword=%21%21%21"),
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
SHORT_ENDPOINTS = [LIST, SUGGESTIONS, *LOCAL_SUGGESTIONS]  # --short
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
    parser.add_argument(
        "--short",
        action="store_true",
        help="serve only the trivial endpoint, the list's page 1 and the suggestions, cache on and off "
        "(no ASGI comparison, no pgbench)",
    )
    parser.add_argument(
        "--suggestions-only",
        action="store_true",
        help="serve the trivial endpoint and the suggestions only, catalog cache off, in rounds (issue 47)",
    )
    parser.add_argument(
        "--vs",
        metavar="ROOT",
        help="with --suggestions-only: serve this other checkout beside this one and load the two in turn",
    )
    parser.add_argument(
        "--in-process-only",
        action="store_true",
        help="stop after the suggestions and bad input built in-process (no servers, no load)",
    )
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

    from catalog.models import Category, Detail, Financial, Product
    from catalog.pricing import pack_prices
    from demo.data import CATEGORIES, demo_products
    from demo.telugu import CATEGORY_NAMES_TE, PRODUCT_NAMES_TE

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
        # What autovacuum leaves in a live database: statistics, the visibility map that lets a count
        # read an index alone, and the trigram (GIN) indexes' pending lists of the bulk inserts
        # merged (every search would otherwise read them whole: 5 ms per brand search).
        cursor.execute("VACUUM ANALYZE")
    return time.monotonic() - started


def load_synonyms() -> None:
    """The demo search synonyms ('biyyam' → rice...), which the local-name searches read."""
    from catalog.models import SearchSynonym
    from catalog.search import synonym_word
    from demo.regional import REGIONAL_SYNONYMS
    from demo.telugu import SYNONYMS

    SearchSynonym.objects.bulk_create(
        [SearchSynonym(word=synonym_word(word), means=means) for word, means in [*SYNONYMS, *REGIONAL_SYNONYMS]],
        ignore_conflicts=True,
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


def list_build_times(rounds: int = 200) -> tuple[list[str], dict[str, float]]:
    """(the ORM's statements for the list's page 1, {way: milliseconds to build that page here})."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from catalog import answers, selectors, serializers
    from common.pagination import PRODUCT_LIST

    def orm() -> bytes:
        page = selectors.product_list(keyword="", page=1, page_size=PRODUCT_LIST.default)
        return answers.render(serializers.page_data(page))

    def fast() -> bytes:
        return answers.product_list(keyword="", page=1, page_size=PRODUCT_LIST.default)

    if json.loads(orm()) != json.loads(fast()):
        sys.exit("the ORM's list page and catalog.answers' differ")
    with CaptureQueriesContext(connection) as context:
        orm()
    times = {}
    for name, build in (("catalog.answers (one statement)", fast), ("ORM models + serializers", orm)):
        build()
        started = time.perf_counter()
        for _ in range(rounds):
            build()
        times[name] = (time.perf_counter() - started) / rounds * 1000
    return [query["sql"] for query in context.captured_queries], times


def build_times(paths: list[str], *, repeat: int = 60) -> dict[str, tuple[float, float, float]]:
    """{path: (p50, p95, CPU) milliseconds} of answering `path` in-process, one request at a time,
    with the catalog cache off: the work of one answer (SQL included) without the queueing of a
    loaded server, so it moves less with whatever else shares the machine; CPU is this process's
    (user + system) per request, PostgreSQL's left out."""
    from django.test import Client
    from django.test.utils import override_settings

    client = Client()
    times = {}
    with override_settings(CATALOG_READ_CACHE_SECONDS=0):
        for path in paths:
            client.get(path)  # warm
            spent = []
            cpu_before = time.process_time()
            for _ in range(repeat):
                began = time.perf_counter()
                client.get(path)
                spent.append((time.perf_counter() - began) * 1000)
            cpu = (time.process_time() - cpu_before) / repeat * 1000
            spent.sort()
            times[path] = (spent[len(spent) // 2], spent[int(len(spent) * 0.95) - 1], cpu)
    return times


def pgbench(database_url: str, statements: list[str], *, seconds: int, clients: int, name: str) -> dict:
    """pgbench running `statements` as one transaction (one page): {"tps", "database_cpu_ms" and
    "client_cpu_ms" per page (PostgreSQL's backends, pgbench itself), sampled from 1 s after the
    start to just before the end}."""
    script = OUT / f"pgbench-{name}.sql"
    script.write_text("".join(f"{' '.join(statement.split())};\n" for statement in statements))
    parts = urlsplit(database_url)
    command = [
        "pgbench",
        "--no-vacuum",
        "--protocol=simple",  # how Django's psycopg sends its own statements: the values inlined
        f"--client={clients}",
        f"--jobs={min(2, clients)}",
        f"--time={seconds}",
        f"--file={script}",
        f"--host={parts.hostname}",
        f"--port={parts.port or 5432}",
        f"--username={parts.username or 'postgres'}",
        parts.path.lstrip("/"),
    ]
    bench = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    time.sleep(1)
    started, database_before, client_before = time.perf_counter(), database_backends_cpu(database_url), 0.0
    client_before = process_cpu_seconds(bench.pid)
    time.sleep(max(0.5, seconds - 1.5))
    database_cpu = cpu_used_since(database_before, database_backends_cpu(database_url))
    client_cpu, window = process_cpu_seconds(bench.pid) - client_before, time.perf_counter() - started
    out, err = bench.communicate(timeout=seconds + 60)
    match = re.search(r"tps = ([0-9.]+) \(without initial connection time\)", out)
    if bench.returncode != 0 or not match:
        sys.exit(f"pgbench failed: {out}\n{err}")
    tps = float(match.group(1))
    pages = tps * window
    return {"tps": tps, "database_cpu_ms": database_cpu / pages * 1000, "client_cpu_ms": client_cpu / pages * 1000}


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
        "requests": raw["requests"],
        "seconds": raw["duration_us"] / 1e6,
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
        "requests": len(ordered),
        "seconds": elapsed,
        "p50": ordered[len(ordered) // 2] * 1000,
        "p95": ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))] * 1000,
        "errors": errors[0],
    }


def serve(env: dict[str, str], args, headers: dict, *, name: str, command: str | None = None) -> tuple:
    """Start a server (the Procfile's web process, or `command`), warm every worker on every path."""
    port = free_port()
    server = start_server(env, port=port, workers=args.workers, log_name=name, ready_path=TRIVIAL[1], command=command)
    try:
        for _, path in [TRIVIAL, *(SHORT_ENDPOINTS if args.short else ENDPOINTS)]:
            for _ in range(4 * args.workers):
                status, _ = get(port, path, headers)
                if status != 200:
                    sys.exit(f"{path} answered {status}")
    except BaseException:
        stop_server(server)
        raise
    return server, port


ROUNDS = 3  # measurements compared with each other are taken in turn, this many times each


class Tally:
    """Loads of one server added up: requests per second over every round, the worst round's
    latencies, and the CPU time the server's processes spent per request (its own work, however
    busy the rest of the machine is)."""

    def __init__(self, database_url: str | None = None):
        self.rounds: list[dict] = []
        self.cpu = self.database_cpu = 0.0
        self.database_url = database_url  # also count PostgreSQL's CPU for these requests
        self.loads: list[float] = []  # the 1-minute load average after each round

    def add(self, server, run) -> None:
        before = process_group_cpu_seconds(server)
        database_before = database_backends_cpu(self.database_url) if self.database_url else {}
        self.rounds.append(run())
        self.cpu += process_group_cpu_seconds(server) - before
        self.loads.append(os.getloadavg()[0])
        if self.database_url:
            self.database_cpu += cpu_used_since(database_before, database_backends_cpu(self.database_url))

    @property
    def rps(self) -> float:
        return sum(r["requests"] for r in self.rounds) / sum(r["seconds"] for r in self.rounds)

    @property
    def p50(self) -> float:
        return max(r["p50"] for r in self.rounds)

    @property
    def p95(self) -> float:
        return max(r["p95"] for r in self.rounds)

    @property
    def errors(self) -> int:
        return sum(r["errors"] for r in self.rounds)

    @property
    def cpu_ms(self) -> float:
        return self.cpu / sum(r["requests"] for r in self.rounds) * 1000

    @property
    def load(self) -> str:
        return f"{min(self.loads):.1f}" if len(set(self.loads)) == 1 else f"{min(self.loads):.1f}-{max(self.loads):.1f}"

    @property
    def database_cpu_ms(self) -> float:
        return self.database_cpu / sum(r["requests"] for r in self.rounds) * 1000


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

    if args.suggestions_only:
        return suggestions_only(args)
    paths = [TRIVIAL[1], *(path for _, path in ENDPOINTS)]
    queries, statements = queries_per_request(paths)
    orm_sql, build_ms = list_build_times()
    print("==> building the list's page 1 in this process (the same JSON either way):")
    for way, ms in build_ms.items():
        print(f"    {way:<34} {ms:>6.2f} ms")
    measured = [SUGGESTIONS, *LOCAL_SUGGESTIONS, *MORE_SUGGESTIONS]
    built = build_times([path for _, path in measured])
    bad = build_times([path for _, path in BAD_INPUT])
    connections.close_all()
    print(f"suggestions built in-process, one at a time, cache off  [load average: {load_average()}]")
    print(f"{'endpoint':<26} {'p50 ms':>8} {'p95 ms':>8} {'CPU ms/req':>11}")
    for label, path in measured:
        print(f"{label:<26} {built[path][0]:>8.1f} {built[path][1]:>8.1f} {built[path][2]:>11.2f}")
    slowest_built = max(p95 for _, p95, _ in built.values())
    print(f"bad input (issue 29: a fast empty answer or a 400)  [load average: {load_average()}]")
    for label, path in BAD_INPUT:
        print(f"{label:<26} {bad[path][0]:>8.1f} {bad[path][1]:>8.1f} {bad[path][2]:>11.2f}")
    print(f"slowest bad input p95 {max(p95 for _, p95, _ in bad.values()):.1f} ms (target < 30 ms)")
    print()
    if args.in_process_only:
        return 0

    load = load_with_wrk if shutil.which("wrk") else load_with_threads
    headers = {} if args.no_gzip else {"Accept-Encoding": "gzip"}
    how = (
        f"{args.workers} workers, {args.connections} connections, {args.duration} s per endpoint "
        f"({'wrk' if load is load_with_wrk else 'Python threads'}, {'gzip' if headers else 'no gzip'}), "
        f"{os.cpu_count()} CPUs shared with PostgreSQL, Redis and the client"
    )
    errors = 0
    summaries = []

    if not args.short:
        # --- Serving: the trivial endpoint under today's web process and under the ASGI one before it,
        # both servers up at once and loaded in turn, so that the rest of the machine weighs on both alike.
        print(f"==> serving: SHOP_ENV=production, DEBUG off, Redis cache; {how}; {ROUNDS} rounds each, in turn")
        deployed = catalog_environment(args.database_url, production=True)
        empty_redis_database()
        servers = {}
        try:
            for label, command in (("ASGI: uvicorn (before)", ASGI_WEB_COMMAND), ("WSGI: Procfile web", None)):
                servers[label] = serve(deployed, args, headers, name=f"serving-{label[:4].lower()}", command=command)
            serving = {label: Tally() for label in servers}
            for _ in range(ROUNDS):
                for label, (server, port) in servers.items():
                    url = f"http://127.0.0.1:{port}{TRIVIAL[1]}"
                    serving[label].add(server, lambda url=url: load(url, args.duration, args.connections, headers))
        finally:
            for server, _ in servers.values():
                stop_server(server)
        print()
        print(f"trivial endpoint {TRIVIAL[1]}  [load average after: {load_average()}]")
        print(
            f"{'web process':<26} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'CPU ms/req':>11} {'errors':>7} {'load':>9}"
        )
        for label, tally in serving.items():
            print(
                f"{label:<26} {tally.rps:>8.0f} {tally.p50:>8.1f} {tally.p95:>8.1f} {tally.cpu_ms:>11.2f} {tally.errors:>7}"
                f" {tally.load:>9}"
            )
            errors += tally.errors
        asgi, wsgi = serving.values()
        serving_ratio, cpu_ratio = wsgi.rps / asgi.rps, asgi.cpu_ms / wsgi.cpu_ms
        print(
            f"WSGI / ASGI: {serving_ratio:.1f}x the requests per second, {cpu_ratio:.1f}x the requests per CPU-second"
        )
        summaries.append(
            f"serving: trivial endpoint under WSGI {serving_ratio:.1f}x ASGI's req/s, {cpu_ratio:.1f}x its requests "
            f"per server CPU-second (target >= 4x: {met(serving_ratio >= 4)})"
        )

    # --- Catalog endpoints under the Procfile's web process, cache on and off.
    passes = [("as deployed: catalog cache on (CATALOG_READ_CACHE_SECONDS default)", None)]
    if not args.cached_only:
        passes.append(("catalog cache off (CATALOG_READ_CACHE_SECONDS=0): every answer built", "0"))
    print()
    print(f"==> the Procfile's web process (gunicorn shop.wsgi), SHOP_ENV=production, DEBUG off, Redis cache; {how}")
    endpoints = SHORT_ENDPOINTS if args.short else ENDPOINTS
    runs = [("trivial, before", TRIVIAL[1]), *endpoints, ("trivial, after", TRIVIAL[1])]
    list_url_path, built_sql = LIST[1], statements[LIST[1]]
    for title, cache_seconds in passes:
        cached = cache_seconds is None
        empty_redis_database()
        env = catalog_environment(args.database_url, production=True, cache_seconds=cache_seconds)
        server, port = serve(env, args, headers, name="catalog")
        results = {label: Tally() for label, _ in runs}
        alone = {"list": Tally(args.database_url), "ours": [], "orm": []}
        try:
            for label, path in runs:
                url = f"http://127.0.0.1:{port}{path}"
                results[label].add(server, lambda url=url: load(url, args.duration, args.connections, headers))
            if not cached and not args.short:
                # The uncached list and PostgreSQL alone running the same SQL, in turn.
                list_url = f"http://127.0.0.1:{port}{list_url_path}"
                for _ in range(ROUNDS):
                    alone["list"].add(server, lambda url=list_url: load(url, args.duration, args.connections, headers))
                    for name, sql in (("ours", built_sql), ("orm", orm_sql)):
                        alone[name].append(
                            pgbench(args.database_url, sql, seconds=args.duration, clients=args.connections, name=name)
                        )
        finally:
            stop_server(server)

        trivial_rps = (results["trivial, before"].rps + results["trivial, after"].rps) / 2
        trivials = [results["trivial, before"], results["trivial, after"]]
        trivial_cpu = sum(t.cpu for t in trivials) / sum(r["requests"] for t in trivials for r in t.rounds) * 1000
        print()
        print(f"{title}  [load average after: {load_average()}]")
        print(
            f"{'endpoint':<22} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'vs trivial':>11} {'SQL/req':>8} "
            f"{'web CPU ms/req':>15} {'CPU vs trivial':>15} {'errors':>7} {'load':>9}"
        )
        for label, path in runs:
            tally = results[label]
            built, from_cache = queries[path]
            sql = f"{from_cache}/{built}" if cached and built != from_cache else str(built)
            print(
                f"{label:<22} {tally.rps:>8.0f} {tally.p50:>8.1f} {tally.p95:>8.1f} "
                f"{tally.rps / trivial_rps:>10.2f}x {sql:>8} {tally.cpu_ms:>15.2f} {tally.cpu_ms / trivial_cpu:>14.2f}x "
                f"{tally.errors:>7} {tally.load:>9}"
            )
            errors += tally.errors
        print(f"(trivial: web CPU {trivial_cpu:.2f} ms/req over its runs before and after the others)")
        suggestion_labels = [SUGGESTIONS[0], *(label for label, _ in LOCAL_SUGGESTIONS)]
        costliest = max(suggestion_labels, key=lambda label: results[label].cpu_ms)
        if cached:
            print("(SQL/req hit/miss: none when the answer comes from the cache; a miss builds it)")
            list_ratio = results[LIST[0]].rps / trivial_rps
            list_cpu_ratio = results[LIST[0]].cpu_ms / trivial_cpu
            summaries += [
                f"as deployed: list {list_ratio:.2f}x the trivial throughput (target >= 0.5x: {met(list_ratio >= 0.5)})",
                f"as deployed: cached list page 1 web CPU {results[LIST[0]].cpu_ms:.2f} ms/req = {list_cpu_ratio:.2f}x "
                f"the trivial request's {trivial_cpu:.2f} (target <= 1.3x: {met(list_cpu_ratio <= 1.3)}); cached "
                f"suggestions up to {results[costliest].cpu_ms / trivial_cpu:.2f}x ({costliest}); load "
                f"{results[LIST[0]].load}",
            ]
            continue
        loads = [average for label in suggestion_labels for average in results[label].loads]
        slowest = max(suggestion_labels, key=lambda label: results[label].p95)
        summaries += [
            f"uncached suggestions web CPU per request: at most {results[costliest].cpu_ms:.2f} ms ({costliest}; "
            f"target <= 3 ms on every query: {met(results[costliest].cpu_ms <= 3)}); load {min(loads):.1f}-"
            f"{max(loads):.1f}",
            f"uncached suggestions p95 at {args.connections} connections: at most {results[slowest].p95:.1f} ms "
            f"({slowest}; target < 30 ms on every query: {met(results[slowest].p95 < 30)})",
        ]
        if args.short:
            continue

        ours, orm = (
            {key: sum(r[key] for r in alone[name]) / ROUNDS for key in alone[name][0]} for name in ("ours", "orm")
        )
        listed = alone["list"]
        list_rps = listed.rps
        # Per page, the CPU every process spends: the web workers and PostgreSQL for our list (the
        # load generator left out), PostgreSQL and pgbench for PostgreSQL alone. On a machine of
        # their own, throughput is the cores over this.
        list_cpu = listed.cpu_ms + listed.database_cpu_ms
        print()
        print(
            f"the uncached list page 1 and PostgreSQL alone (pgbench, {args.connections} clients), {ROUNDS} rounds "
            f"of {args.duration} s each, in turn  [load average after: {load_average()}]"
        )
        print(f"{'':<46} {'pages/s':>8} {'list / it':>10} {'CPU ms/page':>12} {'list / it':>10}")
        print(
            f"{'uncached GET /api/products (web + PostgreSQL)':<46} {list_rps:>8.0f} {'':>10} {list_cpu:>12.2f}"
            f"   (web {listed.cpu_ms:.2f} + PostgreSQL {listed.database_cpu_ms:.2f})"
        )
        for label, figures in (
            (f"pgbench: our SQL ({len(built_sql)} statement)", ours),
            (f"pgbench: the ORM before issue 17 ({len(orm_sql)} statements)", orm),
        ):
            cpu = figures["database_cpu_ms"] + figures["client_cpu_ms"]
            print(
                f"{label:<46} {figures['tps']:>8.0f} {list_rps / figures['tps']:>9.2f}x {cpu:>12.2f} "
                f"{cpu / list_cpu:>9.2f}x   (PostgreSQL {figures['database_cpu_ms']:.2f} + pgbench "
                f"{figures['client_cpu_ms']:.2f})"
            )
        orm_cpu_ratio = (orm["database_cpu_ms"] + orm["client_cpu_ms"]) / list_cpu
        ours, orm = ours["tps"], orm["tps"]
        suggestions_p95 = results[SUGGESTIONS[0]].p95
        local_label, local = max(((label, results[label]) for label, _ in LOCAL_SUGGESTIONS), key=lambda x: x[1].p95)
        summaries += [
            f"uncached list page 1: {list_rps:.0f} req/s = {list_rps / orm:.2f}x PostgreSQL alone running the ORM's "
            f"statements, {list_rps / ours:.2f}x running ours (target >= 0.3x: {met(list_rps / orm >= 0.3)}); "
            f"per CPU-second {orm_cpu_ratio:.2f}x the ORM's ({met(orm_cpu_ratio >= 0.3)})",
            f"uncached suggestions p95 {suggestions_p95:.1f} ms (target < 30 ms: {met(suggestions_p95 < 30)})",
            f"uncached local-name suggestions (synonym, Telugu, typo): slowest p95 {local.p95:.1f} ms, "
            f"{local_label} (target < 30 ms: {met(local.p95 < 30)})",
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


SERVED_SUGGESTIONS = [SUGGESTIONS, *LOCAL_SUGGESTIONS, *MORE_SUGGESTIONS[:4]]


def other_checkout_command(root: str) -> str:
    """The Procfile's web command of the checkout at `root`, run from there."""
    line = next(
        line.partition(":")[2].strip()
        for line in (Path(root) / "Procfile").read_text().splitlines()
        if line.partition(":")[0].strip() == "web"
    )
    return f"bash -c {shlex.quote(f'cd {shlex.quote(root)} && exec {line}')}"


def suggestions_only(args) -> int:
    """`--suggestions-only [--vs ROOT]`: the uncached suggestions served, in rounds (module docstring)."""
    from django.db import connections

    connections.close_all()
    load = load_with_wrk if shutil.which("wrk") else load_with_threads
    headers = {} if args.no_gzip else {"Accept-Encoding": "gzip"}
    env = catalog_environment(args.database_url, production=True, cache_seconds="0")
    sides = {"this": (env, None)}
    if args.vs:
        root = os.path.abspath(args.vs)
        sides["vs"] = ({**env, "PYTHONPATH": root}, other_checkout_command(root))
    runs = [TRIVIAL, *SERVED_SUGGESTIONS]
    load_before = load_average()
    empty_redis_database()
    servers = {}
    try:
        for side, (side_env, command) in sides.items():
            port = free_port()
            server = start_server(
                side_env,
                port=port,
                workers=args.workers,
                log_name=f"suggest-{side}",
                ready_path=TRIVIAL[1],
                command=command,
            )
            servers[side] = (server, port)
            for _, path in runs:
                for _ in range(4 * args.workers):
                    status, body = get(port, path, headers)
                    if status != 200:
                        sys.exit(f"{side}: {path} answered {status}")
        bodies = {
            side: {path: json.loads(get(port, path)[1]) for _, path in runs} for side, (_, port) in servers.items()
        }
        if args.vs and bodies["this"] != bodies["vs"]:
            differ = [path for _, path in runs if bodies["this"][path] != bodies["vs"][path]]
            sys.exit(f"the two checkouts answer differently: {differ}")
        # PostgreSQL's CPU counted too: most of a suggestion's CPU is its statement's (issue 47).
        results = {side: {label: Tally(args.database_url) for label, _ in runs} for side in servers}
        for _ in range(ROUNDS):
            for label, path in runs:
                for side, (server, port) in servers.items():
                    url = f"http://127.0.0.1:{port}{path}"
                    results[side][label].add(
                        server, lambda url=url: load(url, args.duration, args.connections, headers)
                    )
    finally:
        for server, _ in servers.values():
            stop_server(server)
    how = (
        f"{args.workers} workers, {args.connections} connections, {args.duration} s per query and round, {ROUNDS} "
        f"rounds ({'wrk' if load is load_with_wrk else 'Python threads'}, {'gzip' if headers else 'no gzip'}), "
        f"{os.cpu_count()} CPUs shared with PostgreSQL, Redis and the client"
    )
    print(f"==> uncached suggestions (CATALOG_READ_CACHE_SECONDS=0), {PRODUCTS} products; {how}")
    print(f"this checkout: {ROOT}" + (f"; vs: {os.path.abspath(args.vs)}" if args.vs else ""))
    print(f"[load average before: {load_before}; after: {load_average()}]")
    print("CPU ms: the web processes' CPU per request; PG ms: PostgreSQL's backends' CPU per request")
    columns = f"{'req/s':>7} {'p50 ms':>7} {'p95 ms':>7} {'CPU ms':>7} {'PG ms':>6}"
    print(
        f"{'endpoint':<24} {columns}" + (f" | vs: {columns} | {'CPU this/vs':>11}" if args.vs else "") + f" {'load':>9}"
    )
    for label, _ in runs:
        line = f"{label:<24}"
        for side in servers:
            tally = results[side][label]
            line += f" {tally.rps:>7.0f} {tally.p50:>7.1f} {tally.p95:>7.1f} {tally.cpu_ms:>7.2f} {tally.database_cpu_ms:>6.2f}"
            if side == "this" and args.vs:
                line += " |"
        if args.vs:
            ratio = results["this"][label].cpu_ms / results["vs"][label].cpu_ms
            line += f" | {ratio:>10.2f}x"
        loads = [average for side in servers for average in results[side][label].loads]
        print(f"{line} {min(loads):>4.1f}-{max(loads):<4.1f}")
    labels = [label for label, _ in SERVED_SUGGESTIONS]
    print("Targets (issue 47: uncached p95 < 30 ms with 4 connections, web CPU <= 3 ms per suggestion):")
    for side in servers:
        worst_cpu = max(labels, key=lambda label: results[side][label].cpu_ms)
        worst_p95 = max(labels, key=lambda label: results[side][label].p95)
        cpu, p95 = results[side][worst_cpu].cpu_ms, results[side][worst_p95].p95
        print(
            f"  {side}: web CPU at most {cpu:.2f} ms ({worst_cpu}: {met(cpu <= 3)}), p95 at most {p95:.1f} ms "
            f"({worst_p95}: {met(p95 < 30)})"
        )
    errors = sum(tally.errors for side in results.values() for tally in side.values())
    return 0 if errors == 0 else 1


def met(condition: bool) -> str:
    return "met" if condition else "missed"


if __name__ == "__main__":
    sys.exit(main())
