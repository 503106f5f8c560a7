"""Public catalog reads (`api.PublicRead`): a GET answered without DRF's request cycle wherever
that cycle would add nothing to the answer, and through it otherwise."""

from abc import ABCMeta, abstractmethod
from collections.abc import Mapping
from types import MappingProxyType

from django.http import HttpResponse
from django.utils.cache import patch_cache_control
from rest_framework import status
from rest_framework.exceptions import APIException
from rest_framework.permissions import AllowAny
from rest_framework.views import APIView

from common.errors import DomainError

from . import serializers

PUBLIC_MAX_AGE_SECONDS = 30


def _valid(serializer_class, data):
    serializer = serializer_class(data=data)
    serializer.is_valid(raise_exception=True)
    return serializer


class PublicRead(APIView, metaclass=ABCMeta):
    """A catalog read anyone may make; successful answers may be cached for 30 seconds.

    A GET is answered by `answer` straight from Django's request, without DRF's request cycle
    (content negotiation, authentication, permissions, the query's serializer: half the CPU of a
    cached answer), wherever that cycle would add nothing to the answer: anyone may read; the
    answer is JSON bytes already; no throttle applies; the client accepts JSON (`Accept`) and
    asks for no other format (`?format=`); and the query's serializer accepts the query string
    (`_checked_query`: it checks each query string once in a process and its values are kept, so
    the serializer stays the one owner of what a query may say). Anything else (a query string it
    refuses, an error such as an unknown category, HEAD, OPTIONS) goes through DRF's `get`, which
    answers it in full, as before. A signed-in shopper's token is not looked up on the short way:
    a public read answers everyone alike (`accounts.authentication`).
    """

    permission_classes = [AllowAny]
    query_serializer: type | None = None  # reads the query string; None: nothing is read from it
    drop_blank_values = True  # `?pageNumber=` means the default (`serializers.without_blanks`)

    def get(self, request, **kwargs):
        return self.answer(request, self.query(request), **kwargs)

    @abstractmethod
    def answer(self, request, query: Mapping, **kwargs) -> HttpResponse:
        """The answer to a GET whose query string `query_serializer` accepted (`query`)."""

    def query(self, request) -> Mapping:
        """The query string's values, checked by `query_serializer` (a 400 when it refuses them)."""
        if self.query_serializer is None:
            return {}
        return _valid(self.query_serializer, _query_data(request.query_params, self.drop_blank_values)).validated_data

    def dispatch(self, request, *args, **kwargs):
        if request.method == "GET" and _accepts_json(request.META.get("HTTP_ACCEPT")):
            query = _checked_query(self.query_serializer, self.drop_blank_values, request)
            if query is not None:
                try:
                    response = self.answer(request, query, **kwargs)
                except (DomainError, APIException):
                    pass  # DRF answers the error as it always has (its status, message, language)
                else:
                    response["Allow"] = ", ".join(self.allowed_methods)  # as DRF's finalize_response
                    return _publicly_cacheable(response)
        return super().dispatch(request, *args, **kwargs)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        return _publicly_cacheable(response) if request.method == "GET" else response


def _publicly_cacheable(response: HttpResponse) -> HttpResponse:
    if response.status_code == status.HTTP_200_OK:
        patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE_SECONDS)
    return response


JSON_MEDIA_RANGES = frozenset(("*/*", "application/*", "application/json"))


def _accepts_json(accept: str | None) -> bool:
    """DRF's negotiation would pick its JSON renderer for this `Accept` header (else: a 406)."""
    if not accept:
        return True
    return any(part.split(";", 1)[0].strip() in JSON_MEDIA_RANGES for part in accept.split(","))


def _query_data(params, drop_blank_values: bool):
    return serializers.without_blanks(params) if drop_blank_values else params


CHECKED_QUERIES_KEPT = 1024
_checked_queries: dict[tuple, Mapping] = {}


def _checked_query(serializer_class, drop_blank_values: bool, request) -> Mapping | None:
    """What `serializer_class` reads from the request's query string, if it accepts it; None when
    it refuses it or the query names another format. The values of the latest query strings
    accepted (`CHECKED_QUERIES_KEPT`) are kept, each a function of the query string alone."""
    key = (serializer_class, drop_blank_values, request.META.get("QUERY_STRING", ""))
    found = _checked_queries.get(key)
    if found is not None:
        return found
    params = request.GET
    if "format" in params:
        return None  # DRF's format override: `?format=json`, or a 404 for any other format
    if serializer_class is None:
        found = MappingProxyType({})
    else:
        serializer = serializer_class(data=_query_data(params, drop_blank_values))
        if not serializer.is_valid():
            return None
        found = MappingProxyType(dict(serializer.validated_data))
    if len(_checked_queries) >= CHECKED_QUERIES_KEPT:
        _checked_queries.clear()
    _checked_queries[key] = found
    return found
