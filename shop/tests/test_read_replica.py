"""The read replica (`DATABASE_REPLICA_URL`): catalog reads go to it, everything else and a caller's
reads after their own write to the primary, and a replica that stops answering falls back to the
primary within seconds, logged once. The fault part runs a real streaming replica of a primary of
its own (initdb + pg_basebackup on ports of its own), started and stopped by the test."""

import logging
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg
import pytest
from django.db import connections, transaction
from django.test import RequestFactory

from catalog.models import Product
from orders.models import Order
from shop import db_routers
from shop.db_routers import PIN_COOKIE, PrimaryAfterWriteMiddleware, ReplicaRouter

router = ReplicaRouter()


@pytest.fixture
def replica_answering(monkeypatch):
    """A configured replica that answers (the routing rules, without a server)."""
    monkeypatch.setattr(db_routers, "replica_configured", lambda: True)
    monkeypatch.setattr(db_routers, "_replica_answers", lambda: True)


def test_without_a_replica_everything_reads_the_primary():
    assert router.db_for_read(Product) == "default"


@pytest.mark.django_db(transaction=True)
def test_catalog_reads_go_to_the_replica_and_the_rest_to_the_primary(replica_answering):
    assert router.db_for_read(Product) == "replica"
    assert router.db_for_read(Order) == "default"
    assert router.db_for_write(Product) == "default"
    assert router.allow_migrate("replica", "catalog") is False


@pytest.mark.django_db(transaction=True)
def test_a_read_inside_the_primarys_transaction_stays_on_the_primary(replica_answering):
    with transaction.atomic():
        assert router.db_for_read(Product) == "default"


def run_through_middleware(request):
    seen = {}

    def view(_request):
        seen["database"] = router.db_for_read(Product)
        from django.http import HttpResponse

        return HttpResponse(status=201 if request.method == "POST" else 200)

    response = PrimaryAfterWriteMiddleware(view)(request)
    return seen["database"], response


@pytest.mark.django_db(transaction=True)
def test_a_callers_reads_just_after_their_own_write_go_to_the_primary(replica_answering, settings):
    settings.REPLICA_PIN_SECONDS = 5
    factory = RequestFactory()

    read_before, _ = run_through_middleware(factory.get("/api/products"))
    during_write, written = run_through_middleware(factory.post("/api/orders"))
    pinned = factory.get("/api/products")
    pinned.COOKIES[PIN_COOKIE] = written.cookies[PIN_COOKIE].value
    read_after, _ = run_through_middleware(pinned)
    expired = factory.get("/api/products")
    expired.COOKIES[PIN_COOKIE] = str(int(time.time()) - 1)
    read_later, _ = run_through_middleware(expired)

    assert (read_before, during_write, read_after, read_later) == ("replica", "default", "default", "replica")
    assert written.cookies[PIN_COOKIE]["max-age"] == 5


# --- A real streaming replica -------------------------------------------------------------------

PG_BIN = Path("/usr/lib/postgresql/15/bin")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def as_postgres(*command: str) -> None:
    prefix = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    subprocess.run([*prefix, *command], check=True, capture_output=True, timeout=120)


class Pair:
    """A primary and its streaming replica, each its own server on its own port."""

    def __init__(self, base: Path):
        self.base, self.primary_port, self.replica_port = base, free_port(), free_port()
        self.primary, self.replica = base / "primary", base / "replica"

    def start(self) -> None:
        as_postgres(str(PG_BIN / "initdb"), "-D", str(self.primary), "-A", "trust", "-U", "postgres")
        with (self.primary / "postgresql.conf").open("a") as conf:
            conf.write(
                f"port={self.primary_port}\nlisten_addresses='127.0.0.1'\nunix_socket_directories='{self.base}'\n"
                "wal_level=replica\nmax_wal_senders=4\nfsync=off\n"
            )
        with (self.primary / "pg_hba.conf").open("a") as hba:
            hba.write("host replication all 127.0.0.1/32 trust\n")
        self.ctl(self.primary, "start")
        as_postgres(
            str(PG_BIN / "pg_basebackup"), "-h", "127.0.0.1", "-p", str(self.primary_port), "-U", "postgres",
            "-D", str(self.replica), "-R",
        )  # fmt: skip
        with (self.replica / "postgresql.conf").open("a") as conf:
            conf.write(f"port={self.replica_port}\n")
        self.ctl(self.replica, "start")

    def ctl(self, data: Path, action: str) -> None:
        extra = ["-m", "immediate"] if action == "stop" else ["-l", str(data) + ".log"]
        as_postgres(str(PG_BIN / "pg_ctl"), "-D", str(data), "-w", "-t", "60", *extra, action)

    def url(self, port: int) -> str:
        return f"postgresql://postgres@127.0.0.1:{port}/postgres"

    def stop_all(self) -> None:
        for data in (self.replica, self.primary):
            if (data / "postmaster.pid").exists():
                subprocess.run(
                    [
                        "runuser",
                        "-u",
                        "postgres",
                        "--",
                        str(PG_BIN / "pg_ctl"),
                        "-D",
                        str(data),
                        "-m",
                        "immediate",
                        "stop",
                    ],
                    capture_output=True,
                    timeout=60,
                )


