"""Django itself: the apps, middleware, templates, the API framework's defaults, languages and logs.

INSTALLED_APPS is here and nowhere else: an app joins the shop by one line in that list.
"""

from pathlib import Path

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env

BASE_DIR = Path(__file__).resolve().parents[2]


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

ALLOWED_HOSTS = env.listing(
    "ALLOWED_HOSTS",
    "" if PRODUCTION else "127.0.0.1,localhost,testserver",
    shown="`127.0.0.1,localhost,testserver` locally, none in production",
    meaning="comma-separated host names",
)

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
    "delivery",
    "orders",
    "payments",
    "realtime",
    "promotions",
    "demo",
    "support",
    # Flows above orders and payments (and support): listed after the apps they build on, so that
    # their admin extends the admin those apps registered (aftersale/admin.py).
    "aftersale",
    "checkout",
    "backoffice",
    "counter",
    "books",
    "inventory",
    "ondc",
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

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# --- Auth -----------------------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.User"
AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", "OPTIONS": {"min_length": 6}},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
]
LOGIN_URL = "/login"

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
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
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
        # Where an order's money stands (orders/payment_state.py), beside the rider sheet's paymentState.
        "OrderPaymentStateEnum": "orders.payment_state.PaymentState",
        "StopPaymentStateEnum": ["paid", "cash_due", "online_unpaid"],
        # The language a user has (in answers, with each code's name) and the one a profile update sends.
        "LanguageEnum": "shop.settings.LANGUAGES",
        # A user's staff role (accounts/roles.py), in answers and in the owner's user edit.
        "StaffRoleEnum": "common.roles.Role",
        "LanguageCodeEnum": ["en", "te"],
        # Two answers name a field `kind`: a packing change's and a ticket's.
        "TicketKindEnum": ["problem_report", "grievance"],
        # A pack barcode's kind (catalog/barcodes.py).
        "BarcodeKindEnum": "catalog.barcodes.Kind",
        # A stock take's status (inventory/models.py) beside the purchase's draft/posted.
        "StockTakeStatusEnum": "inventory.models.StockTake.Status",
        "PurchaseStatusEnum": "inventory.models.Purchase.Status",
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

LOG_LEVEL = env.choice(
    "LOG_LEVEL", "INFO", choices=("DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"), meaning="root log level"
)
# Whatever SHOP_ENV says: a shop serving with DEBUG off is a live shop (issue 33: HSTS and secure
# cookies hung on SHOP_ENV, a second switch that was easy to forget). shop/checks.py fails
# `check --deploy` when they are off with DEBUG off all the same.

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
