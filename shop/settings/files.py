"""Static files, the frontend's bundles, the island renderer (SSR), media and their storage."""

from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured

from shop import environment as env
from shop.settings.core import BASE_DIR, DEBUG, PRODUCTION

# --- Static files, frontend bundles, media --------------------------------------------------------
STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
# Only the browser's bundles are static files: the island renderer's own bundle (frontend/build/ssr/,
# which runs in node) was served at /static/ssr/ too (issue 46).
STATICFILES_DIRS = [("bundles", BASE_DIR / "frontend" / "build" / "bundles"), BASE_DIR / "frontend" / "public"]
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
DATA_UPLOAD_MAX_MEMORY_SIZE = 5 * 1024 * 1024
UPLOAD_MAX_IMAGE_BYTES = env.integer(
    "UPLOAD_MAX_IMAGE_BYTES",
    5 * 1024 * 1024,
    minimum=1,
    meaning="largest image an admin may upload (`POST /api/upload`: JPEG, PNG or WebP, at most 40 megapixels; "
    "stored re-encoded as WebP without metadata, 1000 px for the product page and 360 px for cards)",
)
SERVESTATIC_MAX_AGE = 31536000 if PRODUCTION else 0
