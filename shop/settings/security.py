"""Who may do what how often: proxies and client addresses, origins, tokens, throttles, guessing
limits, socket caps, HTTPS hardening and who may read the metrics."""

import ipaddress
from datetime import timedelta

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env
from shop.settings.core import DEBUG, PRODUCTION, REST_FRAMEWORK, SECRET_KEY

# The reverse proxies (load balancer, CDN, nginx) whose X-Forwarded-For the shop believes, by
# their networks, not by counting hops (issue 46.5: with a count of 1, a client that reached
# gunicorn directly chose its own address). Empty: the socket's address is the client.
try:
    TRUSTED_PROXY_NETWORKS = [
        ipaddress.ip_network(network, strict=False)
        for network in env.listing(
            "TRUSTED_PROXY_NETWORKS",
            meaning="comma-separated networks of the reverse proxies in front of the web and ws processes "
            "(`10.0.0.0/8,127.0.0.1/32`); `X-Forwarded-For` is read only when the connection comes from one of "
            "them, and the client is its rightmost address outside them; none (the default) means the socket's "
            "address is the client and the header is ignored. Every per-IP limit reads the client's address this "
            "way (`common/client_ip.py`)",
        )
    ]
except ValueError as error:
    raise ImproperlyConfigured(f"TRUSTED_PROXY_NETWORKS: {error}") from None


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
    **REST_FRAMEWORK,
    "DEFAULT_THROTTLE_RATES": {
        "otp_send": env.text("THROTTLE_OTP_SEND", "10/hour", meaning=_THROTTLES),
        "otp_send_daily": env.text("THROTTLE_OTP_SEND_DAILY", "30/day", meaning=_THROTTLES),
        "account": env.text("THROTTLE_ACCOUNT", "30/hour", meaning=_THROTTLES),
        "otp_verify": env.text("THROTTLE_OTP_VERIFY", "30/hour", meaning=_THROTTLES),
        "login": env.text("THROTTLE_LOGIN", "20/minute", meaning=_THROTTLES),
        "grievance": env.text(
            "THROTTLE_GRIEVANCE", "10/hour", meaning="per-IP limit of complaints filed on /grievance.html"
        ),
        # Issue 46.3: every complaint is a ticket on a 48-hour clock and a text; 40 posts from 40
        # addresses got 40 of each in 2.2 s. Complaints from the form (strangers) are limited for the
        # whole shop too.
        "grievance_shop": env.text(
            "THROTTLE_GRIEVANCE_SHOP",
            "60/hour",
            meaning="shop-wide limit of complaints filed on /grievance.html, from all addresses together",
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
    # Throttles take the client's address from common.client_ip (TRUSTED_PROXY_NETWORKS), not from
    # DRF's NUM_PROXIES; this keeps DRF's own fallback from trusting X-Forwarded-For.
    "NUM_PROXIES": 0,
}

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
            "the address is the one `TRUSTED_PROXY_NETWORKS` makes of the request",
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
