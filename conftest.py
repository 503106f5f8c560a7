"""Fixtures every app's tests share.

Tests marked `postgres` or `redis` run against the real services when DATABASE_URL / REDIS_URL
point at them (CI sets both) and are skipped, with the reason printed, when they don't.
"""

import contextlib
import itertools
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection


def pytest_collection_modifyitems(config, items):
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    has_redis = bool(settings.REDIS_URL)
    skip_pg = pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL (the CI run does)")
    skip_redis = pytest.mark.skip(reason="needs Redis: set REDIS_URL (the CI run does)")
    measuring = os.environ.get("SHOP_BENCH") == "1"
    kept, measured = [], []
    for item in items:
        # A measurement (a speed target) is a bench/ script's to run and print, never a timed test
        # that fails on a busy host: bench-marked tests run only under SHOP_BENCH=1 (bench/counter_scan.py).
        (measured if "bench" in item.keywords and not measuring else kept).append(item)
    if measured:
        config.hook.pytest_deselected(items=measured)
        items[:] = kept
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            item.add_marker(skip_pg)
        if "redis" in item.keywords and not has_redis:
            item.add_marker(skip_redis)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix):
    """TEST_DATABASE_SUFFIX=<name> gives this run a test database of its own (test_<db>_<name>),
    as pytest-xdist does for its workers: scripts/test runs the browser part beside the others."""
    from pytest_django.fixtures import _set_suffix_to_test_databases

    suffix = os.environ.get("TEST_DATABASE_SUFFIX")
    if suffix:
        _set_suffix_to_test_databases(suffix)


class _QuickFlush:
    """What a transactional test (live server, races, sockets) leaves is removed by emptying only
    the tables it wrote to, instead of Django's flush: flush empties every table (TRUNCATE of ~130
    tables on PostgreSQL, 2-4 s a test on the loaded 2-core CI host) and then remakes the rows the
    post_migrate handlers write (content types, permissions, the role groups). The end state is the
    same as flush's: at the first teardown of a session the real flush runs and the rows it leaves
    are copied into tables of their own (`quickflush_baseline_<n>`, not Django's, so flush never sees
    them); afterwards one query finds the tables that are not empty (or differ from their copy),
    and those are emptied and their copy put back, in one transaction (foreign keys are deferred
    to its end on both databases). Anything unexpected (a broken connection, a constraint) falls
    back to the real flush (said at the end of the run). Sequences are not reset, as flush does not
    reset them either. QUICK_FLUSH=0 runs Django's flush after every test instead, to compare."""

    def __init__(self):
        self.baselines: dict[tuple, dict[str, str]] = {}  # database -> {table: its copy}
        self.original = None
        self.fallbacks: list[str] = []  # why the real flush ran after the first, printed at the end

    def install(self) -> None:
        from django.test import TransactionTestCase

        self.original = TransactionTestCase._fixture_teardown
        quick = self

        def _fixture_teardown(case):
            if case.available_apps is not None or case.serialized_rollback:
                return quick.original(case)
            from django.db import connections

            for alias in case._databases_names(include_mirrors=False):
                quick.flush(case, connections[alias], alias)

        TransactionTestCase._fixture_teardown = _fixture_teardown

    def flush(self, case, conn, alias) -> None:
        from django.contrib.contenttypes.models import ContentType
        from django.core.management import call_command

        key = (conn.vendor, conn.settings_dict["NAME"])
        if key in self.baselines:
            try:
                self.empty_what_was_written(conn, self.baselines[key])
                ContentType.objects.clear_cache()
                return
            except Exception as error:  # noqa: BLE001  (whatever went wrong, the real flush puts it right)
                self.fallbacks.append(f"{case.id()}: {error!r}")
                del self.baselines[key]
        call_command("flush", verbosity=0, interactive=False, database=alias, reset_sequences=False)
        self.baselines[key] = self.copy_what_flush_left(conn)

    @staticmethod
    def tables(conn) -> list[str]:
        return sorted(conn.introspection.django_table_names(only_existing=True, include_views=False))

    def copy_what_flush_left(self, conn) -> dict[str, str]:
        from django.db import transaction

        qn = conn.ops.quote_name
        copies = {}
        with transaction.atomic(using=conn.alias), conn.cursor() as cursor:
            for n, table in enumerate(self.tables(conn)):
                cursor.execute(f"SELECT 1 FROM {qn(table)} LIMIT 1")
                if cursor.fetchone() is None:
                    continue
                copy = f"quickflush_baseline_{n}"
                cursor.execute(f"DROP TABLE IF EXISTS {qn(copy)}")
                cursor.execute(f"CREATE TABLE {qn(copy)} AS SELECT * FROM {qn(table)}")
                copies[table] = copy
        return copies

    def empty_what_was_written(self, conn, copies: dict[str, str]) -> None:
        from django.db import transaction

        qn = conn.ops.quote_name
        probes = []
        for table in self.tables(conn):
            t = qn(table)
            if table in copies:
                c = qn(copies[table])
                written = f"EXISTS (SELECT * FROM {t} EXCEPT SELECT * FROM {c}) OR EXISTS (SELECT * FROM {c} EXCEPT SELECT * FROM {t})"
            else:
                written = f"EXISTS (SELECT 1 FROM {t})"
            probes.append(f"SELECT '{table}' WHERE {written}")
        with transaction.atomic(using=conn.alias), conn.cursor() as cursor:
            cursor.execute(" UNION ALL ".join(probes))
            written = [row[0] for row in cursor.fetchall()]
            for table in written:
                cursor.execute(f"DELETE FROM {qn(table)}")
            for table in written:
                if table in copies:
                    cursor.execute(f"INSERT INTO {qn(table)} SELECT * FROM {qn(copies[table])}")


