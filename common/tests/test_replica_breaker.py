"""Issue 46: a read replica that died mid-query answered that request 503 and tripped the
primary's breaker too, so every request of the process answered 503 for DB_BREAKER_SECONDS."""

import psycopg
import pytest
from django.db import OperationalError
from django.http import HttpResponse
from django.test import RequestFactory

from common import circuit
from common.middleware import DatabaseBreakerMiddleware


class _Connection:
    def __init__(self, errors_occurred: bool):
        self.errors_occurred = errors_occurred


class _Connections(dict):
    settings = {"default": {}, "replica": {}}


def _unreachable() -> OperationalError:
    error = OperationalError("server closed the connection unexpectedly")
    error.__cause__ = psycopg.OperationalError("server closed the connection unexpectedly")
    return error


@pytest.mark.parametrize(
    ("primary_failed", "replica_failed", "opens"), [(False, True, False), (True, False, True), (True, True, True)]
)
def test_only_the_primarys_failure_opens_its_breaker(monkeypatch, primary_failed, replica_failed, opens):
    monkeypatch.setattr(
        circuit,
        "connections",
        _Connections(default=_Connection(primary_failed), replica=_Connection(replica_failed)),
    )
    circuit.database_breaker.close()
    middleware = DatabaseBreakerMiddleware(lambda request: HttpResponse())
    try:
        middleware.process_exception(RequestFactory().get("/api/products"), _unreachable())
        assert circuit.database_breaker.is_open() is opens
    finally:
        circuit.database_breaker.close()
