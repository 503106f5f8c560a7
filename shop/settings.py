"""Settings for the storefront.

Every setting that differs between a first local run and production is read from the environment
here, and nowhere else. With no variable set the shop runs on embedded defaults: SQLite, an
in-memory channel layer, eager Celery, file-system media, console SMS and the sandbox payment
gateway. The README lists every variable.
"""

import ipaddress
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
import psycopg_pool
from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured

from shop import environment as env

BASE_DIR = Path(__file__).resolve().parent.parent

# "local" (the default) is the first run on a laptop; "production" turns on every protection that
# `manage.py check --deploy` asks for and refuses to start without a real SECRET_KEY.
SHOP_ENV = env.choice(
    "SHOP_ENV",
    "local",
    choices=("local", "production"),
    meaning="`production` refuses to start without `SECRET_KEY` and turns `DEBUG` off by default; HTTPS-only "
    "cookies, HSTS and SSL redirect follow `DEBUG` off",
)
PRODUCTION = SHOP_ENV == "production"

DEBUG = env.flag("DEBUG", not PRODUCTION, shown="on locally, off in production", meaning="Django debug mode")
SECRET_KEY = env.secret("SECRET_KEY", shown="a local-only key", meaning="Django's signing key (required in production)")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when SHOP_ENV=production")
    SECRET_KEY = "local-only-insecure-key-do-not-use-in-production-0123456789"

# How many reverse proxies (load balancer, CDN) stand in front of the web process and append the
# client's address to X-Forwarded-For. 0: none, the socket's address is the client (common/client_ip.py).
TRUSTED_PROXY_COUNT = env.integer(
    "TRUSTED_PROXY_COUNT",
    0,
    meaning="how many reverse proxies (load balancer, CDN) stand in front of the web process and append to "
    "`X-Forwarded-For`; `0` means the socket's address is the client and the header is ignored. Every per-IP "
    "limit reads the client's address this way (`common/client_ip.py`), so set it to exactly the number of "
    "proxies you run: one too many lets a client pick its own address",
)

ALLOWED_HOSTS = env.listing(
    "ALLOWED_HOSTS",
    "" if PRODUCTION else "127.0.0.1,localhost,testserver",
    shown="`127.0.0.1,localhost,testserver` locally, none in production",
    meaning="comma-separated host names",
)
CSRF_TRUSTED_ORIGINS = env.listing(
    "CSRF_TRUSTED_ORIGINS", meaning="comma-separated origins for Django admin behind a proxy"
)

# The API may serve a client on another host (spec section 1): CORS with credentials for /api/
# only, for the listed origins (`https://shop.example.in,...`; none by default, so no other site
# may call it from a browser). The paged admin list's totals travel in headers the client reads.
CORS_ALLOWED_ORIGINS = env.listing(
    "CORS_ALLOWED_ORIGINS",
    meaning="comma-separated origins (`https://shop.example.in`) whose pages may call `/api/` from the browser, "
    "with credentials",
)
# /media/ too: the existing client on its own origin draws the pictures the API names
# (common/media_urls.py); Socket.IO at /socket.io/ checks the same origins itself (realtime/socketio.py).
CORS_URLS_REGEX = r"^/(api|media)/.*$"
CORS_ALLOW_CREDENTIALS = True
CORS_EXPOSE_HEADERS = ["X-Total-Count", "Link"]

INSTALLED_APPS = [
    "daphne",
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.postgres",
    "rest_framework",
    "corsheaders",
    "drf_spectacular",
    "channels",
    "webpack_loader",
    "servestatic",
    "shop",
    "common",
    "notifications",
    "accounts",
    "catalog",
    "orders",
    "payments",
    "realtime",
    "promotions",
    "demo",
    "support",
]

MIDDLEWARE = [
    # Outermost: every log line of the request carries its id; one line per request (common/logs.py).
    "common.logs.RequestLogMiddleware",
    # With a read replica: a caller's reads after their own write go to the primary (shop/db_routers.py).
    "shop.db_routers.PrimaryAfterWriteMiddleware",
    # Times every answer, the preflights and errors included (common/metrics.py).
    "common.metrics.MetricsMiddleware",
    # First, so that a preflight is answered before anything else can answer it (corsheaders' advice).
    "corsheaders.middleware.CorsMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "common.middleware.ApiErrorMiddleware",
    "shop.csp.ContentSecurityPolicyMiddleware",
    # ServeStatic (WhiteNoise's async fork): static files stream through an async iterator under
    # ASGI, where WhiteNoise's file iterator made Django warn and read it in a thread. Its own
    # middleware is async-only, which under WSGI would cost a thread hop per request; this one is
    # both (common/static_files.py).
    "common.static_files.StaticFilesMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.gzip.GZipMiddleware",
    # After the session and before CommonMiddleware (Django's advice): the language of the answer,
    # from the `django_language` cookie, then Accept-Language; Django admin stays English.
    "shop.locale.ShopLocaleMiddleware",
    # While PostgreSQL is unreachable: 503 at once for DB_BREAKER_SECONDS (common/circuit.py),
    # after the language is known and before anything reads the session or the user.
    "common.middleware.DatabaseBreakerMiddleware",
    # An unsupported method on /api/ answers 405 before DRF checks credentials and permissions.
    "common.middleware.UnsupportedMethodMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # The splash once per visit: its cookie is set by the page that showed it (shop/splash.py).
    "shop.splash.SplashOncePerVisitMiddleware",
    # Last: media paths in an /api/ answer become absolute for another origin (common/media_urls.py).
    "common.media_urls.AbsoluteMediaUrlsMiddleware",
]

