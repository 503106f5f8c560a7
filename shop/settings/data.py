"""The services the shop keeps its state in: PostgreSQL (or SQLite), Redis (cache, channel layer,
Celery broker), Celery's schedule, and backups."""

from pathlib import Path

import dj_database_url
import psycopg_pool
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from shop import environment as env
from shop.settings.core import BASE_DIR

# --- Database -------------------------------------------------------------------------------------
DATABASE_URL = env.url(
    "DATABASE_URL",
    f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
    schemes=("sqlite", "postgres", "postgresql"),
    shown="`sqlite:///db.sqlite3`",
    meaning="e.g. `postgres://user:pass@host:5432/shop`",
)
DATABASES = {"default": dj_database_url.parse(DATABASE_URL)}
_POOL = (
    "PostgreSQL connection pool per web process (keep processes × max size under the server's "
    "`max_connections`); a request waits up to the timeout (seconds) for a connection, then the API answers a "
    "JSON 503"
)
DB_POOL_MIN_SIZE = env.integer("DB_POOL_MIN_SIZE", 2, meaning=_POOL)
DB_POOL_MAX_SIZE = env.integer("DB_POOL_MAX_SIZE", 20, minimum=1, meaning=_POOL)
DB_POOL_TIMEOUT = env.decimal("DB_POOL_TIMEOUT", 4, meaning=_POOL)
DB_BREAKER_SECONDS = env.integer(
    "DB_BREAKER_SECONDS",
    5,
    minimum=1,
    meaning="after a request finds PostgreSQL unreachable, each process answers 503 at once for this long without "
    "trying it (`common/circuit.py`); then one request tries again",
)
DB_CONNECT_TIMEOUT = env.integer(
    "DB_CONNECT_TIMEOUT", 3, meaning="seconds to open a connection to a PostgreSQL server that does not answer"
)
_WATCHDOG = (
    "a command on a PostgreSQL connection that has had no answer for `DB_WATCHDOG_SECONDS` makes the process ask "
    "the server whether it is alive (a fresh connection's SSLRequest); no answer within `DB_WATCHDOG_PROBE_SECONDS` "
    "and the waiting connections are closed, so their requests answer 503 instead of waiting out a frozen server "
    "(`common/db_watchdog.py`); `0` turns the watchdog off"
)
DB_WATCHDOG_SECONDS = env.decimal("DB_WATCHDOG_SECONDS", 2, meaning=_WATCHDOG)
DB_WATCHDOG_PROBE_SECONDS = env.decimal("DB_WATCHDOG_PROBE_SECONDS", 1, meaning=_WATCHDOG)
_TIMEOUTS = (
    "PostgreSQL `lock_timeout` and `statement_timeout` of every connection: a request that waits longer for a row "
    'lock (an order on a pack someone else holds) or runs longer answers 503 "The shop is busy right now. Please '
    "try again.\" and writes nothing; `0` turns a limit off (the `release` step's migrations run without them)"
)
DB_LOCK_TIMEOUT_MS = env.integer("DB_LOCK_TIMEOUT_MS", 3000, meaning=_TIMEOUTS)
DB_STATEMENT_TIMEOUT_MS = env.integer("DB_STATEMENT_TIMEOUT_MS", 15000, meaning=_TIMEOUTS)
DATABASE_POOLER = env.choice(
    "DATABASE_POOLER",
    "none",
    choices=("none", "pgbouncer"),
    meaning="`pgbouncer`: `DATABASE_URL` (and `DATABASE_REPLICA_URL`) lead to PgBouncer in transaction mode "
    "(`deploy/pgbouncer.ini`): no server-side cursors, no prepared statements, no startup `options` (PgBouncer "
    "refuses them; its `connect_query` sets the `DB_*_TIMEOUT_MS` limits instead). Migrations and backups need a "
    "session: run them through the session-mode alias or straight at PostgreSQL",
)
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A bounded pool per process: under ASGI (the websocket process, a local run) each request
    # may run in its own thread, so persistent per-thread connections would pile up past
    # PostgreSQL's max_connections in a burst; a WSGI worker borrows one connection per request.
    # A burst waits for a connection instead of failing.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["pool"] = {
        "min_size": DB_POOL_MIN_SIZE,
        "max_size": DB_POOL_MAX_SIZE,
        # A request waits this long for a connection: long enough for a burst to queue, short
        # enough that an unreachable database answers a JSON 503 (common/middleware.py) quickly.
        "timeout": DB_POOL_TIMEOUT,
    }
    # A server that does not answer at all (packets dropped) fails a connection attempt this fast.
    options["connect_timeout"] = DB_CONNECT_TIMEOUT
    # Suited to a web request: a row lock held elsewhere (an order waiting on a pack an admin is
    # editing) or a runaway query ends the request with a 503 "try again" instead of hanging it.
    # 0 turns a limit off (the release step's migrations run without one).
    options["options"] = f"-c lock_timeout={DB_LOCK_TIMEOUT_MS} -c statement_timeout={DB_STATEMENT_TIMEOUT_MS}"
    # Lets psycopg prepare statements at all (Django turns it off): only the catalog's answer
    # statements ask for it (catalog/answers.py); Django's own queries bind on the client and are
    # never prepared.
    options["prepare_threshold"] = 5
    if DATABASE_POOLER == "pgbouncer":
        # Transaction mode hands each transaction whichever server connection is free, so nothing
        # may outlive a statement on "its" connection: a named cursor (QuerySet.iterator()) or a
        # prepared statement would be looked for on another one. Debian 12's PgBouncer (1.18)
        # keeps no prepared statements (1.21 can, with max_prepared_statements) and refuses the
        # `options` startup parameter, so the limits above come from its connect_query.
        DATABASES["default"]["DISABLE_SERVER_SIDE_CURSORS"] = True
        options["prepare_threshold"] = None
        del options["options"]