_quick_flush = _QuickFlush()


class _DemoSnapshot:
    """The demo catalog (`manage.py seed_demo`) seeded once a session per database, then put back
    from a copy: a live-server test's database is emptied after it (`_QuickFlush`), so each browser
    journey used to seed the whole catalog again (~180 products, their brands, packs, stock batches,
    synonyms, the demo accounts and windows: 1-2 s of Python and SQL a test on the 2-core CI host).

    The first `seed()` of a session on a database copies every table as it is (`demo_before_<n>`),
    runs the real `seed_demo`, and keeps the rows it added (`demo_added_<n>`, not Django's tables, so
    no flush sees them). Later, when the database is again exactly as it was before that first seed
    (one query compares each table with its copy, as `_QuickFlush` does), those rows are inserted as
    they were, in one transaction, and the catalog's cache dropped: the same rows, ids included,
    that the seed would have written. Anything else (a test that wrote rows before seeding, a seed
    that changed rows it did not add, a test inside a transaction, an error) runs the real
    `seed_demo` (a state not seen before is copied again, up to `CAPTURES` times). DEMO_SNAPSHOT=0
    always runs the real one, to compare."""

    CAPTURES = 3  # per database and session; then the real seed, whatever the state

    def __init__(self):
        self.snapshots: dict[tuple, dict | None] = {}  # database -> {"before": {...}, "added": {...}}
        self.captures: dict[tuple, int] = {}

    def seed(self) -> None:
        import io

        from django.core.management import call_command
        from django.db import connection

        key = (connection.vendor, connection.settings_dict["NAME"])
        usable = os.environ.get("DEMO_SNAPSHOT") != "0" and not connection.in_atomic_block
        if not usable:
            call_command("seed_demo", stdout=io.StringIO())
            return
        snapshot = self.snapshots.get(key)
        if snapshot is not None and self._restore(connection, snapshot):
            return
        # The first test of a session finds the rows migrations add (the offers), which the first
        # flush removes: the state the later tests start from is the second one seen.
        if self.captures.get(key, 0) < self.CAPTURES:
            self.captures[key] = self.captures.get(key, 0) + 1
            self.snapshots[key] = self._capture(connection)
            return
        call_command("seed_demo", stdout=io.StringIO())

    @staticmethod
    def _capture(conn) -> dict | None:
        import io

        from django.core.management import call_command
        from django.db import DatabaseError, transaction

        qn = conn.ops.quote_name
        tables = _QuickFlush.tables(conn)
        before = {}
        try:
            with transaction.atomic(using=conn.alias), conn.cursor() as cursor:
                for n, table in enumerate(tables):
                    cursor.execute(f"SELECT 1 FROM {qn(table)} LIMIT 1")
                    if cursor.fetchone() is None:
                        continue
                    copy = f"demo_before_{n}"
                    cursor.execute(f"DROP TABLE IF EXISTS {qn(copy)}")
                    cursor.execute(f"CREATE TABLE {qn(copy)} AS SELECT * FROM {qn(table)}")
                    before[table] = copy
        except DatabaseError:
            before = None
        call_command("seed_demo", stdout=io.StringIO())
        if before is None:
            return None
        added = {}
        try:
            with transaction.atomic(using=conn.alias), conn.cursor() as cursor:
                for n, table in enumerate(tables):
                    t = qn(table)
                    if table in before:
                        c = qn(before[table])
                        cursor.execute(f"SELECT 1 WHERE EXISTS (SELECT * FROM {c} EXCEPT SELECT * FROM {t})")
                        if cursor.fetchone() is not None:
                            return None  # the seed changed or removed a row it found: seed each time
                        rows = f"SELECT * FROM {t} EXCEPT SELECT * FROM {c}"
                    else:
                        rows = f"SELECT * FROM {t}"
                    cursor.execute(f"SELECT 1 WHERE EXISTS ({rows})")
                    if cursor.fetchone() is None:
                        continue
                    copy = f"demo_added_{n}"
                    cursor.execute(f"DROP TABLE IF EXISTS {qn(copy)}")
                    cursor.execute(f"CREATE TABLE {qn(copy)} AS {rows}")
                    added[table] = copy
        except DatabaseError:
            return None
        return {"tables": tables, "before": before, "added": added}

    @staticmethod
    def _restore(conn, snapshot: dict) -> bool:
        from django.db import DatabaseError, transaction

        from catalog import caching

        qn = conn.ops.quote_name
        if _QuickFlush.tables(conn) != snapshot["tables"]:
            return False
        probes = []
        for table in snapshot["tables"]:
            t = qn(table)
            if table in snapshot["before"]:
                c = qn(snapshot["before"][table])
                differs = f"EXISTS (SELECT * FROM {t} EXCEPT SELECT * FROM {c}) OR EXISTS (SELECT * FROM {c} EXCEPT SELECT * FROM {t})"
            else:
                differs = f"EXISTS (SELECT 1 FROM {t})"
            probes.append(f"SELECT '{table}' WHERE {differs}")
        try:
            with transaction.atomic(using=conn.alias), conn.cursor() as cursor:
                cursor.execute(" UNION ALL ".join(probes))
                if cursor.fetchall():
                    return False  # not as before the first seed: the real seed decides what to add
                for table, copy in snapshot["added"].items():
                    columns = _DemoSnapshot._written_columns(conn, table)
                    into = f"{qn(table)} ({columns})" if columns else qn(table)
                    cursor.execute(f"INSERT INTO {into} SELECT {columns or '*'} FROM {qn(copy)}")
                if conn.vendor == "postgresql":
                    _DemoSnapshot._sequences_past_the_rows(cursor, list(snapshot["added"]))
        except DatabaseError:
            return False
        caching.invalidate()
        return True

    @staticmethod
    def _written_columns(conn, table: str) -> str | None:
        """The columns a row is written with: not the generated ones (the database computes them)."""
        from django.apps import apps

        for model in apps.get_models(include_auto_created=True):
            if model._meta.db_table == table:
                fields = model._meta.local_concrete_fields
                return ", ".join(conn.ops.quote_name(f.column) for f in fields if not getattr(f, "generated", False))
        return None

    @staticmethod
    def _sequences_past_the_rows(cursor, tables: list[str]) -> None:
        """Each restored table's id sequence at least past the ids put back (they were handed out in
        this session, so it already is, unless a test reset the sequences)."""
        from django.apps import apps
        from django.db import connection

        qn = connection.ops.quote_name
        for model in apps.get_models(include_auto_created=True):
            pk = model._meta.pk
            if model._meta.db_table not in tables or pk.get_internal_type() not in (
                "AutoField",
                "BigAutoField",
                "SmallAutoField",
            ):
                continue
            table, column = model._meta.db_table, pk.column
            cursor.execute("SELECT pg_get_serial_sequence(%s, %s)", [qn(table), column])
            (sequence,) = cursor.fetchone()
            if sequence:
                cursor.execute(
                    f"SELECT setval(%s, GREATEST((SELECT COALESCE(MAX({qn(column)}), 1) FROM {qn(table)}), nextval(%s)))",
                    [sequence, sequence],
                )


