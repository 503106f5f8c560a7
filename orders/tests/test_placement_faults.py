"""A database error in the middle of placing an order (after the stock was taken and the order
written) answers a JSON 503 and leaves everything as it was: stock, orders, lines, invoice numbers,
texts and announcements to the open carts."""

import pytest
from django.db import OperationalError, connection

from catalog.models import Financial
from catalog.tests.announcements import announcements
from conftest import client_for
from orders.models import DocumentSeries, Order, OrderItem
from orders.tests.conftest import line, payload

pytestmark = [pytest.mark.faults, pytest.mark.django_db]


def _connection_lost(**kwargs):
    raise OperationalError("server closed the connection unexpectedly")


def _statement_cancelled(**kwargs):
    """PostgreSQL itself cancels a statement of the placement's transaction (statement_timeout)."""
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL statement_timeout = 1")
        cursor.execute("SELECT pg_sleep(1)")


@pytest.mark.parametrize(
    "failure",
    [
        pytest.param(_connection_lost, id="connection lost"),
        pytest.param(_statement_cancelled, id="statement cancelled", marks=pytest.mark.postgres),
    ],
)
def test_a_database_error_during_placement_leaves_the_stock_unchanged(monkeypatch, shopper, packs, sms_outbox, failure):
    body = payload([line(packs.oil_1l, 2), line(packs.rice_5kg, 1)], shopper)
    stock = dict(Financial.objects.values_list("pk", "count_in_stock"))
    invoices = list(DocumentSeries.objects.values_list("key", "fy", "last_number"))
    # The last step of placement, after the stock is taken and the order and its lines written.
    monkeypatch.setattr("checkout.placement.pipeline.order_placed", failure)

    with announcements() as announced:
        response = client_for(shopper).post("/api/orders", body, format="json")

    assert response.status_code == 503, response.content
    assert response["Retry-After"]
    assert set(response.json()) == {"message"}
    assert dict(Financial.objects.values_list("pk", "count_in_stock")) == stock
    assert not Order.objects.exists() and not OrderItem.objects.exists()
    assert list(DocumentSeries.objects.values_list("key", "fy", "last_number")) == invoices
    assert sms_outbox() == []
    assert announced == []

    monkeypatch.undo()
    again = client_for(shopper).post("/api/orders", body, format="json")
    assert again.status_code == 201, again.content
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == stock[packs.oil_1l.pk] - 2
