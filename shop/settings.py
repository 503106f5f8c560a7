"""Settings for the storefront.

Every setting that differs between a first local run and production is read from the environment
here, and nowhere else. With no variable set the shop runs on embedded defaults: SQLite, an
in-memory channel layer, eager Celery, file-system media, console SMS and the sandbox payment
gateway. The README lists every variable.
"""

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

import dj_database_url
from django.core.exceptions import ImproperlyConfigured

BASE_DIR = Path(__file__).resolve().parent.parent


def env(name: str, default: str = "") -> str:
    return os.environ.get(name, default)


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in env(name, default).split(",") if item.strip()]


# "local" (the default) is the first run on a laptop; "production" turns on every protection that
# `manage.py check --deploy` asks for and refuses to start without a real SECRET_KEY.
SHOP_ENV = env("SHOP_ENV", "local")
PRODUCTION = SHOP_ENV == "production"

DEBUG = env_bool("DEBUG", not PRODUCTION)
SECRET_KEY = env("SECRET_KEY")
if not SECRET_KEY:
    if PRODUCTION:
        raise ImproperlyConfigured("SECRET_KEY must be set when SHOP_ENV=production")
    SECRET_KEY = "local-only-insecure-key-do-not-use-in-production-0123456789"

# How many reverse proxies (load balancer, CDN) stand in front of the web process and append the
# client's address to X-Forwarded-For. 0: none, the socket's address is the client (common/client_ip.py).
TRUSTED_PROXY_COUNT = int(env("TRUSTED_PROXY_COUNT", "0"))

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "" if PRODUCTION else "127.0.0.1,localhost,testserver")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

# The API may serve a client on another host (spec section 1): CORS with credentials for /api/
# only, for the listed origins (`https://shop.example.in,...`; none by default, so no other site
# may call it from a browser). The paged admin list's totals travel in headers the client reads.
CORS_ALLOWED_ORIGINS = env_list("CORS_ALLOWED_ORIGINS")
CORS_URLS_REGEX = r"^/api/.*$"
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
]