_demo_snapshot = _DemoSnapshot()


@pytest.fixture
def demo_seeded():
    """`seed()`: the demo catalog and accounts in the test database, as `manage.py seed_demo` leaves
    them, put back from the session's copy when it can be (`_DemoSnapshot`). For tests (browser
    journeys, the fuzzing) that need the demo shop, not for tests of the seeding itself."""
    return _demo_snapshot.seed


@pytest.fixture(scope="module")
def demo_for_the_module(django_db_setup, django_db_blocker):
    """The demo shop seeded once for a whole test module, inside a transaction rolled back when the
    module ends: each test's own transaction nests inside it (a savepoint), so what a test writes
    goes with it and the next test finds the seeded shop again. For modules of ordinary database
    tests that only read the demo shop, or change it inside their test (the admin pages of 47
    models: one real seed each cost 1.5-4.5 s on the 2-core CI host, the most of that module's
    time). Not for transactional tests (live servers, races), which commit past it."""
    import io

    from django.core.management import call_command
    from django.db import transaction

    with django_db_blocker.unblock(), transaction.atomic():
        call_command("seed_demo", stdout=io.StringIO())
        yield
        transaction.set_rollback(True)


def pytest_configure(config):
    if os.environ.get("QUICK_FLUSH") != "0":
        _quick_flush.install()