ROOT_URLCONF = "shop.urls"
# HTTP: gunicorn's WSGI workers (Procfile `web`); websockets: `shop.asgi.websocket_application`
# (Procfile `ws`). `scripts/run` serves both from `shop.asgi.application` on one port.
ASGI_APPLICATION = "shop.asgi.application"
WSGI_APPLICATION = "shop.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                # LANGUAGE_CODE (the active language, for <html lang>) and LANGUAGES.
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "shop.context_processors.storefront",
            ],
        },
    },
]

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
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

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
    "when it goes and once when it is back; SMS are sent from the web process when the broker is down",
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
# One client flooding the ws process with cart sockets stalled everyone's handshakes (issue 33).
WS_SOCKETS_PER_ADDRESS = env.integer(
    "WS_SOCKETS_PER_ADDRESS",
    20,
    minimum=1,
    meaning="cart sockets one client address may hold open in each ws process; one more is closed at once with "
    "1013 (try again later), and the browser retries with its backoff (`realtime/limits.py`)",
)
WS_SOCKETS_PER_USER = env.integer(
    "WS_SOCKETS_PER_USER",
    10,
    minimum=1,
    meaning="sockets one signed-in user (their token on the socket) may hold open in each ws process, from any "
    "address; one more is closed with 1013 (try again later) (`realtime/limits.py`)",
)
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
CELERY_BROKER_TRANSPORT_OPTIONS = {"visibility_timeout": CELERY_VISIBILITY_TIMEOUT_SECONDS}
CELERY_TIMEZONE = "Asia/Kolkata"
CELERY_BEAT_SCHEDULE = {
    "purge-auth-records": {"task": "accounts.tasks.purge_auth_records", "schedule": 24 * 60 * 60},
    # Hourly: deleted accounts whose own erasure task was lost are erased (DPDP Act, within 24 h).
    "purge-personal-data": {"task": "accounts.tasks.purge_personal_data", "schedule": 60 * 60},
    "reconcile-payments": {"task": "payments.tasks.reconcile_payments", "schedule": 2 * 60},
    "cancel-abandoned-orders": {"task": "payments.tasks.cancel_abandoned_orders", "schedule": 60},
    # Hourly: once a month has ended (India time), its gold-coin draw runs; a month already drawn is skipped.
    "draw-ended-months": {"task": "promotions.tasks.draw_ended_months", "schedule": 60 * 60},
    "purge-idempotency-keys": {"task": "common.tasks.purge_idempotency_keys", "schedule": 60 * 60},
    "purge-sent-sms-keys": {"task": "notifications.tasks.purge_sent_sms_keys", "schedule": 24 * 60 * 60},
    # Shoppers' Core Web Vitals are kept 90 days (common/vitals.py).
    "purge-vitals": {"task": "common.tasks.purge_vitals", "schedule": 24 * 60 * 60},
    # Just after midnight India time (CELERY_TIMEZONE): expired batches leave the sellable stock (FSS Act).
    "expire-due-batches": {"task": "catalog.tasks.expire_due_batches", "schedule": crontab(hour=0, minute=1)},
}

# --- Auth -----------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/login"

