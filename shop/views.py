"""Small views that belong to the whole shop rather than one app."""

import mimetypes
import sys
from pathlib import Path

from django.conf import settings
from django.core.exceptions import SuspiciousFileOperation
from django.http import Http404, HttpResponse, JsonResponse
from django.utils._os import safe_join
from django.utils.http import http_date
from django.utils.translation import gettext
from django.views import defaults
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_safe

from common.middleware import api_error_response, is_api

PUBLIC_DIR = Path(settings.BASE_DIR) / "frontend" / "public"


# These answer whole bodies, not FileResponse: under ASGI a file's synchronous iterator makes Django
# warn ("StreamingHttpResponse must consume synchronous iterators") and read it in a thread, and
# the files served here are small (the service worker, the manifest, local media pictures).
def _file_response(file_path: Path, content_type: str | None = None) -> HttpResponse:
    if not file_path.is_file():
        raise Http404(file_path.name)
    content_type = content_type or mimetypes.guess_type(file_path.name)[0] or "application/octet-stream"
    response = HttpResponse(file_path.read_bytes(), content_type=content_type)
    response["Last-Modified"] = http_date(file_path.stat().st_mtime)
    return response


def _public_file(name: str, content_type: str) -> HttpResponse:
    return _file_response(PUBLIC_DIR / name, content_type)


@require_safe
def media_file(request, path: str):
    """File-system media (the embedded default; production media lives in S3 behind its own URL)."""
    try:
        file_path = Path(safe_join(settings.MEDIA_ROOT, path))
    except SuspiciousFileOperation:  # a path that climbs out of MEDIA_ROOT
        raise Http404(path) from None
    response = _file_response(file_path)
    response["Cache-Control"] = settings.MEDIA_CACHE_CONTROL
    return response


@cache_control(no_cache=True, max_age=0)
def service_worker(request):
    # Served from the root so that its scope is the whole shop; always revalidated so a new
    # release reaches shoppers at once.
    response = _public_file("service-worker.js", "application/javascript")
    response["Service-Worker-Allowed"] = "/"
    return response


@cache_control(max_age=3600)
def manifest(request):
    return _public_file("manifest.webmanifest", "application/manifest+json")


@csrf_exempt  # the API authenticates by Bearer token; an unknown path is a JSON 404 for every method
def api_not_found(request, *args, **kwargs):
    return JsonResponse({"message": gettext("Not found.")}, status=404)


def server_error(request):
    """handler500: JSON on API paths (the error was raised outside a view), Django's page elsewhere."""
    if is_api(request):
        # Django calls this inside its `except` block, and has logged the error already.
        return api_error_response(request, sys.exc_info()[1], log=False)
    return defaults.server_error(request)


@csrf_exempt  # the old client's socket.io library polls with POSTs too
def socket_io_gone(request, *args, **kwargs):
    """Socket.IO for the shop's existing client is served by the ASGI application (`shop.asgi`:
    the `ws` process, or `scripts/run`), in front of Django; the reverse proxy sends `/socket.io/`
    there. A request that reaches Django (the WSGI `web` process) was routed wrongly: a quick 404
    (no page, no database) instead of the home page on every poll."""
    return JsonResponse({"message": "Not found. Socket.IO is served by the websocket process."}, status=404)
