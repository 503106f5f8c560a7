"""Every API error answers `{"message": "..."}` with the right status, never a bare 500 page."""

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from django.utils.translation import gettext
from rest_framework import exceptions, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from common.errors import DomainError


def first_message(detail) -> str:
    if isinstance(detail, dict):
        for key, value in detail.items():
            text = first_message(value)
            if key in ("detail", "non_field_errors", "message"):
                return text
            return f"{key}: {text}"
        return gettext("Invalid request.")
    if isinstance(detail, (list, tuple)):
        return first_message(detail[0]) if detail else gettext("Invalid request.")
    return str(detail)


def exception_handler(exc, context):
    if isinstance(exc, DomainError):
        # str(): a message marked lazily is read now, in the language of this answer.
        return Response({"message": str(exc.message), **exc.extra}, status=exc.status)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(detail=exc.messages)
    if isinstance(exc, Http404):
        return Response({"message": gettext("Not found.")}, status=status.HTTP_404_NOT_FOUND)
    if isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    if isinstance(exc, RecursionError) and "JSON" in str(exc):
        # A body nested deeper than the parser's stack ([[[[...]]]] 30,000 deep): bad input, not
        # a server error with a traceback in the log (issue 33).
        exc = exceptions.ParseError()

    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    body = {"message": first_message(response.data)}
    if isinstance(exc, exceptions.ValidationError) and isinstance(response.data, dict):
        body["errors"] = response.data
    if isinstance(exc, exceptions.Throttled) and exc.wait is not None:
        body["retryAfter"] = int(exc.wait)
    response.data = body
    return response