ACCESS_TOKEN_LIFETIME_MINUTES = env.integer(
    "ACCESS_TOKEN_LIFETIME_MINUTES", 60 * 24 * 7, minimum=1, shown="`10080` (7 days)", meaning="how long a login lasts"
)
_THROTTLES = "per-IP rate limits (`THROTTLE_ACCOUNT`: registration and password reset), as DRF writes them (`10/hour`)"
SIMPLE_JWT = {
    "ACCESS_TOKEN_LIFETIME": timedelta(minutes=ACCESS_TOKEN_LIFETIME_MINUTES),
    "REFRESH_TOKEN_LIFETIME": timedelta(minutes=ACCESS_TOKEN_LIFETIME_MINUTES),
    "AUTH_HEADER_TYPES": ("Bearer",),
    "USER_ID_FIELD": "id",
    "USER_ID_CLAIM": "user_id",
    "SIGNING_KEY": SECRET_KEY,
    # A token carries a hash of the password hash: changing the password ends every older token.
    "CHECK_REVOKE_TOKEN": True,
}

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": ["accounts.authentication.RevocableJWTAuthentication"],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.AllowAny"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    # Every call sends JSON (spec section 7); the image upload names its own multipart parser. The
    # schema then offers JSON bodies only, which is what the views read.
    "DEFAULT_PARSER_CLASSES": ["rest_framework.parsers.JSONParser"],
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "common.api_errors.exception_handler",
    "DEFAULT_THROTTLE_RATES": {
        "otp_send": env.text("THROTTLE_OTP_SEND", "10/hour", meaning=_THROTTLES),
        "otp_send_daily": env.text("THROTTLE_OTP_SEND_DAILY", "30/day", meaning=_THROTTLES),
        "account": env.text("THROTTLE_ACCOUNT", "30/hour", meaning=_THROTTLES),
        "otp_verify": env.text("THROTTLE_OTP_VERIFY", "30/hour", meaning=_THROTTLES),
        "login": env.text("THROTTLE_LOGIN", "20/minute", meaning=_THROTTLES),
        "grievance": env.text(
            "THROTTLE_GRIEVANCE", "10/hour", meaning="per-IP limit of complaints filed on /grievance.html"
        ),
        "grievance_status": env.text(
            "THROTTLE_GRIEVANCE_STATUS",
            "20/hour",
            meaning="per-IP limit of ticket status look-ups (ticket number + phone) on /grievance.html",
        ),
        # The existing client's Pay button without a token (payments/throttles.py): per client, per order.
        "guest_payment": env.text("THROTTLE_GUEST_PAYMENT", "20/hour", meaning=_THROTTLES),
        "guest_payment_order": env.text("THROTTLE_GUEST_PAYMENT_ORDER", "10/hour", meaning=_THROTTLES),
    },
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
    # Throttles take the client's address from common.client_ip (TRUSTED_PROXY_COUNT), not from
    # DRF's NUM_PROXIES; this keeps DRF's own fallback from trusting X-Forwarded-For.
    "NUM_PROXIES": 0,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "Storefront API",
    "DESCRIPTION": "Groceries by brand and pack size, phone sign-in, orders and payments.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "common.openapi.add_error_responses",
    ],
    "ENUM_NAME_OVERRIDES": {
        "OrderStatusEnum": ["placed", "packed", "dispatched", "delivered", "cancelled"],
        "OrderStepEnum": ["packed", "dispatched", "delivered"],
        # The language a user has (in answers, with each code's name) and the one a profile update sends.
        "LanguageEnum": "shop.settings.LANGUAGES",
        "LanguageCodeEnum": ["en", "te"],
        # Two answers name a field `kind`: a packing change's and a ticket's.
        "TicketKindEnum": ["problem_report", "grievance"],
    },
}

# --- Internationalisation -------------------------------------------------------------------------
# English and Telugu. The shop's texts are English in the source; Telugu lives in
# locale/te/LC_MESSAGES/django.po, whose compiled .mo is committed beside it (the shop runs with no
# GNU gettext installed; shop/tests/test_translations.py fails when the two disagree or a marked
# text has no Telugu). The language comes from the `django_language` cookie (Django's default
# name, which the islands also set), then Accept-Language; a customer's choice is also kept on
# the user (`User.language`), which picks the language of the texts sent by SMS.
LANGUAGE_CODE = "en"
LANGUAGES = [("en", "English"), ("te", "తెలుగు")]
LOCALE_PATHS = [BASE_DIR / "locale"]
LANGUAGE_COOKIE_NAME = "django_language"
LANGUAGE_COOKIE_AGE = 365 * 24 * 60 * 60
LANGUAGE_COOKIE_SAMESITE = "Lax"
TIME_ZONE = "Asia/Kolkata"
USE_I18N = True
USE_TZ = True