def pytest_terminal_summary(terminalreporter):
    for line in _quick_flush.fallbacks:
        terminalreporter.write_line(f"quick flush fell back to flush after {line}")


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session):
    """Browser tests run last. Playwright's sync API keeps an event loop running in the main thread
    for as long as the session-wide browser lives, and asyncio tests (the websocket consumers)
    cannot start their own loop after that."""
    session.items.sort(key=lambda item: "browser" in item.keywords)


def free_port() -> int:
    """A loopback port nothing listens on right now, chosen by the kernel (bind to port 0), so
    parallel runs and other helpers' servers never collide on a fixed number."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class OwnRedis:
    """A redis-server of a test's own on a free port, which the test may stop and start again: a
    fault test never stops the shared Redis other runs use."""

    def __init__(self, directory):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.directory = directory
        self.process = None

    def start(self) -> None:
        binary = shutil.which("redis-server")
        if binary is None:
            pytest.fail("redis-server not found: apt-get install redis-server (the CI image has it)")
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
            + ["--dir", str(self.directory)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                time.sleep(0.05)
        raise RuntimeError(f"redis-server did not start on port {self.port}")

    def stop(self) -> None:
        if self.process is not None:
            self.process.kill()
            self.process.wait(timeout=10)
            self.process = None


@pytest.fixture
def own_redis(tmp_path):
    """A started OwnRedis, stopped again after the test."""
    redis = OwnRedis(tmp_path)
    redis.start()
    yield redis
    redis.stop()


class OwnPostgres:
    """A PostgreSQL server of a test's own (initdb in a temporary folder, on a free port), which the
    test may freeze with SIGSTOP and thaw again: a fault test never touches the shared server."""

    def __init__(self):
        self.port = free_port()
        self.directory = Path(tempfile.mkdtemp(prefix="own-postgres-"))
        self.data = self.directory / "data"
        self.url = f"postgres://postgres@127.0.0.1:{self.port}/shop"
        self.frozen = []

    @staticmethod
    def _binaries() -> Path:
        found = sorted(Path("/usr/lib/postgresql").glob("*/bin/initdb"), key=lambda path: int(path.parts[-3]))
        if not found:
            pytest.fail("PostgreSQL's server binaries not found under /usr/lib/postgresql (the CI image has them)")
        return found[-1].parent

    def _run(self, program: str, *arguments: str) -> None:
        # initdb and postgres refuse to run as root: as root, run them as the postgres user.
        user = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
        subprocess.run(
            [*user, str(self._binaries() / program), *arguments], check=True, capture_output=True, timeout=120
        )

    def start(self) -> None:
        if os.geteuid() == 0:
            shutil.chown(self.directory, "postgres", "postgres")
        self._run("initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        options = f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.directory} -c fsync=off"
        self._run("pg_ctl", "-D", str(self.data), "-o", options, "-l", str(self.directory / "log"), "-w", "start")
        self._run("createdb", "-h", "127.0.0.1", "-p", str(self.port), "-U", "postgres", "shop")

    def pids(self) -> list[int]:
        """The postmaster and every process it started."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError):
                if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == postmaster:
                    children.append(int(stat.parent.name))
        return [postmaster, *children]

    def freeze(self) -> None:
        """Every process of the server stopped, its sockets left open (a hung disk, a half-open path)."""
        self.frozen = self.pids()
        for pid in self.frozen:
            os.kill(pid, signal.SIGSTOP)

    def thaw(self) -> None:
        for pid in reversed(self.frozen):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGCONT)
        self.frozen = []

    def stop(self) -> None:
        self.thaw()
        with contextlib.suppress(subprocess.SubprocessError):
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "stop")
        shutil.rmtree(self.directory, ignore_errors=True)


