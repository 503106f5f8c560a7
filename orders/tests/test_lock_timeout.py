"""On PostgreSQL: an order that cannot get its pack locks in time answers 503 "try again" and
writes nothing, instead of waiting as long as the other transaction holds them."""

import time

import psycopg
import pytest
from django.conf import settings
from django.db import connection

from catalog.models import Financial
from conftest import client_for
from orders.models import Order
from orders.tests.conftest import line, payload

pytestmark = [pytest.mark.faults, pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def _other_connection() -> psycopg.Connection:
    params = connection.get_connection_params()
    params.pop("cursor_factory", None)
    params.pop("context", None)
    params.pop("options", None)
    return psycopg.connect(**params)


def test_the_web_connection_has_a_lock_and_a_statement_timeout():
    with connection.cursor() as cursor:
        cursor.execute("SHOW lock_timeout")
        lock_timeout = cursor.fetchone()[0]
        cursor.execute("SHOW statement_timeout")
        statement_timeout = cursor.fetchone()[0]
    assert lock_timeout == f"{settings.DB_LOCK_TIMEOUT_MS // 1000}s"
    assert statement_timeout == f"{settings.DB_STATEMENT_TIMEOUT_MS // 1000}s"


def test_an_order_blocked_by_a_held_row_lock_answers_503_and_writes_nothing(packs, shopper):
    body = payload([line(packs.oil_1l, 2)], shopper)
    with _other_connection() as other:
        other.execute("BEGIN")
        other.execute("SELECT 1 FROM catalog_financial WHERE id = %s FOR UPDATE", [packs.oil_1l.pk])
        started = time.monotonic()
        response = client_for(shopper).post("/api/orders", body, format="json")
        waited = time.monotonic() - started
        other.execute("ROLLBACK")
    assert response.status_code == 503
    assert response.json() == {"message": "The shop is busy right now. Please try again."}
    assert response["Retry-After"] == "5"
    assert waited < settings.DB_LOCK_TIMEOUT_MS / 1000 + 2
    assert not Order.objects.exists()
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 40
    # Once the lock is gone the same order goes through.
    assert client_for(shopper).post("/api/orders", body, format="json").status_code == 201