# --- Static files, frontend bundles, media --------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "frontend" / "build", BASE_DIR / "frontend" / "public"]
WEBPACK_LOADER = {
    "DEFAULT": {
        "BUNDLE_DIR_NAME": "bundles/",
        "STATS_FILE": BASE_DIR / "webpack-stats.json",
        "CACHE": not DEBUG,
    }
}
# The shopper islands' first screen rendered to HTML by the Node renderer beside Django
# (frontend/ssr/server.mjs, shop/ssr.py, issue 34). Unset, or the renderer down or slow, the
# islands draw the page in the browser as before.
SSR_URL = env.url(
    "SSR_URL",
    schemes=("http",),
    shown="none (`scripts/run`: `http://127.0.0.1:8002`)",
    meaning="the island renderer (`node frontend/ssr/server.mjs`, port `SSR_PORT`, default 8002): the home, "
    "category, search, product and cart pages come with their first screen's HTML, which the islands hydrate; "
    "unset means the islands draw it in the browser",
).rstrip("/")
SSR_TIMEOUT_MS = env.integer(
    "SSR_TIMEOUT_MS",
    150,
    minimum=1,
    meaning="how long a page waits for the island renderer; slower or down, the page is served without it and "
    "the renderer is not asked again for `SSR_BREAKER_SECONDS`",
)
SSR_BREAKER_SECONDS = env.integer(
    "SSR_BREAKER_SECONDS",
    10,
    minimum=1,
    meaning="after the island renderer failed or was slow, each process serves pages without it for this long",
)
MEDIA_URL = env.text("MEDIA_URL", "/media/", meaning="public URL prefix of media")
PUBLIC_BASE_URL = env.url(
    "PUBLIC_BASE_URL",
    schemes=("http", "https"),
    shown="none",
    meaning="the public origin (`https://shop.example.in`) that media paths in API answers are made absolute "
    "with, for every client; unset, they are absolute only for a request from one of `CORS_ALLOWED_ORIGINS`, "
    "from the host it reached (common/media_urls.py)",
)
MEDIA_ROOT = BASE_DIR / "media"
# A stored picture never changes under its name (an upload gets a fresh name, catalog/uploads.py; a
# new version of the drawings goes to a new folder, catalog/images.py), so browsers and CDNs may
# keep it for a year.
MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable"
AWS_STORAGE_BUCKET_NAME = env.text(
    "S3_BUCKET",
    meaning="media (product images) in S3 or any S3-compatible store; unset means `media/` on disk",
)
_S3 = (
    "S3 connection (defaults: AWS's endpoint, `ap-south-1`); the endpoint URL points at any S3-compatible store "
    "(MinIO, Cloudflare R2, DigitalOcean Spaces)"
)
_s3_endpoint = env.url("S3_ENDPOINT_URL", schemes=("http", "https"), shown="AWS's", meaning=_S3)
_s3_region = env.text("S3_REGION", "ap-south-1", meaning=_S3)
_s3_key_id = env.secret("S3_ACCESS_KEY_ID", meaning=_S3)
_s3_secret = env.secret("S3_SECRET_ACCESS_KEY", meaning=_S3)
_s3_custom_domain = env.text(
    "S3_CUSTOM_DOMAIN", meaning="a bare host serving the bucket's objects (older form of `S3_PUBLIC_BASE_URL`)"
)
# The public address of the bucket's objects (a CDN, or the store's public endpoint), e.g.
# https://media.example.in/shop; django-storages takes it as a host (plus path) and a protocol.
S3_PUBLIC_BASE_URL = env.url(
    "S3_PUBLIC_BASE_URL",
    schemes=("http", "https"),
    shown="the bucket's own URL",
    meaning="public address of the stored images (a CDN or the store's public endpoint), e.g. "
    "`https://media.example.in`",
).rstrip("/")
if AWS_STORAGE_BUCKET_NAME:
    AWS_S3_ENDPOINT_URL = _s3_endpoint or None
    AWS_S3_REGION_NAME = _s3_region
    AWS_ACCESS_KEY_ID = _s3_key_id
    AWS_SECRET_ACCESS_KEY = _s3_secret
    AWS_S3_CUSTOM_DOMAIN = _s3_custom_domain or None
    if S3_PUBLIC_BASE_URL:
        _public = urlsplit(S3_PUBLIC_BASE_URL)
        if _public.scheme not in ("http", "https") or not _public.netloc:
            raise ImproperlyConfigured("S3_PUBLIC_BASE_URL must be an http(s) URL, e.g. https://media.example.in")
        AWS_S3_CUSTOM_DOMAIN = f"{_public.netloc}{_public.path}"
        AWS_S3_URL_PROTOCOL = f"{_public.scheme}:"
    AWS_QUERYSTRING_AUTH = False
    AWS_S3_FILE_OVERWRITE = False
    AWS_S3_OBJECT_PARAMETERS = {"CacheControl": MEDIA_CACHE_CONTROL}
    MEDIA_STORAGE_BACKEND = "storages.backends.s3.S3Storage"
else:
    MEDIA_STORAGE_BACKEND = "django.core.files.storage.FileSystemStorage"
