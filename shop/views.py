"""Small views that belong to the whole shop rather than one app."""

import sys
from pathlib import Path

from django.conf import settings
from django.http import FileResponse, Http404, JsonResponse
from django.views import defaults
from django.views.decorators.cache import cache_control
from django.views.decorators.csrf import csrf_exempt

from common.middleware import api_error_response, is_api

PUBLIC_DIR = Path(settings.BASE_DIR) / "frontend" / "public"


def _public_file(name: str, content_type: str) -> FileResponse:
    file_path = PUBLIC_DIR / name
    if not file_path.is_file():
        raise Http404(name)
    return FileResponse(file_path.open("rb"), content_type=content_type)


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
    return JsonResponse({"message": "Not found."}, status=404)


def server_error(request):
    """handler500: JSON on API paths (the error was raised outside a view), Django's page elsewhere."""
    if is_api(request):
        # Django calls this inside its `except` block, and has logged the error already.
        return api_error_response(request, sys.exc_info()[1], log=False)
    return defaults.server_error(request)
