"""GET /api/users/credit: the shopper's own store-credit balance and ledger, newest first."""

from decimal import Decimal

import pytest

from conftest import client_for
from payments.credit import credit_grant, credit_spend

pytestmark = pytest.mark.django_db


def test_the_balance_and_ledger_are_the_callers_own(shopper, other_shopper, delivered, admin_user):
    credit_grant(user=shopper, amount=Decimal("254.50"), reason="Ticket T-2026-000001", order=delivered, by=admin_user)
    credit_spend(user=shopper, amount=Decimal("100"), order=delivered)
    credit_grant(user=other_shopper, amount=Decimal("5"), reason="Goodwill")

    data = client_for(shopper).get("/api/users/credit").json()

    assert data["balance"] == 154.5
    assert [(entry["kind"], entry["amount"], entry["orderId"]) for entry in data["entries"]] == [
        ("debit", 100, delivered.public_id),
        ("credit", 254.5, delivered.public_id),
    ]
    assert data["entries"][1]["reason"] == "Ticket T-2026-000001"
    assert client_for(other_shopper).get("/api/users/credit").json()["balance"] == 5
    assert client_for(None).get("/api/users/credit").status_code == 401


def test_no_credit_yet_is_a_zero_balance(shopper):
    response = client_for(shopper).get("/api/users/credit")
    assert response.status_code == 200
    assert response.json() == {"balance": 0, "entries": []}
    assert "no-store" in response["Cache-Control"]


def test_the_ledger_costs_the_same_queries_however_long(shopper, place_order, packs, django_assert_max_num_queries):
    order = place_order(shopper, (packs.oil_1l, 1))
    credit_grant(user=shopper, amount=Decimal("1"), reason="One", order=order)
    client = client_for(shopper)
    with django_assert_max_num_queries(6) as few:
        client.get("/api/users/credit")
    for n in range(10):
        credit_grant(user=shopper, amount=Decimal("1"), reason=f"More {n}", order=order)
    with django_assert_max_num_queries(len(few.captured_queries)):
        assert len(client.get("/api/users/credit").json()["entries"]) == 11
