"""Content-Security-Policy on every page: only the shop's own scripts and styles run.

Login tokens live in localStorage, so a script injected into a page could carry them off. The
policy allows scripts and styles from the shop's own origin, plus the few inline scripts of the
templates, each carrying the request's nonce (`{{ request.csp_nonce }}`); images from the shop, the
media host and the map tiles; and, only when they are configured, the Google Maps hosts and the
payment gateway. Django admin (/staff/) and the API docs (/api/docs/, Swagger UI from its CDN)
get what they need on their own paths only.
"""

import secrets
from urllib.parse import urlsplit

from django.conf import settings

MAP_TILES = "https://tile.openstreetmap.org"
GOOGLE_MAPS = {
    "script-src": ["https://maps.googleapis.com", "https://maps.gstatic.com"],
    "img-src": ["https://*.googleapis.com", "https://*.gstatic.com", "https://*.google.com", "https://*.ggpht.com"],
    "connect-src": ["https://*.googleapis.com", "https://*.google.com"],
    "font-src": ["https://fonts.gstatic.com"],
    "style-src": ["https://fonts.googleapis.com"],
}
SWAGGER_CDN = "https://cdn.jsdelivr.net"


def _origin(url: str) -> str | None:
    parts = urlsplit(url or "")
    return f"{parts.scheme}://{parts.netloc}" if parts.scheme in ("http", "https") and parts.netloc else None


def _media_origins() -> list[str]:
    # PUBLIC_BASE_URL: API answers name pictures from there for every client, these pages too.
    origins = [_origin(settings.MEDIA_URL), _origin(settings.PUBLIC_BASE_URL)]
    if settings.AWS_STORAGE_BUCKET_NAME:
        custom = getattr(settings, "AWS_S3_CUSTOM_DOMAIN", None)
        if custom:
            origins.append(f"https://{custom}")
        elif getattr(settings, "AWS_S3_ENDPOINT_URL", None):
            origins.append(_origin(settings.AWS_S3_ENDPOINT_URL))
        else:
            bucket = settings.AWS_STORAGE_BUCKET_NAME
            origins.append(f"https://{bucket}.s3.amazonaws.com")
            origins.append(f"https://{bucket}.s3.{settings.AWS_S3_REGION_NAME}.amazonaws.com")
    return [origin for origin in origins if origin]


def content_security_policy(*, nonce: str, path: str) -> str:
    directives: dict[str, list[str]] = {
        "default-src": ["'self'"],
        "script-src": ["'self'", f"'nonce-{nonce}'"],
        "style-src": ["'self'", f"'nonce-{nonce}'"],
        "img-src": ["'self'", "data:", "blob:", MAP_TILES, *_media_origins()],
        "font-src": ["'self'", "data:"],
        # 'self' covers the cart's websocket (ws/wss on the same host) in CSP level 3 browsers.
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'self'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
    }
    inline_styles = False
    if settings.GOOGLE_MAPS_API_KEY:
        for directive, sources in GOOGLE_MAPS.items():
            directives[directive] += sources
        inline_styles = True  # the Maps script writes <style> elements of its own
    if settings.PAYMENT_GATEWAY == "juspay":
        gateway = _origin(settings.JUSPAY_BASE_URL)
        if gateway:
            directives["form-action"].append(gateway)
            directives["connect-src"].append(gateway)
            directives["frame-src"] = [gateway]
    if path.startswith("/staff/"):
        inline_styles = True  # Django admin's templates carry style attributes
    if path.startswith("/api/docs/"):
        directives["script-src"].append(SWAGGER_CDN)
        directives["style-src"].append(SWAGGER_CDN)
        directives["img-src"].append(SWAGGER_CDN)
        inline_styles = True
    if inline_styles:
        # A nonce in the list would make browsers ignore 'unsafe-inline'.
        directives["style-src"] = [source for source in directives["style-src"] if not source.startswith("'nonce-")]
        directives["style-src"].append("'unsafe-inline'")
    return "; ".join(f"{name} {' '.join(sources)}" for name, sources in directives.items())


class ContentSecurityPolicyMiddleware:
    """Gives each request a fresh nonce and every HTML answer the policy built with it."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        request.csp_nonce = secrets.token_urlsafe(16)
        response = self.get_response(request)
        if response.get("Content-Type", "").startswith("text/html") and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = content_security_policy(nonce=request.csp_nonce, path=request.path)
        return response