DATABASE_REPLICA_URL = env.url(
    "DATABASE_REPLICA_URL",
    schemes=("postgres", "postgresql"),
    meaning="a streaming replica of `DATABASE_URL` for catalog reads (`shop/db_routers.py`); writes, checkout, "
    "payments and a shopper's reads just after their own write stay on the primary",
)
REPLICA_PIN_SECONDS = env.integer(
    "REPLICA_PIN_SECONDS",
    5,
    minimum=1,
    meaning="after a write, that caller's reads go to the primary for this long (longer than the replica's lag)",
)
if DATABASE_REPLICA_URL:
    if not DATABASES["default"]["ENGINE"].endswith("postgresql"):
        raise ImproperlyConfigured("DATABASE_REPLICA_URL needs DATABASE_URL to be PostgreSQL too")
    _replica = dj_database_url.parse(DATABASE_REPLICA_URL)
    _replica["CONN_MAX_AGE"] = 0
    # Each borrowed connection is checked first (one round trip): a replica that went away is found
    # at the borrow, where the router can still send the read to the primary (shop/db_routers.py).
    _pool = {**DATABASES["default"]["OPTIONS"]["pool"], "check": psycopg_pool.ConnectionPool.check_connection}
    _replica["OPTIONS"] = {**DATABASES["default"]["OPTIONS"], "pool": _pool}
    _replica["DISABLE_SERVER_SIDE_CURSORS"] = DATABASES["default"].get("DISABLE_SERVER_SIDE_CURSORS", False)
    _replica["TEST"] = {"MIRROR": "default"}  # tests read the test database through it
    DATABASES["replica"] = _replica
    DATABASE_ROUTERS = ["shop.db_routers.ReplicaRouter"]

