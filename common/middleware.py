"""Every error on an /api/ path answers JSON `{"message": ...}`, never Django's HTML page.

DRF views map the errors they know (common/api_errors.py); this catches the rest: a database or
Redis that cannot be reached, or a lock that could not be had in time, answers 503 with
`Retry-After`, and anything else 500, logged with its traceback. `shop.views.server_error`
(handler500) does the same for an error raised outside a view.
"""

import logging

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.core.exceptions import BadRequest, PermissionDenied, SuspiciousOperation
from django.db import InterfaceError, OperationalError
from django.http import Http404, JsonResponse
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext, gettext_lazy
from kombu.exceptions import OperationalError as BrokerError
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError
from rest_framework.exceptions import MethodNotAllowed

from common.circuit import database_breaker, failed_on_a_replica_only, is_database_unreachable, sqlstate

logger = logging.getLogger(__name__)

SERVER_ERROR = gettext_lazy("Something went wrong on our side. Please try again.")
UNAVAILABLE = gettext_lazy("The shop cannot be reached right now. Please try again in a minute.")
BUSY = gettext_lazy("The shop is busy right now. Please try again.")
RETRY_AFTER_SECONDS = 5

# PostgreSQL: lock_not_available (lock_timeout), query_canceled (statement_timeout),
# serialization_failure, deadlock_detected. Nothing was written; trying again may work.
BUSY_SQLSTATES = {"55P03", "57014", "40001", "40P01"}


def unavailable_message(exc: BaseException) -> str | None:
    """The message for a 503 when `exc` says a service is down or busy, else None."""
    if isinstance(exc, (OperationalError, InterfaceError)):
        return BUSY if sqlstate(exc) in BUSY_SQLSTATES else UNAVAILABLE
    if isinstance(exc, (RedisConnectionError, RedisTimeoutError, BrokerError)):
        return UNAVAILABLE
    return None


def is_api(request) -> bool:
    return request.path.startswith("/api/")


def api_error_response(request, exc: BaseException | None, *, log: bool = True) -> JsonResponse:
    """The JSON answer for an unexpected `exc` on an API path; `log=False` when Django logged it."""
    message = unavailable_message(exc) if exc is not None else None
    if message is not None:
        if log:
            logger.warning("%s %s answered 503: %s: %s", request.method, request.path, exc.__class__.__name__, exc)
        response = JsonResponse({"message": str(message)}, status=503)
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
    if log:
        logger.error("%s %s failed", request.method, request.path, exc_info=exc)
    return JsonResponse({"message": str(SERVER_ERROR)}, status=500)


class ApiErrorMiddleware(MiddlewareMixin):
    def process_exception(self, request, exception):
        if not is_api(request):
            return None
        if isinstance(exception, Http404):
            return JsonResponse({"message": gettext("Not found.")}, status=404)
        if isinstance(exception, PermissionDenied):
            return JsonResponse({"message": gettext("You do not have permission to perform this action.")}, status=403)
        if isinstance(exception, (BadRequest, SuspiciousOperation)):
            return JsonResponse({"message": gettext("Bad request.")}, status=400)
        return api_error_response(request, exception)


def allowed_methods(view_class) -> list[str]:
    """The methods a class-based view answers, in the order DRF writes its `Allow` header (HEAD
    wherever GET is, as Django's View.setup() adds it)."""
    return [
        method.upper()
        for method in view_class.http_method_names
        if hasattr(view_class, method) or (method == "head" and hasattr(view_class, "get"))
    ]


class UnsupportedMethodMiddleware(MiddlewareMixin):
    """An API path answers a method it has no handler for with 405 and `Allow`, before anything else.

    DRF authenticates, checks permissions and throttles before it looks for the handler, so `TRACE
    /api/users` answered 401 or 403: a client learnt about its credentials, not about the method
    (found by schemathesis' unsupported-method check)."""

    def process_view(self, request, view_func, view_args, view_kwargs):
        view_class = getattr(view_func, "cls", None) or getattr(view_func, "view_class", None)
        if view_class is None or not is_api(request):
            return None
        allowed = allowed_methods(view_class)
        if request.method in allowed:
            return None
        response = JsonResponse({"message": str(MethodNotAllowed(request.method).detail)}, status=405)
        response["Allow"] = ", ".join(allowed)
        return response


class DatabaseBreakerMiddleware(MiddlewareMixin):
    """Answers 503 at once while `common.circuit.database_breaker` is open, and opens it when a
    request finds the database unreachable. Pages get a friendly page in the shopper's language
    (after ShopLocaleMiddleware); /api/ paths JSON (ApiErrorMiddleware answers their errors)."""

    def process_request(self, request):
        if not database_breaker.is_open() or request.path == "/healthz":
            return None
        return unavailable_response(request, retry_after=database_breaker.retry_after())

    def process_exception(self, request, exception):
        if not is_database_unreachable(exception):
            return None
        if not failed_on_a_replica_only():
            database_breaker.trip()
        if is_api(request):
            return None  # ApiErrorMiddleware's JSON 503
        logger.warning(
            "%s %s answered 503: %s: %s", request.method, request.path, exception.__class__.__name__, exception
        )
        return unavailable_response(request, retry_after=RETRY_AFTER_SECONDS)


def unavailable_response(request, *, retry_after: int):
    """503 with Retry-After: JSON on /api/, the shop's "back in a minute" page elsewhere (no database,
    no session, no signed-in user: templates/503.html stands alone)."""
    from django.http import HttpResponse
    from django.template.loader import render_to_string

    if is_api(request):
        response = JsonResponse({"message": str(UNAVAILABLE)}, status=503)
    else:
        response = HttpResponse(render_to_string("503.html", {"retry_after": retry_after}), status=503)
    response["Retry-After"] = str(retry_after)
    return response


class BothModes:
    """Base of a middleware that works around the answer in both of Django's handler modes.

    A synchronous-only middleware ahead of ServeStatic's would make Django run the whole chain
    synchronously under ASGI, and file answers would then stream from a synchronous iterator (a
    warning and a thread per chunk). Subclasses write `before(request) -> state` and
    `after(request, response, state) -> response` (`response` None when the view raised); this class
    calls them around the sync or the async chain.
    """

    sync_capable = True
    async_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        self.is_async = iscoroutinefunction(get_response)
        if self.is_async:
            markcoroutinefunction(self)

    def before(self, request):
        return None

    def after(self, request, response, state):
        return response

    def __call__(self, request):
        if self.is_async:
            return self._acall(request)
        state = self.before(request)
        response = None
        try:
            response = self.get_response(request)
        finally:
            response = self.after(request, response, state)
        return response

    async def _acall(self, request):
        state = self.before(request)
        response = None
        try:
            response = await self.get_response(request)
        finally:
            response = self.after(request, response, state)
        return response