@pytest.fixture
def own_postgres():
    """A started OwnPostgres with an empty database `shop`, stopped and removed after the test."""
    postgres = OwnPostgres()
    try:
        postgres.start()
        yield postgres
    finally:
        postgres.stop()


@pytest.fixture(autouse=True)
def _isolated_services(settings):
    """Each test starts with an empty cache (throttles, OTP locks), runs Celery tasks inline and
    hashes passwords fast (the real hasher costs ~0.3 s a user; test passwords need not resist
    cracking). Tests that exercise the real broker start a worker themselves.
    """
    from django.core.cache import cache

    settings.CELERY_TASK_ALWAYS_EAGER = True
    # A test that froze or stopped a Redis leaves no process-wide breaker open for the next one.
    from common.outbox import broker_breaker
    from payments.gateways.juspay import gateway_breaker
    from realtime.layer import broadcast_breaker

    broker_breaker.close()
    broadcast_breaker.close()
    gateway_breaker.close()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    from shop.celery import app

    app.conf.task_always_eager = True
    cache.clear()
    yield
    cache.clear()
    # Eager tasks run in threads (the race tests) save and restore celery's process-wide "joins
    # would block" flag around each other and can leave it set, which would make a later test's
    # `result.get()` refuse ("Never call result.get() within a task!"), depending on test order.
    from celery._state import _set_task_join_will_block

    _set_task_join_will_block(False)