# --- Redis: cache, channel layer, Celery broker --------------------------------------------------
REDIS_URL = env.url(
    "REDIS_URL",
    schemes=("redis", "rediss", "unix"),
    meaning="Redis for the cache, the Channels layer and the Celery broker; unset means in-memory layers and eager "
    "Celery",
)
# Short socket timeouts: when Redis is down the cache falls back inside the process
# (common/cache.py) and a request must not hang on it first.
REDIS_TIMEOUT_SECONDS = env.decimal(
    "REDIS_TIMEOUT_SECONDS",
    1,
    meaning="connect (and, for the cache, read) timeout towards Redis. While Redis is down the cache works inside "
    "each process (throttles and guessing limits count per process, catalog answers are not shared), logged once "
    "when it goes and once when it is back; tasks the broker does not take in time (OTP and order texts among "
    "them) wait in the database and are queued once it answers (`common/outbox.py`)",
)
if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "common.cache.SharedPoolRedisCache",
            "LOCATION": REDIS_URL,
            "OPTIONS": {"socket_connect_timeout": REDIS_TIMEOUT_SECONDS, "socket_timeout": REDIS_TIMEOUT_SECONDS},
        }
    }
    # A Redis that is down fails a connection attempt within 2 s instead of hanging the socket or
    # the commit that broadcasts. Reads wait up to 10 s: channels waits 5 s on Redis for a message
    # (BZPOPMIN), and redis-py's own 5 s default would race it and drop sockets. Each worker process
    # has one inbox for all its sockets; a transaction that changes many products puts one message
    # per product in it at once.
    CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {
                "hosts": [{"address": REDIS_URL, "socket_connect_timeout": 2, "socket_timeout": 10}],
                "capacity": 1000,
            },
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}
# Public catalog answers are shared through the cache this long (catalog/caching.py); 0 turns it off.
CATALOG_READ_CACHE_SECONDS = env.integer(
    "CATALOG_READ_CACHE_SECONDS",
    10,
    meaning="how long public catalog answers (lists, search, suggestions) are shared from the cache; every catalog "
    "write, stock sold by an order or returned by a cancellation clears it",
)

# The in-memory broker still wants a host name: a bare "memory://" made kombu warn "No hostname was
# supplied" whenever it described the connection.
CELERY_BROKER_URL = (
    env.url(
        "CELERY_BROKER_URL",
        schemes=("redis", "rediss", "amqp", "amqps", "memory", "sqs"),
        shown="`REDIS_URL`",
        meaning="a different broker for Celery",
    )
    or REDIS_URL
    or "memory://localhost/"
)
CELERY_RESULT_BACKEND = None
# Without a broker the tasks run inline, so a first run needs no worker process.
CELERY_TASK_ALWAYS_EAGER = env.flag(
    "CELERY_TASK_ALWAYS_EAGER", not REDIS_URL, shown="on when `REDIS_URL` is unset", meaning="run tasks inline"
)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# With acks late, a task whose worker died (SIGKILL, a lost machine) is handed out again by the Redis
# broker once it has gone unacknowledged this long; it must stay above the longest countdown a task
# waits (the SMS retries' 600 s), or a waiting task is run twice (the SMS send is idempotent by its
# key all the same, notifications/tasks.py).
CELERY_VISIBILITY_TIMEOUT_SECONDS = env.integer(
    "CELERY_VISIBILITY_TIMEOUT_SECONDS",
    3600,
    minimum=1,
    meaning="a task taken by a worker that died unacknowledged is handed to another worker after this long (Redis "
    "broker); keep it above the SMS retries' longest countdown (600 s)",
)
# A frozen Redis (its process stopped, a half-open path) accepts the bytes of a publish and never
# answers: without a read deadline `.delay()` waited minutes inside the request (issue 46.2). With
# one, the publish fails within a few seconds (not retried), and `NeverFailingTask` runs the task in
# the caller's process instead (notifications/tasks.py). The read deadline stays above the worker's
# own 1 s BRPOP wait, so an idle worker never takes its quiet queue for a dead broker.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": CELERY_VISIBILITY_TIMEOUT_SECONDS,
    "socket_timeout": max(REDIS_TIMEOUT_SECONDS, 2),
    "socket_connect_timeout": max(REDIS_TIMEOUT_SECONDS, 1),
}
CELERY_BROKER_CONNECTION_TIMEOUT = max(REDIS_TIMEOUT_SECONDS, 1)
CELERY_TASK_PUBLISH_RETRY_POLICY = {"max_retries": 0}
BROKER_BREAKER_SECONDS = env.integer(
    "BROKER_BREAKER_SECONDS",
    10,
    minimum=1,
    meaning="after a task could not be queued (the broker down or frozen), each process keeps its tasks in the "
    "database for this long without trying the broker; `common.tasks.send_queued_tasks` queues them every minute "
    "once it answers (`common/outbox.py`)",
)
LAYER_BREAKER_SECONDS = env.integer(
    "LAYER_BREAKER_SECONDS",
    10,
    minimum=1,
    meaning="after a broadcast to the channel layer failed or timed out (Redis down or frozen), each process sends "
    "no broadcasts for this long (the change has committed; pages catch up on their next load), so a request pays "
    "one timeout, not one per message (`realtime/layer.py`)",
)
CELERY_TIMEZONE = "Asia/Kolkata"
CELERY_BEAT_SCHEDULE = {
    "purge-auth-records": {"task": "accounts.tasks.purge_auth_records", "schedule": 24 * 60 * 60},
    # Hourly: deleted accounts whose own erasure task was lost are erased (DPDP Act, within 24 h).
    "purge-personal-data": {"task": "shop.tasks.purge_personal_data", "schedule": 60 * 60},
    "reconcile-payments": {"task": "payments.tasks.reconcile_payments", "schedule": 2 * 60},
    "cancel-abandoned-orders": {"task": "aftersale.tasks.cancel_abandoned_orders", "schedule": 60},
    # Order changes whose process died before announcing them (orders/changes.py, issue 46): every
    # 5 s (`orders.changes.SWEEP_EVERY`), so a lost change reaches the staff board within 10 s.
    "stamp-lost-order-changes": {"task": "orders.tasks.stamp_lost_order_changes", "schedule": 5},
    # Hourly: once a month has ended (India time), its gold-coin draw runs; a month already drawn is skipped.
    "draw-ended-months": {"task": "promotions.tasks.draw_ended_months", "schedule": 60 * 60},
    # Tasks kept while the broker could not take them (common/outbox.py).
    "send-queued-tasks": {"task": "common.tasks.send_queued_tasks", "schedule": 60},
    "purge-idempotency-keys": {"task": "common.tasks.purge_idempotency_keys", "schedule": 60 * 60},
    "purge-sent-sms-keys": {"task": "notifications.tasks.purge_sent_sms_keys", "schedule": 24 * 60 * 60},
    # Shoppers' Core Web Vitals are kept 90 days (common/vitals.py).
    "purge-vitals": {"task": "common.tasks.purge_vitals", "schedule": 24 * 60 * 60},
    # Just after midnight India time (CELERY_TIMEZONE): expired batches leave the sellable stock (FSS Act).
    "expire-due-batches": {"task": "catalog.tasks.expire_due_batches", "schedule": crontab(hour=0, minute=1)},
}

