"""Media URLs a client on another origin can load (the shop's existing client, issue 31).

Pictures are stored as the paths storage gives them (`/media/catalog/...` on the file system), and
every answer is built and cached that way, once for everyone (`catalog.answers`, `catalog.caching`).
A page on another origin that reads such a path asks its own server for it, so at the edge, as the
answer leaves, each media path in a JSON answer under /api/ becomes an absolute URL:

- with `PUBLIC_BASE_URL` set, in every answer, from that base;
- else only for a request whose `Origin` is one of `CORS_ALLOWED_ORIGINS` (and not the shop's own),
  from the host the request reached. Such answers vary on `Origin`, so neither the shop's cache (it
  holds the paths) nor an HTTP cache hands one origin's answer to another.

Rows stored long ago are rewritten the same way: nothing is written back. The realtime answers to
the existing client take the same rewrite (`realtime.socketio`).
"""

import gzip
import re

from django.conf import settings
from django.utils.cache import patch_vary_headers

from common.middleware import BothModes


def _media_prefix() -> str:
    """The prefix of a stored media path; "" when storage already gives absolute URLs (S3)."""
    return settings.MEDIA_URL if settings.MEDIA_URL.startswith("/") else ""


def is_other_client(*, origin: str, own_origin: str) -> bool:
    """True when `origin` is one of `CORS_ALLOWED_ORIGINS` and not the shop's own: a page of the
    shop's existing client (the one rule; payments send such a client's shoppers back to it)."""
    return bool(origin) and origin != own_origin and origin in settings.CORS_ALLOWED_ORIGINS


def base_for(*, origin: str, own_origin: str) -> str:
    """The base (`https://shop.example.in`) media paths take in an answer to a request from
    `origin` that reached `own_origin`; "" to leave them as paths."""
    if settings.PUBLIC_BASE_URL:
        return settings.PUBLIC_BASE_URL.rstrip("/")
    if is_other_client(origin=origin, own_origin=own_origin):
        return own_origin
    return ""


def absolute_media(body: bytes, base: str) -> bytes:
    """`body` (JSON) with every string value that is a media path made absolute from `base`.

    A value is a JSON string right after `:`, `[` or `,` outside any string (inside one, a quote
    is escaped), so only whole values that start with the media prefix change, never text that
    mentions it."""
    prefix = _media_prefix()
    if not base or not prefix:
        return body
    pattern = re.compile(rb'([:\[,]\s*)"' + re.escape(prefix.encode()))
    return pattern.sub(lambda found: found.group(1) + b'"' + base.encode() + prefix.encode(), body)


def own_origin(request) -> str:
    return f"{request.scheme}://{request.get_host()}"


def client_origin(request) -> str:
    """The request's `Origin` when it is the shop's existing client on another origin, else ""."""
    origin = request.headers.get("Origin", "")
    return origin if is_other_client(origin=origin, own_origin=own_origin(request)) else ""


class AbsoluteMediaUrlsMiddleware(BothModes):
    """Rewrites the media paths of a JSON answer under /api/ (last in MIDDLEWARE, so it reads the
    view's own bytes; GZipMiddleware and the `Content-Length` come after). Both modes: a
    synchronous-only middleware here would make the whole chain synchronous under ASGI."""

    def after(self, request, response, state):
        if response is None or not request.path.startswith("/api/"):
            return response
        if not settings.PUBLIC_BASE_URL:
            patch_vary_headers(response, ["Origin"])
        if response.streaming or not response.get("Content-Type", "").startswith("application/json"):
            return response
        base = base_for(origin=request.headers.get("Origin", ""), own_origin=own_origin(request))
        if not base:
            return response
        body = response.content
        if response.get("Content-Encoding") == "gzip":
            # A catalog answer cached gzipped (catalog.api._shared_json): GZipMiddleware compresses
            # the rewritten bytes again.
            body = gzip.decompress(body)
            del response["Content-Encoding"]
        response.content = absolute_media(body, base)
        if response.has_header("Content-Length"):
            response["Content-Length"] = str(len(response.content))
        return response