MIDDLEWARE = [
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
    # An unsupported method on /api/ answers 405 before DRF checks credentials and permissions.
    "common.middleware.UnsupportedMethodMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
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
DATABASES = {"default": dj_database_url.parse(env("DATABASE_URL", f"sqlite:///{BASE_DIR / 'db.sqlite3'}"))}
if DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A bounded pool per process: under ASGI (the websocket process, a local run) each request
    # may run in its own thread, so persistent per-thread connections would pile up past
    # PostgreSQL's max_connections in a burst; a WSGI worker borrows one connection per request.
    # A burst waits for a connection instead of failing.
    DATABASES["default"]["CONN_MAX_AGE"] = 0
    options = DATABASES["default"].setdefault("OPTIONS", {})
    options["pool"] = {
        "min_size": int(env("DB_POOL_MIN_SIZE", "2")),
        "max_size": int(env("DB_POOL_MAX_SIZE", "20")),
        # A request waits this long for a connection: long enough for a burst to queue, short
        # enough that an unreachable database answers a JSON 503 (common/middleware.py) quickly.
        "timeout": float(env("DB_POOL_TIMEOUT", "4")),
    }
    # A server that does not answer at all (packets dropped) fails a connection attempt this fast.
    options["connect_timeout"] = int(env("DB_CONNECT_TIMEOUT", "3"))
    # Suited to a web request: a row lock held elsewhere (an order waiting on a pack an admin is
    # editing) or a runaway query ends the request with a 503 "try again" instead of hanging it.
    # 0 turns a limit off (the release step's migrations run without one).
    DB_LOCK_TIMEOUT_MS = int(env("DB_LOCK_TIMEOUT_MS", "3000"))
    DB_STATEMENT_TIMEOUT_MS = int(env("DB_STATEMENT_TIMEOUT_MS", "15000"))
    # The catalog search's "one letter off" (catalog/search.py: TYPO_SIMILARITY) is pg_trgm's word
    # similarity at 0.5 instead of its default 0.6, so the trigram indexes serve it as an operator.
    options["options"] = (
        f"-c lock_timeout={DB_LOCK_TIMEOUT_MS} -c statement_timeout={DB_STATEMENT_TIMEOUT_MS}"
        " -c pg_trgm.word_similarity_threshold=0.5"
    )
    # Lets psycopg prepare statements at all (Django turns it off): only the catalog's answer
    # statements ask for it (catalog/answers.py); Django's own queries bind on the client and are
    # never prepared. Behind PgBouncer, use 1.21 or later with max_prepared_statements set.
    options["prepare_threshold"] = 5
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Redis: cache, channel layer, Celery broker --------------------------------------------------
REDIS_URL = env("REDIS_URL")
if REDIS_URL:
    # Short socket timeouts: when Redis is down the cache falls back inside the process
    # (common/cache.py) and a request must not hang on it first.
    REDIS_TIMEOUT_SECONDS = float(env("REDIS_TIMEOUT_SECONDS", "1"))
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
CATALOG_READ_CACHE_SECONDS = int(env("CATALOG_READ_CACHE_SECONDS", "10"))

# The in-memory broker still wants a host name: a bare "memory://" made kombu warn "No hostname was
# supplied" whenever it described the connection.
CELERY_BROKER_URL = env("CELERY_BROKER_URL", REDIS_URL or "memory://localhost/")
CELERY_RESULT_BACKEND = None
# Without a broker the tasks run inline, so a first run needs no worker process.
CELERY_TASK_ALWAYS_EAGER = env_bool("CELERY_TASK_ALWAYS_EAGER", not REDIS_URL)
CELERY_TASK_EAGER_PROPAGATES = False
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TIMEZONE = "Asia/Kolkata"
CELERY_BEAT_SCHEDULE = {
    "purge-auth-records": {"task": "accounts.tasks.purge_auth_records", "schedule": 24 * 60 * 60},
    "reconcile-payments": {"task": "payments.tasks.reconcile_payments", "schedule": 2 * 60},
    "cancel-abandoned-orders": {"task": "payments.tasks.cancel_abandoned_orders", "schedule": 60},
    # Hourly: once a month has ended (India time), its gold-coin draw runs; a month already drawn is skipped.
    "draw-ended-months": {"task": "promotions.tasks.draw_ended_months", "schedule": 60 * 60},
}

# --- Auth -----------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/login"

ACCESS_TOKEN_LIFETIME_MINUTES = int(env("ACCESS_TOKEN_LIFETIME_MINUTES", str(60 * 24 * 7)))
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
        "otp_send": env("THROTTLE_OTP_SEND", "10/hour"),
        "otp_send_daily": env("THROTTLE_OTP_SEND_DAILY", "30/day"),
        "account": env("THROTTLE_ACCOUNT", "30/hour"),
        "otp_verify": env("THROTTLE_OTP_VERIFY", "30/hour"),
        "login": env("THROTTLE_LOGIN", "20/minute"),
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
MEDIA_URL = env("MEDIA_URL", "/media/")
MEDIA_ROOT = BASE_DIR / "media"
# A stored picture never changes under its name (an upload gets a fresh name, catalog/uploads.py; a
# new version of the drawings goes to a new folder, catalog/images.py), so browsers and CDNs may
# keep it for a year.
MEDIA_CACHE_CONTROL = "public, max-age=31536000, immutable"
AWS_STORAGE_BUCKET_NAME = env("S3_BUCKET")
if AWS_STORAGE_BUCKET_NAME:
    AWS_S3_ENDPOINT_URL = env("S3_ENDPOINT_URL") or None
    AWS_S3_REGION_NAME = env("S3_REGION", "ap-south-1")
    AWS_ACCESS_KEY_ID = env("S3_ACCESS_KEY_ID")
    AWS_SECRET_ACCESS_KEY = env("S3_SECRET_ACCESS_KEY")
    AWS_S3_CUSTOM_DOMAIN = env("S3_CUSTOM_DOMAIN") or None
    # The public address of the bucket's objects (a CDN, or the store's public endpoint), e.g.
    # https://media.example.in/shop; django-storages takes it as a host (plus path) and a protocol.
    S3_PUBLIC_BASE_URL = env("S3_PUBLIC_BASE_URL").rstrip("/")
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
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
UPLOAD_MAX_IMAGE_BYTES = int(env("UPLOAD_MAX_IMAGE_BYTES", str(5 * 1024 * 1024)))
SERVESTATIC_MAX_AGE = 31536000 if PRODUCTION else 0

# --- SMS ------------------------------------------------------------------------------------------
# console: prints the text; outbox: stores it in the database (Django admin lists it); msg91: the
# real provider, sent from a Celery task.
SMS_BACKEND = env("SMS_BACKEND", "console")
# The console backend writes every OTP into the log; production refuses it unless told otherwise.
SMS_CONSOLE_ALLOWED_IN_PRODUCTION = env_bool("SMS_CONSOLE_ALLOWED_IN_PRODUCTION", False)
if PRODUCTION and SMS_BACKEND == "console" and not SMS_CONSOLE_ALLOWED_IN_PRODUCTION:
    raise ImproperlyConfigured(
        "SMS_BACKEND=console prints OTP codes into the log: choose msg91 (or outbox) when SHOP_ENV=production, "
        "or set SMS_CONSOLE_ALLOWED_IN_PRODUCTION=1 for a trial run"
    )
SMS_MSG91_AUTH_KEY = env("SMS_MSG91_AUTH_KEY")
SMS_MSG91_SENDER_ID = env("SMS_MSG91_SENDER_ID", "SMLRMT")
SMS_MSG91_URL = env("SMS_MSG91_URL", "https://control.msg91.com/api/v5/flow/")
SMS_MSG91_TEMPLATE_ID = env("SMS_MSG91_TEMPLATE_ID")

# Guessing limits per phone number (accounts/guard.py), whatever address the tries come from:
# this many wrong passwords or OTPs in a row are free, then the wait starts at the base and
# doubles with each further failure up to the maximum. A success clears the count.
GUESS_FREE_FAILURES = int(env("GUESS_FREE_FAILURES", "5"))
GUESS_BASE_WAIT_SECONDS = int(env("GUESS_BASE_WAIT_SECONDS", "60"))
GUESS_MAX_WAIT_SECONDS = int(env("GUESS_MAX_WAIT_SECONDS", "3600"))
# Staff sign-in at /staff/ also counts failures per client address (any account).
STAFF_LOGIN_FREE_FAILURES_PER_IP = int(env("STAFF_LOGIN_FREE_FAILURES_PER_IP", "10"))

OTP_LENGTH = 6
OTP_TTL_SECONDS = 5 * 60
OTP_MAX_TRIES = 5
OTP_RESEND_SECONDS = 5 * 60
OTP_VERIFICATION_TOKEN_TTL_SECONDS = 10 * 60

# --- Payments -------------------------------------------------------------------------------------
PAYMENT_GATEWAY = env("PAYMENT_GATEWAY", "sandbox")
JUSPAY_BASE_URL = env("JUSPAY_BASE_URL", "https://smartgatewayuat.hdfcbank.com")
JUSPAY_API_KEY = env("JUSPAY_API_KEY")
JUSPAY_MERCHANT_ID = env("JUSPAY_MERCHANT_ID")
JUSPAY_PAYMENT_PAGE_CLIENT_ID = env("JUSPAY_PAYMENT_PAGE_CLIENT_ID")
JUSPAY_RESPONSE_KEY = env("JUSPAY_RESPONSE_KEY")
JUSPAY_WEBHOOK_USERNAME = env("JUSPAY_WEBHOOK_USERNAME")
JUSPAY_WEBHOOK_PASSWORD = env("JUSPAY_WEBHOOK_PASSWORD")
JUSPAY_API_VERSION = env("JUSPAY_API_VERSION", "2023-06-30")
JUSPAY_TIMEOUT_SECONDS = float(env("JUSPAY_TIMEOUT_SECONDS", "15"))
# The sandbox gateway signs its returns with this key (default: derived from SECRET_KEY).
PAYMENT_SANDBOX_KEY = env("PAYMENT_SANDBOX_KEY")
# The sandbox marks orders paid with no money: in production it is off unless this says "a demo".
PAYMENT_SANDBOX_IN_PRODUCTION = env_bool("PAYMENT_SANDBOX_IN_PRODUCTION", False)
# What a new sandbox refund becomes: SUCCESS, PENDING (until settled), FAILURE or MANUAL_REVIEW.
PAYMENT_SANDBOX_REFUND_OUTCOME = env("PAYMENT_SANDBOX_REFUND_OUTCOME", "SUCCESS")
# Reconciliation asks Juspay about this many payments' refunds side by side (one order-status call each).
JUSPAY_STATUS_CALLS_AT_ONCE = int(env("JUSPAY_STATUS_CALLS_AT_ONCE", "8"))
# A refund submitted this long ago that the gateway still does not list is sent again (same request id).
REFUND_RESUBMIT_AFTER_MINUTES = int(env("REFUND_RESUBMIT_AFTER_MINUTES", "10"))
# Payments still pending this long after they started are asked about again (Celery beat), for
# up to PAYMENT_RECONCILE_WINDOW_HOURS.
PAYMENT_RECONCILE_AFTER_MINUTES = int(env("PAYMENT_RECONCILE_AFTER_MINUTES", "5"))
PAYMENT_RECONCILE_WINDOW_HOURS = int(env("PAYMENT_RECONCILE_WINDOW_HOURS", "48"))
# Answered by GET /api/config/paypal for older clients; the shop takes no PayPal payments.
PAYPAL_CLIENT_ID = env("PAYPAL_CLIENT_ID", "")
ONLINE_PAYMENT_ENABLED = env("ONLINE_PAYMENT_ENABLED", "Y")
UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES = int(env("UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES", "30"))

# --- The shop itself ------------------------------------------------------------------------------
SITE_URL = env("SITE_URL", "http://127.0.0.1:8000")
STORE_NAME = env("STORE_NAME", "SMLR Mart")
STORE_WHATSAPP_NUMBER = env("STORE_WHATSAPP_NUMBER", "919876543210")
STORE_PHONE_NUMBER = env("STORE_PHONE_NUMBER", "08856230123")
STORE_SUPPORT_EMAIL = env("STORE_SUPPORT_EMAIL", "care@smlrmart.in")
STORE_SUPPORT_PHONE = env("STORE_SUPPORT_PHONE", "+91 98765 43210")
STORE_GST_NUMBER = env("STORE_GST_NUMBER", "37ABCDE1234F1Z5")
# The state the store is registered in for GST (its GSTIN starts with the state's code, 37): delivery
# inside it is taxed CGST + SGST, elsewhere IGST (`orders.tax`).
STORE_STATE = env("STORE_STATE", "Andhra Pradesh")
STORE_FSSAI_NUMBER = env("STORE_FSSAI_NUMBER", "10123456000123")
STORE_ADDRESS = env("STORE_ADDRESS", "Main Road, Amalapuram, Andhra Pradesh 533201")
STORE_SOCIAL_LINKS = {
    "facebook": env("STORE_FACEBOOK_URL", "https://www.facebook.com/smlrmart"),
    "instagram": env("STORE_INSTAGRAM_URL", "https://www.instagram.com/smlrmart"),
    "youtube": env("STORE_YOUTUBE_URL", "https://www.youtube.com/@smlrmart"),
    "x": env("STORE_X_URL", "https://x.com/smlrmart"),
}
GOOGLE_MAPS_API_KEY = env("GOOGLE_MAPS_API_KEY")
DELIVERY_STATES = ["Andhra Pradesh", "Puducherry"]
# Pincode -> town the shop delivers to. Override with DELIVERY_PINCODES="533201:Amalapuram,...".
DELIVERY_PINCODES = {
    pin.strip(): town.strip()
    for pin, town in (
        pair.split(":", 1)
        for pair in env_list(
            "DELIVERY_PINCODES",
            "533201:Amalapuram,533001:Kakinada,533212:Mummidivaram,533464:Yanam,"
            "533222:Uppalaguptam,533213:Uppalaguptam",
        )
    )
}

# --- Production hardening -------------------------------------------------------------------------
if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(env("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    SECURE_REFERRER_POLICY = "same-origin"
    SECURE_CONTENT_TYPE_NOSNIFF = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env("LOG_LEVEL", "INFO")},
    "loggers": {
        # Django's own default config gives "django" a console handler of its own (when DEBUG is
        # on) and lets it propagate to root too, so every line was printed twice. One handler: root's.
        "django": {"handlers": [], "level": env("LOG_LEVEL", "INFO"), "propagate": True},
        "django.db.backends": {"level": "INFO"},
    },
}