# --- Backups (manage.py backup / restore, shop/backups.py) ------------------------------------------
BACKUP_DIR = Path(
    env.text(
        "BACKUP_DIR",
        str(BASE_DIR / "backups"),
        shown="`backups/` in the checkout",
        meaning="folder the backups go to when media are on disk (with `S3_BUCKET` set they go to the bucket, "
        "under `backups/`)",
    )
)
BACKUP_DATABASE_URL = env.url(
    "BACKUP_DATABASE_URL",
    schemes=("postgres", "postgresql"),
    shown="`DATABASE_URL`",
    meaning="where `pg_dump` reads a backup from; behind PgBouncer in transaction mode, its session-mode name "
    "(`.../shop_session`) or PostgreSQL itself (`compose.yaml` sets it for the worker)",
)
BACKUP_ENCRYPTION_KEY = env.secret(
    "BACKUP_ENCRYPTION_KEY",
    meaning="a Fernet key (`python -c 'from cryptography.fernet import Fernet; print(Fernet.generate_key().decode())'`) "
    "that encrypts every backup file but the manifest (`shop/backups.py`); required when backups go to the S3 "
    "bucket; keep it outside the bucket, a backup does not open without it",
)
BACKUP_KEEP = env.integer("BACKUP_KEEP", 7, minimum=1, meaning="how many backups to keep; older ones are deleted")
BACKUP_EVERY_HOURS = env.integer(
    "BACKUP_EVERY_HOURS",
    0,
    meaning="Celery beat makes a backup this often (`24`: daily); `0`: only when `manage.py backup` runs",
)

if BACKUP_EVERY_HOURS:
    CELERY_BEAT_SCHEDULE["backup"] = {"task": "shop.tasks.backup", "schedule": BACKUP_EVERY_HOURS * 60 * 60}
