"""What the shop sells with: SMS, payments, the limits on orders, after-sale windows and stock."""

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env
from shop.settings.core import DEBUG, PRODUCTION

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
_JUSPAY_LANE = (
    "the Juspay calls a shopper's request waits on (a payment session, a status check on the return or a webhook): "
    "at most this many at once per web process (another waits up to 0.1 s, then answers that payments are "
    "unavailable), each giving up after this many seconds, and after one did not answer the process does not ask "
    "Juspay for `JUSPAY_BREAKER_SECONDS`, so a silent gateway never holds the threads that serve the catalog "
    "(`payments/gateways/juspay.py`)"
)
JUSPAY_SHOPPER_CALLS_AT_ONCE = env.integer("JUSPAY_SHOPPER_CALLS_AT_ONCE", 1, minimum=1, meaning=_JUSPAY_LANE)
JUSPAY_SHOPPER_TIMEOUT_SECONDS = env.decimal("JUSPAY_SHOPPER_TIMEOUT_SECONDS", 5, meaning=_JUSPAY_LANE)
JUSPAY_BREAKER_SECONDS = env.integer("JUSPAY_BREAKER_SECONDS", 15, minimum=1, meaning=_JUSPAY_LANE)
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
# Charged payments are asked about again for a while too: a reversal or a chargeback whose webhook
# was lost is seen only so. Each run asks about at most PAYMENT_RECHECK_PER_RUN of them, those asked
# least recently first, so the gateway's rate limit holds however many payments the window holds.
PAYMENT_RECHECK_CHARGED_DAYS = env.integer(
    "PAYMENT_RECHECK_CHARGED_DAYS",
    7,
    meaning="reconciliation also asks the gateway about payments charged in the last this many days, "
    "to see reversals and chargebacks whose webhook was lost (0: never)",
)
PAYMENT_RECHECK_PER_RUN = env.integer(
    "PAYMENT_RECHECK_PER_RUN",
    30,
    meaning="at most this many charged payments are asked about again per reconciliation run (every 2 minutes), "
    "the least recently asked first",
)
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
GOODWILL_CASHIER_LIMIT = env.integer(
    "GOODWILL_CASHIER_LIMIT",
    200,
    minimum=0,
    meaning="the most, in rupees, a cashier may give at once as goodwill store credit or a manual refund outside "
    "a ticket (more is refused with 403 `goodwill_over_limit`); the owner or manager may give any amount "
    "(`payments/credit.py` `goodwill_check`)",
)

# --- Stock and picking ----------------------------------------------------------------------------
LOW_STOCK_THRESHOLD = env.integer(
    "LOW_STOCK_THRESHOLD",
    5,
    minimum=0,
    meaning="a pack with this many or fewer left is low stock (the order board's banner, "
    "`GET /api/products/low-stock`, `manage.py low_stock`) unless the pack sets a threshold of its own",
)
