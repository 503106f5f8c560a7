"""The shop as a seller node (BPP) of ONDC, the Open Network for Digital Commerce (`ondc/`).

Off by default: with `ONDC_ENABLED` off the network's routes answer 404 and nothing is sent. The
keys are the shop's own (`manage.py ondc_keys` makes a pair); the public halves go to the registry
when the shop subscribes (README, "Selling on ONDC").
"""

from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env
from shop.settings.store import SITE_URL

ONDC_ENABLED = env.flag(
    "ONDC_ENABLED", False, meaning="serve the ONDC network's routes (`/ondc/search`...) and answer buyer apps"
)
ONDC_SUBSCRIBER_ID = env.text(
    "ONDC_SUBSCRIBER_ID",
    "",
    shown="the host of `SITE_URL`",
    meaning="the shop's subscriber id in the ONDC registry (its domain name); the `bpp_id` of every answer",
)
ONDC_SUBSCRIBER_URL = env.url(
    "ONDC_SUBSCRIBER_URL",
    "",
    schemes=("https", "http"),
    shown="`SITE_URL` + `/ondc`",
    meaning="where buyer apps and gateways post to the shop (the `bpp_uri` of every answer)",
)
ONDC_UNIQUE_KEY_ID = env.text(
    "ONDC_UNIQUE_KEY_ID", "key1", meaning="the registry's id for the shop's current signing key (the `ukId`)"
)
ONDC_SIGNING_PRIVATE_KEY = env.secret(
    "ONDC_SIGNING_PRIVATE_KEY",
    meaning="the shop's ed25519 signing key, base64 (the 32-byte seed or libsodium's 64 bytes; `manage.py ondc_keys`)",
)
ONDC_SIGNING_PUBLIC_KEY = env.text(
    "ONDC_SIGNING_PUBLIC_KEY",
    "",
    meaning="its public half, base64, as registered (shown on the site-verification page)",
)
ONDC_ENCRYPTION_PRIVATE_KEY = env.secret(
    "ONDC_ENCRYPTION_PRIVATE_KEY",
    meaning="the shop's X25519 encryption key, base64 DER (`manage.py ondc_keys`): opens the registry's `/on_subscribe` challenge",
)
ONDC_ENCRYPTION_PUBLIC_KEY = env.text(
    "ONDC_ENCRYPTION_PUBLIC_KEY", "", meaning="its public half, base64 DER, as registered with the subscribe request"
)
ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY = env.text(
    "ONDC_REGISTRY_ENCRYPTION_PUBLIC_KEY",
    "MCowBQYDK2VuAyEAa9Wbpvd9SsrpOZFcynyt/TO3x0Yrqyys4NUGIvyxX2Q=",
    shown="the pre-production registry's",
    meaning="the registry's X25519 public key, base64 DER (ONDC publishes one for pre-production and one for production)",
)
ONDC_REQUEST_ID = env.text(
    "ONDC_REQUEST_ID",
    "",
    meaning="the `request_id` of the shop's subscribe request, signed on `/ondc-site-verification.html`",
)
ONDC_REGISTRY_URL = env.url(
    "ONDC_REGISTRY_URL",
    "https://preprod.registry.ondc.org/ondc",
    schemes=("https", "http"),
    meaning="the ONDC registry whose `/lookup` gives callers' public keys (pre-production by default)",
)
ONDC_REGISTRY_TIMEOUT_SECONDS = env.decimal(
    "ONDC_REGISTRY_TIMEOUT_SECONDS",
    2.0,
    meaning="a registry lookup slower than this is given up and the request answered NACK (the caller retries)",
)
ONDC_KEY_CACHE_SECONDS = env.integer(
    "ONDC_KEY_CACHE_SECONDS",
    3600,
    meaning="a caller's public key from the registry is reused this long before it is looked up again",
)
ONDC_CITY = env.text("ONDC_CITY", "std:08856", meaning="the shop's city code on the network (Amalapuram: `std:08856`)")
ONDC_SEND_TIMEOUT_SECONDS = env.decimal(
    "ONDC_SEND_TIMEOUT_SECONDS", 10.0, meaning="an `on_*` answer the buyer app has not taken within this is retried"
)
ONDC_CATALOG_PUSH_SECONDS = env.integer(
    "ONDC_CATALOG_PUSH_SECONDS",
    60,
    minimum=1,
    meaning="packs changed are pushed to buyer apps (an incremental `on_search`) at most once in this many seconds",
)

if ONDC_ENABLED and not ONDC_SIGNING_PRIVATE_KEY:
    raise ImproperlyConfigured("ONDC_ENABLED needs ONDC_SIGNING_PRIVATE_KEY (make a pair with `manage.py ondc_keys`)")
if not ONDC_SUBSCRIBER_ID:
    ONDC_SUBSCRIBER_ID = urlsplit(SITE_URL).hostname or "localhost"
if not ONDC_SUBSCRIBER_URL:
    ONDC_SUBSCRIBER_URL = SITE_URL.rstrip("/") + "/ondc"