@pytest.fixture
def streaming_pair():
    if not (PG_BIN / "initdb").exists() or shutil.which("runuser") is None:
        pytest.skip("needs PostgreSQL 15's server binaries (Debian's postgresql package)")
    # Not under pytest's tmp_path: its folders are private to root, and the servers run as postgres.
    base = Path(tempfile.mkdtemp(prefix="replica-pair-"))
    if os.geteuid() == 0:
        shutil.chown(base, "postgres")
    pair = Pair(base)
    try:
        pair.start()
        yield pair
    finally:
        pair.stop_all()
        shutil.rmtree(base, ignore_errors=True)


@pytest.fixture
def replica_alias(streaming_pair, settings):
    """The `replica` alias, as settings make it from DATABASE_REPLICA_URL, on the pair's replica."""
    settings.DB_BREAKER_SECONDS = 1
    alias = {**connections.settings["default"], "NAME": "postgres", "HOST": "127.0.0.1"}
    alias.update(PORT=str(streaming_pair.replica_port), TEST={}, OPTIONS={"connect_timeout": 2})
    connections.settings["replica"] = alias
    db_routers.outage.down, db_routers.outage.retry_at = False, 0.0
    yield streaming_pair
    connections["replica"].close()
    del connections.settings["replica"]
    del connections["replica"]


@pytest.mark.faults
@pytest.mark.postgres
def test_a_real_replica_serves_catalog_reads_lags_a_little_and_falls_back_when_it_stops(
    replica_alias, caplog, django_db_blocker
):
    """No test database is needed: the pair is the database (the blocker lets the test reach it)."""
    with django_db_blocker.unblock():
        real_replica_drill(replica_alias, caplog)


def replica_has(sql: str) -> bool:
    with connections["replica"].cursor() as cursor:
        cursor.execute(sql)
        return cursor.fetchone()[0]


def real_replica_drill(pair, caplog):
    assert router.db_for_read(Product) == "replica"
    with connections["replica"].cursor() as cursor:
        cursor.execute("SELECT pg_is_in_recovery()")
        assert cursor.fetchone() == (True,)

    # Lag: a row written on the primary is read on the replica moments later.
    with psycopg.connect(pair.url(pair.primary_port), autocommit=True) as primary:
        primary.execute("CREATE TABLE drill (n int)")
        until_there = time.monotonic() + 10
        while not replica_has("SELECT to_regclass('drill') IS NOT NULL") and time.monotonic() < until_there:
            time.sleep(0.02)
        written = time.monotonic()
        primary.execute("INSERT INTO drill VALUES (1)")
    lag = None
    while time.monotonic() - written < 10:
        if replica_has("SELECT EXISTS (SELECT 1 FROM drill)"):
            lag = time.monotonic() - written
            break
        time.sleep(0.02)
    assert lag is not None and lag < 5, lag
    print(f"replica lag for one row: {lag * 1000:.0f} ms")

    # The replica stops: reads go to the primary within seconds, the outage logged once.
    caplog.set_level(logging.WARNING, logger="shop.db_routers")
    pair.ctl(pair.replica, "stop")
    connections["replica"].close()
    stopped = time.monotonic()
    assert router.db_for_read(Product) == "default"
    assert time.monotonic() - stopped < 4
    assert [router.db_for_read(Product) for _ in range(5)] == ["default"] * 5
    assert sum("read replica is unreachable" in entry.getMessage() for entry in caplog.records) == 1

    # It comes back: after the breaker's seconds the reads return to it.
    pair.ctl(pair.replica, "start")
    time.sleep(1.1)
    assert router.db_for_read(Product) == "replica"
    assert sum("answers again" in entry.getMessage() for entry in caplog.records) == 1