@pytest.fixture(autouse=True)
def _default_language():
    """Each test starts and ends in the default language (settings.LANGUAGE_CODE): a test that
    activates Telugu, or calls code that does, leaves no Telugu to the tests that run after it,
    whatever their order."""
    from django.utils import translation

    translation.deactivate()
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def _placement_caps_lifted(settings):
    """Tests of other things place many unpaid orders for one customer in a second; the caps on
    that (`orders.rules.order_placement_throttle` and `order_hoarding_check`) are lifted for them.
    orders/tests/test_hoarding.py and test_hoarding_race.py set each cap they test."""
    settings.UNPAID_ORDERS_PER_CUSTOMER = 10_000
    settings.UNPAID_PACK_UNITS_PER_CUSTOMER = 100_000
    settings.ORDER_PLACEMENTS_PER_MINUTE = 10_000


@pytest.fixture
def sms_outbox(settings):
    """Texts the outbox SMS backend kept, oldest first."""
    from notifications.models import SmsMessage

    settings.SMS_BACKEND = "outbox"

    def texts(phone_no: str | None = None) -> list[str]:
        messages = SmsMessage.objects.order_by("id")
        if phone_no:
            messages = messages.filter(phone_no=phone_no)
        return list(messages.values_list("text", flat=True))

    return texts


@pytest.fixture
def on_postgres() -> bool:
    return connection.vendor == "postgresql"


@pytest.fixture
def api_client():
    from rest_framework.test import APIClient

    return APIClient()


@pytest.fixture
def make_user(db):
    """make_user(phone_no="9000000001", password="secret123", name="Asha", is_staff=False)."""
    from accounts.models import User

    counter = {"n": 0}

    def make(phone_no: str | None = None, password: str = "secret-pass-1", **fields):
        counter["n"] += 1
        phone = phone_no or f"98{counter['n']:08d}"
        fields.setdefault("name", f"Customer {counter['n']}")
        return User.objects.create_user(phone, password, **fields)

    return make


@pytest.fixture
def customer(make_user):
    return make_user("9876500001", name="Asha Customer")


@pytest.fixture
def other_customer(make_user):
    return make_user("9876500002", name="Ravi Other")


@pytest.fixture
def admin_user(make_user):
    return make_user("9876500099", name="Lakshmi Admin", is_staff=True)


_delivered_invoices = itertools.count(1)


def client_for(user):
    """An APIClient that sends `user`'s Bearer token, or none for an anonymous visitor."""
    from rest_framework.test import APIClient
    from rest_framework_simplejwt.tokens import RefreshToken

    client = APIClient()
    if user is not None:
        token = RefreshToken.for_user(user).access_token
        client.credentials(HTTP_AUTHORIZATION=f"Bearer {token}")
    return client


@pytest.fixture
def as_user():
    return client_for


def deliver_product(user, product, *, status: str = "delivered"):
    """An order of `user` holding one pack of `product`, in `status` (delivered by default), written
    straight to the database: what lets the customer review the product (a verified purchase)."""
    from django.utils import timezone

    from orders.models import Order, OrderItem

    number = next(_delivered_invoices)
    now = timezone.now()
    stamps = {
        "packed_at": now if status in ("packed", "dispatched", "delivered") else None,
        "dispatched_at": now if status in ("dispatched", "delivered") else None,
        "delivered_at": now if status == "delivered" else None,
        "cancelled_at": now if status == "cancelled" else None,
    }
    order = Order.objects.create(
        invoice_number=f"REVIEW-{number}",
        user=user,
        shipping_street="12 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Cash Or UPI",
        items_price=Decimal("10.00"),
        shipping_price=Decimal("0.00"),
        total_price=Decimal("10.00"),
        status=status,
        **stamps,
    )
    OrderItem.objects.create(
        order=order,
        product_id=product.pk,
        brand_id=0,
        name=product.name,
        brand="",
        quantity="1",
        units="kg",
        mrp=Decimal("10.00"),
        price=Decimal("10.00"),
        qty=1,
        line_total=Decimal("10.00"),
    )
    return order


