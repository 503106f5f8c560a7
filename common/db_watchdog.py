"""A client-side deadline for PostgreSQL that has gone silent (issue 46.1).

A PostgreSQL whose processes are frozen (a hung disk, a half-open network path, SIGSTOP) keeps its
sockets open: the kernel takes the bytes of a query and nothing ever answers. `statement_timeout`
runs inside the frozen server and `connect_timeout` only guards new connections, so a request on a
pooled connection waited as long as the freeze lasted (minutes), holding one of the web process's
few threads, and gunicorn logged nothing.

One thread per process looks at every PostgreSQL connection the process has borrowed. A connection
with a command in flight for longer than `DB_WATCHDOG_SECONDS` makes it ask the server whether it is
alive: a fresh TCP connection and an SSLRequest, which the postmaster answers with one byte at once
without a login. A server that does not answer within `DB_WATCHDOG_PROBE_SECONDS` is taken for
frozen, and the waiting connections' sockets are shut down: each waiting request then gets psycopg's
"server closed the connection" (no SQLSTATE), which opens the breaker (common/circuit.py) and answers
the JSON 503 or the page's 503; the pool drops the broken connection and opens new ones once the
server answers again. A server that answers the probe is only slow: its query runs on, bounded by
its own `statement_timeout`, and is asked about again after another `DB_WATCHDOG_SECONDS`.

Behind PgBouncer the probe reaches PgBouncer, which answers for a frozen server; its own
`query_wait_timeout` and `server_check_delay` are the deadline there (deploy/pgbouncer.ini).
"""

import logging
import os
import socket
import struct
import threading
import time
import weakref

from django.conf import settings

logger = logging.getLogger(__name__)

# PostgreSQL's SSLRequest: length 8, code 1234.5679. The server answers "S" or "N" before any login.
SSL_REQUEST = struct.pack("!ii", 8, 80877103)
SCAN_SECONDS = 0.25


def server_answers(host: str, port: int, seconds: float) -> bool:
    """Whether the PostgreSQL server at host:port (a directory: its Unix socket) says a word within
    `seconds`."""
    deadline = time.monotonic() + seconds
    try:
        if host.startswith("/"):
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            probe.settimeout(seconds)
            probe.connect(os.path.join(host, f".s.PGSQL.{port}"))
        else:
            probe = socket.create_connection((host, port), timeout=seconds)
    except OSError:
        return False  # refused or unreachable: the pool's own connect says so, nothing hangs here
    with probe:
        try:
            probe.settimeout(max(0.01, deadline - time.monotonic()))
            probe.sendall(SSL_REQUEST)
            return probe.recv(1) in (b"S", b"N")
        except OSError:
            return False


def cut(connection) -> None:
    """Shuts down the socket of a psycopg connection from another thread: the thread waiting on it
    wakes with "server closed the connection unexpectedly"."""
    pgconn = connection.pgconn
    if pgconn.status != 0:  # CONNECTION_OK; closed meanwhile, its descriptor may be someone else's now
        return
    duplicate = socket.socket(fileno=os.dup(pgconn.socket))
    try:
        duplicate.shutdown(socket.SHUT_RDWR)
    except OSError:
        pass
    finally:
        duplicate.close()


class Watchdog:
    def __init__(self):
        self._lock = threading.Lock()
        self._connections = weakref.WeakSet()
        self._busy_since = weakref.WeakKeyDictionary()
        self._thread = None
        self._pid = None

    def watch(self, connection) -> None:
        """Watches a psycopg connection (each borrow from the pool calls this again; it is kept once)."""
        with self._lock:
            self._connections.add(connection)
            if self._thread is None or self._pid != os.getpid():  # forked: the parent's thread did not follow
                self._pid = os.getpid()
                self._thread = threading.Thread(target=self._run, name="db-watchdog", daemon=True)
                self._thread.start()

    def _run(self) -> None:
        while True:
            time.sleep(SCAN_SECONDS)
            try:
                self.check()
            except Exception:  # the watchdog must outlive any surprise
                logger.exception("database watchdog")

    def stalled(self) -> dict[tuple[str, int], list]:
        """The connections with a command in flight for DB_WATCHDOG_SECONDS or longer, by server."""
        from psycopg.pq import TransactionStatus

        now = time.monotonic()
        by_server = {}
        with self._lock:
            connections = list(self._connections)
        for connection in connections:
            pgconn = connection.pgconn
            if pgconn.status != 0 or pgconn.transaction_status != TransactionStatus.ACTIVE:
                self._busy_since.pop(connection, None)
                continue
            since = self._busy_since.setdefault(connection, now)
            if now - since >= float(settings.DB_WATCHDOG_SECONDS):
                by_server.setdefault((connection.info.host, connection.info.port), []).append(connection)
        return by_server

    def check(self) -> None:
        if not settings.DB_WATCHDOG_SECONDS:
            return
        for (host, port), connections in self.stalled().items():
            if server_answers(host, port, float(settings.DB_WATCHDOG_PROBE_SECONDS)):
                for connection in connections:  # only slow: ask again after another deadline
                    self._busy_since[connection] = time.monotonic()
                continue
            logger.error(
                "PostgreSQL at %s:%s did not answer in %s s; closing %d waiting connection(s)",
                host,
                port,
                settings.DB_WATCHDOG_PROBE_SECONDS,
                len(connections),
            )
            for connection in connections:
                cut(connection)
                self._busy_since.pop(connection, None)


watchdog = Watchdog()


def watch_new_connection(sender, connection, **kwargs) -> None:
    """`connection_created` receiver: every PostgreSQL connection Django borrows is watched."""
    if connection.vendor == "postgresql" and connection.connection is not None:
        watchdog.watch(connection.connection)