STORAGES = {
    "default": {"BACKEND": MEDIA_STORAGE_BACKEND},
    "staticfiles": {
        "BACKEND": "servestatic.storage.CompressedStaticFilesStorage"
        if PRODUCTION
        else "django.contrib.staticfiles.storage.StaticFilesStorage"
    },
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
BACKUP_KEEP = env.integer("BACKUP_KEEP", 7, minimum=1, meaning="how many backups to keep; older ones are deleted")
BACKUP_EVERY_HOURS = env.integer(
    "BACKUP_EVERY_HOURS",
    0,
    meaning="Celery beat makes a backup this often (`24`: daily); `0`: only when `manage.py backup` runs",
)
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
UPLOAD_MAX_IMAGE_BYTES = env.integer(
    "UPLOAD_MAX_IMAGE_BYTES",
    5 * 1024 * 1024,
    minimum=1,
    meaning="largest image an admin may upload (`POST /api/upload`: JPEG, PNG or WebP, at most 40 megapixels; "
    "stored re-encoded as WebP without metadata, 1000 px for the product page and 360 px for cards)",
)
SERVESTATIC_MAX_AGE = 31536000 if PRODUCTION else 0

# --- SMS ------------------------------------------------------------------------------------------
# console: prints the text; outbox: stores it in the database (Django admin lists it); msg91: the
# real provider, sent from a Celery task.
SMS_BACKEND = env.choice(
    "SMS_BACKEND",
    "console",
    choices=("console", "outbox", "msg91"),
    meaning="`console` (prints), `outbox` (stored in the database, listed in Django admin), `msg91` (MSG91 HTTP "
    "API, sent by the Celery worker)",
)
# The console backend writes every OTP into the log; production refuses it unless told otherwise.
SMS_OTP_PER_HOUR = env.integer(
    "SMS_OTP_PER_HOUR",
    200,
    minimum=1,
    meaning="OTP texts the whole shop sends in a clock hour; past it (or past `SMS_OTP_PER_HOUR_PER_PREFIX`) a code "
    "to a number with no account is refused (429) and staff are alerted in the log, while numbers with an account "
    "still get theirs (`notifications/budget.py`)",
)
SMS_OTP_PER_HOUR_PER_PREFIX = env.integer(
    "SMS_OTP_PER_HOUR_PER_PREFIX",
    20,
    minimum=1,
    meaning="OTP texts in a clock hour to numbers sharing their first 5 digits (SMS-pumping fraud targets one range)",
)
SMS_CONSOLE_ALLOWED_IN_PRODUCTION = env.flag(
    "SMS_CONSOLE_ALLOWED_IN_PRODUCTION",
    False,
    meaning="the console backend prints OTP codes into the log, so with `SHOP_ENV=production` the shop refuses to "
    "start with it (and `check --deploy` flags it) unless this is set",
)
if PRODUCTION and SMS_BACKEND == "console" and not SMS_CONSOLE_ALLOWED_IN_PRODUCTION:
    raise ImproperlyConfigured(
        "SMS_BACKEND=console prints OTP codes into the log: choose msg91 (or outbox) when SHOP_ENV=production, "
        "or set SMS_CONSOLE_ALLOWED_IN_PRODUCTION=1 for a trial run"
    )
_MSG91 = "MSG91 credentials: the auth key, sender id, flow template id and the flow API's address"
SMS_MSG91_AUTH_KEY = env.secret("SMS_MSG91_AUTH_KEY", meaning=_MSG91)
SMS_MSG91_SENDER_ID = env.text("SMS_MSG91_SENDER_ID", "SMLRMT", meaning=_MSG91)
SMS_MSG91_URL = env.url(
    "SMS_MSG91_URL", "https://control.msg91.com/api/v5/flow/", schemes=("https", "http"), meaning=_MSG91
)
SMS_MSG91_TEMPLATE_ID = env.text("SMS_MSG91_TEMPLATE_ID", meaning=_MSG91)

# Guessing limits per phone number (accounts/guard.py), whatever address the tries come from:
# this many wrong passwords or OTPs in a row are free, then the wait starts at the base and
# doubles with each further failure up to the maximum. A success clears the count.
_GUESS = (
    "wrong passwords per phone number and client address (wrong OTPs per phone number): after this many in a row "
    "that address waits, 1 minute doubling with each further failure up to an hour (429 with `retryAfter`); a "
    "success clears it. About 10 wrong passwords an hour per account and address at most"
)
GUESS_FREE_FAILURES = env.integer("GUESS_FREE_FAILURES", 5, meaning=_GUESS)
GUESS_BASE_WAIT_SECONDS = env.integer("GUESS_BASE_WAIT_SECONDS", 60, meaning=_GUESS)
GUESS_MAX_WAIT_SECONDS = env.integer("GUESS_MAX_WAIT_SECONDS", 3600, meaning=_GUESS)
PASSWORD_ACCOUNT_FREE_FAILURES = env.integer(
    "PASSWORD_ACCOUNT_FREE_FAILURES",
    100,
    meaning="wrong passwords for one phone number from all addresses together before addresses the account has not "
    "signed in from get one try a minute (`GUESS_BASE_WAIT_SECONDS`); the addresses it signed in from in the last "
    "30 days are never slowed, and a password reset by OTP clears every count (`accounts/guard.py`)",
)
# Staff sign-in at /staff/ also counts failures per client address (any account).
STAFF_LOGIN_FREE_FAILURES_PER_IP = env.integer(
    "STAFF_LOGIN_FREE_FAILURES_PER_IP",
    10,
    meaning="failed sign-ins to Django admin (`/staff/`) from one address, any account, before that address waits "
    "the same way; each failure is logged with its address",
)

OTP_LENGTH = 6
OTP_TTL_SECONDS = 5 * 60
OTP_MAX_TRIES = 5
OTP_RESEND_SECONDS = 5 * 60
OTP_VERIFICATION_TOKEN_TTL_SECONDS = 10 * 60

# --- Payments -------------------------------------------------------------------------------------
PAYMENT_GATEWAY = env.choice(
    "PAYMENT_GATEWAY",
    "sandbox",
    choices=("sandbox", "juspay"),
    meaning="`sandbox` (a hosted page inside the shop with Pay and Fail; no network) or `juspay` (Juspay / HDFC "
    'SmartGateway); see "Online payments" below',
)
JUSPAY_BASE_URL = env.url(
    "JUSPAY_BASE_URL",
    "https://smartgatewayuat.hdfcbank.com",
    schemes=("https", "http"),
    shown="`https://smartgatewayuat.hdfcbank.com` (HDFC's UAT)",
    meaning="the gateway's API host; production: the URL HDFC gives you",
)
_JUSPAY_KEYS = "merchant id (`x-merchantid` header) and API key (Basic auth user name) from the gateway's dashboard"
JUSPAY_API_KEY = env.secret("JUSPAY_API_KEY", meaning=_JUSPAY_KEYS)
JUSPAY_MERCHANT_ID = env.text("JUSPAY_MERCHANT_ID", meaning=_JUSPAY_KEYS)
JUSPAY_PAYMENT_PAGE_CLIENT_ID = env.text(
    "JUSPAY_PAYMENT_PAGE_CLIENT_ID", meaning="the payment page client id (HDFC's UAT uses `hdfcmaster`)"
)
JUSPAY_RESPONSE_KEY = env.secret(
    "JUSPAY_RESPONSE_KEY",
    meaning="the response key that signs the return URL (HMAC-SHA256); returns that do not verify never pay anything",
)
_JUSPAY_WEBHOOK = (
    "the Basic-auth credentials you set for the webhook in the dashboard; unset means every webhook answers 401"
)
JUSPAY_WEBHOOK_USERNAME = env.text("JUSPAY_WEBHOOK_USERNAME", meaning=_JUSPAY_WEBHOOK)
JUSPAY_WEBHOOK_PASSWORD = env.secret("JUSPAY_WEBHOOK_PASSWORD", meaning=_JUSPAY_WEBHOOK)
_JUSPAY_CALLS = (
    "the order-status API's `version` header; how long any gateway call may take (seconds) before the payment is "
    "left pending for reconciliation"
)
JUSPAY_API_VERSION = env.text("JUSPAY_API_VERSION", "2023-06-30", meaning=_JUSPAY_CALLS)
JUSPAY_TIMEOUT_SECONDS = env.decimal("JUSPAY_TIMEOUT_SECONDS", 15, meaning=_JUSPAY_CALLS)
# The sandbox gateway signs its returns with this key (default: derived from SECRET_KEY).
PAYMENT_SANDBOX_KEY = env.secret(
    "PAYMENT_SANDBOX_KEY", shown="derived from `SECRET_KEY`", meaning="the key the sandbox signs its returns with"
)
# The sandbox marks orders paid with no money: it follows DEBUG, not SHOP_ENV (a shop left at the
# default SHOP_ENV with DEBUG=0 once let anyone pay an order at /payments/sandbox/<id>, issue 33).
PAYMENT_SANDBOX = env.flag(
    "PAYMENT_SANDBOX",
    DEBUG,
    shown="on with `DEBUG`",
    meaning="the sandbox gateway marks orders paid with no money, so with `DEBUG` off it takes no payments (and "
    "`manage.py check` fails while `PAYMENT_GATEWAY=sandbox`) unless this is on (`Y`: a demo shop; "
    "`check --deploy` then reports it as an error)",
)
PAYMENT_SANDBOX_REFUND_OUTCOME = env.choice(
    "PAYMENT_SANDBOX_REFUND_OUTCOME",
    "SUCCESS",
    choices=("SUCCESS", "PENDING", "FAILURE", "MANUAL_REVIEW"),
    meaning="what a new sandbox refund becomes: `SUCCESS`, `PENDING` (until settled), `FAILURE` or `MANUAL_REVIEW`",
)
JUSPAY_STATUS_CALLS_AT_ONCE = env.integer(
    "JUSPAY_STATUS_CALLS_AT_ONCE",
    8,
    minimum=1,
    meaning="reconciliation asks Juspay about this many payments' refunds side by side (one order-status call each)",
)
REFUND_RESUBMIT_AFTER_MINUTES = env.integer(
    "REFUND_RESUBMIT_AFTER_MINUTES",
    10,
    meaning="a refund submitted this long ago that the gateway still does not list is sent again, with the same "
    "`unique_request_id` (which the gateway never pays twice)",
)
# Payments still pending this long after they started are asked about again (Celery beat), for
# up to PAYMENT_RECONCILE_WINDOW_HOURS.
_RECONCILE = "Celery beat asks the gateway about payments still pending this long after they started, for this long"
PAYMENT_RECONCILE_AFTER_MINUTES = env.integer("PAYMENT_RECONCILE_AFTER_MINUTES", 5, meaning=_RECONCILE)
PAYMENT_RECONCILE_WINDOW_HOURS = env.integer("PAYMENT_RECONCILE_WINDOW_HOURS", 48, meaning=_RECONCILE)
# Answered by GET /api/config/paypal for older clients; the shop takes no PayPal payments.
PAYPAL_CLIENT_ID = env.text(
    "PAYPAL_CLIENT_ID",
    meaning="answered by `GET /api/config/paypal` for older clients; the shop takes no PayPal payments",
)
ONLINE_PAYMENT_ENABLED = env.flag(
    "ONLINE_PAYMENT_ENABLED",
    True,
    shown="`Y`",
    meaning="offer the Online payment method (`N`: not offered in `GET /api/config`, and an Online order is refused "
    "with 400)",
)
UNPAID_ORDERS_PER_CUSTOMER = env.integer(
    "UNPAID_ORDERS_PER_CUSTOMER",
    3,
    minimum=1,
    meaning="open (placed, packed or dispatched) unpaid orders one customer may have; one more is refused with "
    "409 `too_many_unpaid_orders` (cash orders take stock and pay at the door: `orders/rules.py`)",
)
UNPAID_PACK_UNITS_PER_CUSTOMER = env.integer(
    "UNPAID_PACK_UNITS_PER_CUSTOMER",
    20,
    minimum=1,
    meaning="units of one pack one customer's open unpaid orders may hold together; more is refused with 409 "
    "`pack_hoarded`",
)
ORDER_PLACEMENTS_PER_MINUTE = env.integer(
    "ORDER_PLACEMENTS_PER_MINUTE",
    5,
    minimum=1,
    meaning="orders one customer may try to place in a minute (429 beyond it)",
)
UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES = env.integer(
    "UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES",
    30,
    minimum=1,
    meaning="an Online order still unpaid (and not yet packed) this long after placement is cancelled by Celery beat "
    "and its stock returned; failed payments of unpaid orders are re-checked for this long",
)

# --- After the sale -------------------------------------------------------------------------------
SUPPORT_REPORT_WINDOW_HOURS = env.integer(
    "SUPPORT_REPORT_WINDOW_HOURS",
    48,
    minimum=1,
    meaning="how long after delivery a shopper may report a problem with an order (missing, damaged, wrong, "
    "expired); the ticket then waits in the staff queue at `/admin/tickets`",
)

# --- Stock and picking ----------------------------------------------------------------------------
LOW_STOCK_THRESHOLD = env.integer(
    "LOW_STOCK_THRESHOLD",
    5,
    minimum=0,
    meaning="a pack with this many or fewer left is low stock (the order board's banner, "
    "`GET /api/products/low-stock`, `manage.py low_stock`) unless the pack sets a threshold of its own",
)

# --- The shop itself ------------------------------------------------------------------------------
SITE_URL = env.url(
    "SITE_URL",
    "http://127.0.0.1:8000",
    schemes=("http", "https"),
    meaning="the shop's public address (payment return URLs, SMS links)",
)
STORE_NAME = env.text("STORE_NAME", "SMLR Mart", meaning="shown in the header, invoices and SMS")
_CHAT = "Say Hi To Order chat and call links (demo numbers by default)"
STORE_WHATSAPP_NUMBER = env.text("STORE_WHATSAPP_NUMBER", "919876543210", meaning=_CHAT)
STORE_PHONE_NUMBER = env.text("STORE_PHONE_NUMBER", "08856230123", meaning=_CHAT)
STORE_SUPPORT_EMAIL = env.text("STORE_SUPPORT_EMAIL", "care@smlrmart.in", meaning="footer and invoice")
STORE_SUPPORT_PHONE = env.text("STORE_SUPPORT_PHONE", "+91 98765 43210", meaning="footer and invoice")
STORE_GST_NUMBER = env.text("STORE_GST_NUMBER", "37ABCDE1234F1Z5", meaning="invoice (a demo value by default)")
# The state the store is registered in for GST (its GSTIN starts with the state's code, 37): delivery
# inside it is taxed CGST + SGST, elsewhere IGST (`orders.tax`).
STORE_STATE = env.text(
    "STORE_STATE",
    "Andhra Pradesh",
    meaning="the state the store is registered in for GST (its GSTIN's first two digits are that state's code): "
    "orders delivered inside it are taxed CGST + SGST, elsewhere (Yanam, Puducherry) IGST",
)
STORE_FSSAI_NUMBER = env.text("STORE_FSSAI_NUMBER", "10123456000123", meaning="invoice (a demo value by default)")
STORE_ADDRESS = env.text(
    "STORE_ADDRESS", "Main Road, Amalapuram, Andhra Pradesh 533201", meaning="invoice (a demo value by default)"
)
# The seller and grievance officer the Consumer Protection (E-Commerce) Rules 2020 ask the site to
# name (`common/seller.py`; `manage.py compliance_audit` fails while one is blank).
STORE_LEGAL_NAME = env.text(
    "STORE_LEGAL_NAME", "SMLR Mart Retail Private Limited", meaning="footer, invoice (a demo value by default)"
)
_OFFICER = "the grievance officer on /grievance.html and in the footer (a demo value by default)"
GRIEVANCE_OFFICER_NAME = env.text("GRIEVANCE_OFFICER_NAME", "K. Lakshmi Prasad", meaning=_OFFICER)
GRIEVANCE_OFFICER_DESIGNATION = env.text(
    "GRIEVANCE_OFFICER_DESIGNATION", "Grievance Officer and Customer Care Manager", meaning=_OFFICER
)
GRIEVANCE_OFFICER_PHONE = env.text("GRIEVANCE_OFFICER_PHONE", "+91 98765 43211", meaning=_OFFICER)
GRIEVANCE_OFFICER_EMAIL = env.text("GRIEVANCE_OFFICER_EMAIL", "grievance@smlrmart.in", meaning=_OFFICER)
_SOCIAL = "footer social links"
STORE_SOCIAL_LINKS = {
    "facebook": env.text("STORE_FACEBOOK_URL", "https://www.facebook.com/smlrmart", meaning=_SOCIAL),
    "instagram": env.text("STORE_INSTAGRAM_URL", "https://www.instagram.com/smlrmart", meaning=_SOCIAL),
    "youtube": env.text("STORE_YOUTUBE_URL", "https://www.youtube.com/@smlrmart", meaning=_SOCIAL),
    "x": env.text("STORE_X_URL", "https://x.com/smlrmart", meaning=_SOCIAL),
}
GOOGLE_MAPS_API_KEY = env.secret(
    "GOOGLE_MAPS_API_KEY",
    meaning="optional Places autocomplete in the delivery checker (setting it also lets the Maps hosts through the "
    "content security policy); without it the checker suggests towns and localities from the offline post-office "
    "data",
)
DELIVERY_STATES = ["Andhra Pradesh", "Puducherry"]


def _pincode_pair(pair: str) -> bool:
    pin, _, town = pair.partition(":")
    if not (pin.strip().isascii() and pin.strip().isdigit() and len(pin.strip()) == 6 and town.strip()):
        raise ImproperlyConfigured(f"DELIVERY_PINCODES: {pair!r} is not valid: expected a 6-digit pincode:Town")
    return True


# Pincode -> town the shop delivers to. Override with DELIVERY_PINCODES="533201:Amalapuram,...".
DELIVERY_PINCODES = {
    pin.strip(): town.strip()
    for pin, town in (
        pair.split(":", 1)
        for pair in env.listing(
            "DELIVERY_PINCODES",
            "533201:Amalapuram,533001:Kakinada,533212:Mummidivaram,533464:Yanam,"
            "533222:Uppalaguptam,533213:Uppalaguptam",
            shown="the six pincodes of the spec",
            meaning="`pincode:Town,...` the shop delivers to",
        )
        if _pincode_pair(pair)
    )
}

# --- Production hardening -------------------------------------------------------------------------
_SECURE_SSL_REDIRECT = env.flag(
    "SECURE_SSL_REDIRECT",
    True,
    meaning="with `DEBUG` off: redirect plain HTTP to HTTPS (off when the proxy in front already does)",
)
_SECURE_HSTS_SECONDS = env.integer(
    "SECURE_HSTS_SECONDS",
    31536000,
    meaning="with `DEBUG` off: the `Strict-Transport-Security` max-age (`check --deploy` fails on 0)",
)
LOG_LEVEL = env.choice(
    "LOG_LEVEL", "INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), meaning="root log level"
)
# Whatever SHOP_ENV says: a shop serving with DEBUG off is a live shop (issue 33: HSTS and secure
# cookies hung on SHOP_ENV, a second switch that was easy to forget). shop/checks.py fails
# `check --deploy` when they are off with DEBUG off all the same.
if PRODUCTION or not DEBUG:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = _SECURE_SSL_REDIRECT
    SECURE_HSTS_SECONDS = _SECURE_HSTS_SECONDS
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_REFERRER_POLICY = "same-origin"
    SECURE_CONTENT_TYPE_NOSNIFF = True

# --- Metrics (GET /metrics, shop/metrics.py) -------------------------------------------------------
METRICS_TOKEN = env.secret(
    "METRICS_TOKEN", meaning="Bearer token Prometheus sends to read `/metrics` (none: only `METRICS_ALLOWED_NETWORKS`)"
)
try:
    METRICS_ALLOWED_NETWORKS = [
        ipaddress.ip_network(network, strict=False)
        for network in env.listing(
            "METRICS_ALLOWED_NETWORKS",
            meaning="comma-separated networks (`10.0.0.0/8,127.0.0.1/32`) that may read `/metrics` without the token; "
            "the address is the one `TRUSTED_PROXY_COUNT` makes of the request",
        )
    ]
except ValueError as error:
    raise ImproperlyConfigured(f"METRICS_ALLOWED_NETWORKS: {error}") from None
PROMETHEUS_MULTIPROC_DIR = env.text(
    "PROMETHEUS_MULTIPROC_DIR",
    meaning="a directory, emptied before the processes start, where every web, ws and Celery process of one machine "
    "keeps its figures so that one scrape of `/metrics` adds them up (prometheus-client's multiprocess mode); "
    "unset: each process shows its own",
)

LOG_FORMAT = env.choice(
    "LOG_FORMAT",
    "text",
    choices=["text", "json"],
    meaning="`json`: one JSON object per line with the request id, and one line per request "
    "(`shop.requests`: method, route, status, time, user id); `text`: plain lines for a terminal",
)
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"request_id": {"()": "common.logs.RequestIdFilter"}},
    "formatters": {"json": {"()": "common.logs.JsonFormatter"}, "text": {"()": "common.logs.TextFormatter"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["request_id"], "formatter": LOG_FORMAT},
    },
    "root": {"handlers": ["console"], "level": LOG_LEVEL},
    "loggers": {
        # Django's own default config gives "django" a console handler of its own (when DEBUG is
        # on) and lets it propagate to root too, so every line was printed twice. One handler: root's.
        "django": {"handlers": [], "level": LOG_LEVEL, "propagate": True},
        "django.db.backends": {"level": "INFO"},
        # One line per request (common.logs): with JSON logs; a terminal has the server's own.
        "shop.requests": {"level": "INFO" if LOG_FORMAT == "json" else "WARNING"},
    },
}

if BACKUP_EVERY_HOURS:
    CELERY_BEAT_SCHEDULE["backup"] = {"task": "shop.tasks.backup", "schedule": BACKUP_EVERY_HOURS * 60 * 60}