# Browser tests: Playwright drives Debian's Chromium; the ORM is used from the same thread.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium")


@pytest.fixture(scope="session")
def browser():
    if not os.path.exists(CHROMIUM):
        pytest.fail(f"Chromium not found at {CHROMIUM}: apt-get install chromium (scripts/test does)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-quic",
                "--no-first-run",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def page(browser, live_server):
    """A fresh browser tab (desktop size) whose relative URLs go to the live test server."""
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1440, "height": 900})
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()


@pytest.fixture
def phone_page(browser, live_server):
    """A 360-px phone tab."""
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True
    )
    context.set_default_timeout(10_000)
    tab = context.new_page()
    yield tab
    context.close()


def _serve(application) -> tuple:
    """`application` under uvicorn in a thread of the test (so it shares the test database), on a
    free loopback port; returns (server, thread, base URL)."""
    import threading

    import uvicorn

    port = free_port()
    config = uvicorn.Config(application, host="127.0.0.1", port=port, lifespan="off", log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "uvicorn did not start"
        time.sleep(0.05)
    return server, thread, f"http://127.0.0.1:{port}"


@contextlib.contextmanager
def _serving(application):
    from channels.layers import channel_layers

    # channels-redis binds a layer's receive() to one event loop: a layer left from an earlier
    # server's loop made this one's sockets fail ("Two event loops are trying to receive()").
    channel_layers.backends.clear()
    server, thread, url = _serve(application)
    try:
        yield url
    finally:
        server.should_exit = True
        thread.join(timeout=10)
        channel_layers.backends.clear()


@pytest.fixture
def asgi_server(transactional_db):
    """shop.asgi.application (HTTP and websockets) under uvicorn; static files from the finders.
    Yields the base URL."""
    from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler

    from shop.asgi import application

    with _serving(ASGIStaticFilesHandler(application)) as url:
        yield url


@pytest.fixture(scope="session")
def collected_static(tmp_path_factory):
    """The built bundles and every app's static files collected and compressed, as the release
    step does (`collectstatic` with ServeStatic's compressed storage)."""
    from django.conf import settings
    from django.core.management import call_command
    from django.test import override_settings

    root = tmp_path_factory.mktemp("staticfiles")
    if not (Path(settings.BASE_DIR) / "webpack-stats.json").exists():
        pytest.fail("the frontend is not built: npm run build (scripts/setup does)")
    storages = {**settings.STORAGES, "staticfiles": {"BACKEND": "servestatic.storage.CompressedStaticFilesStorage"}}
    with override_settings(STATIC_ROOT=root, STORAGES=storages):
        call_command("collectstatic", interactive=False, verbosity=0)
    return root


@pytest.fixture
def production_server(transactional_db, settings, collected_static):
    """The shop as production serves it, on one port: DEBUG off, the collected and compressed
    static files served by ServeStatic with long cache lifetimes (no static files handler of the
    test runner), the websockets of the Procfile's `ws` process, all under uvicorn. (Production
    runs the HTTP part under gunicorn's WSGI workers behind a proxy that sends /ws/ to uvicorn;
    the same Django middleware and views answer either way.) Yields the base URL."""
    from channels.routing import ProtocolTypeRouter
    from django.core.handlers.asgi import ASGIHandler

    from shop.asgi import websockets

    assert settings.DEBUG is False
    settings.STATIC_ROOT = collected_static
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "servestatic.storage.CompressedStaticFilesStorage"},
    }
    settings.SERVESTATIC_MAX_AGE = 31536000
    settings.SERVESTATIC_USE_FINDERS = False
    settings.SERVESTATIC_AUTOREFRESH = False
    # A handler built now, so ServeStatic indexes the collected files (shop.asgi built its own at import).
    served = ProtocolTypeRouter({"http": ASGIHandler(), "websocket": websockets})
    with _serving(served) as url:
        yield url
