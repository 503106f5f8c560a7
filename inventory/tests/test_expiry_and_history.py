"""The near-expiry list (7 and 30 days, or the category's bands) with its value at cost, as the API
and `manage.py near_expiry`; and a pack's history, every movement with its running balance."""

import datetime
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.utils import timezone

from catalog.stock import stock_adjust, stock_receive, stock_take
from catalog.tests.factories import make_category, make_product
from conftest import client_for
from inventory.models import ExpiryWatch

from .conftest import REFUSED

pytestmark = pytest.mark.django_db


def in_days(n: int) -> datetime.date:
    return timezone.localdate() + datetime.timedelta(days=n)


@pytest.fixture
def milk():
    """Milk (Dairy): batches expiring in 2, 12 and 45 days; cost of the middle one not known."""
    pack = make_product("Milk", category=make_category("Dairy")).details.get().financials.get()
    stock_receive(pack=pack, qty=5, batch_no="M-2", best_before=in_days(2), unit_cost_paise=2500)
    stock_receive(pack=pack, qty=4, batch_no="M-12", best_before=in_days(12))
    stock_receive(pack=pack, qty=6, batch_no="M-45", best_before=in_days(45), unit_cost_paise=2500)
    return pack


def test_the_near_expiry_list_bands_batches_and_values_them_at_cost(admin_user, milk, pack):
    answer = client_for(admin_user).get("/api/inventory/near-expiry")
    assert answer.status_code == 200
    rows = [
        (row["batch"]["batchNumber"], row["band"], row["daysLeft"], row["count"], row["value"])
        for row in answer.data["batches"]
    ]
    assert rows == [("M-2", "soon", 2, 5, Decimal("125.00")), ("M-12", "watch", 12, 4, None)]
    assert answer.data["value"] == Decimal("125.00")  # what is known; the unknown cost shown as such


def test_a_category_sets_its_own_bands(admin_user, milk):
    ExpiryWatch.objects.create(category=milk.detail.product.category, soon_days=14, watch_days=60)
    rows = client_for(admin_user).get("/api/inventory/near-expiry").data["batches"]
    assert [(row["batch"]["batchNumber"], row["band"]) for row in rows] == [
        ("M-2", "soon"),
        ("M-12", "soon"),
        ("M-45", "watch"),
    ]


def test_the_command_prints_the_list_with_its_value(milk):
    out = io.StringIO()
    call_command("near_expiry", stdout=out)
    text = out.getvalue()
    assert "M-2" in text and "M-12" in text and "M-45" not in text
    assert text.strip().endswith("2 batches, ₹125.00 at cost")
    out = io.StringIO()
    call_command("near_expiry", "--soon", stdout=out)
    assert "M-12" not in out.getvalue()


def test_a_packs_history_shows_every_movement_with_its_running_balance(admin_user, pack):
    stock_receive(pack=pack, qty=12, batch_no="R-1", best_before=in_days(90), unit_cost_paise=7000, by=admin_user)
    stock_take([(pack.pk, 3)], reference="order 7")
    stock_adjust(pack=pack, delta=-1, reason="damaged", by=admin_user, note="torn bag")
    answer = client_for(admin_user).get(f"/api/inventory/packs/{pack.pk}/history")
    assert answer.status_code == 200
    data = answer.data
    assert data["inStock"] == 18 and data["balanceBefore"] == 0
    steps = [(row["kind"], row["delta"], row["balance"], row["reference"], row["reason"]) for row in data["movements"]]
    assert steps == [
        ("opening", 10, 10, "", ""),
        ("receipt", 12, 22, "", ""),
        ("sale", -3, 19, "order 7", ""),
        ("adjustment", -1, 18, "", "damaged"),
    ]
    assert data["movements"][1]["batch"]["batchNumber"] == "R-1"
    assert data["movements"][1]["batch"]["unitCost"] == Decimal("70.00")
    assert data["movements"][3]["by"] == admin_user.name


def test_a_long_history_starts_from_the_balance_before_it(pack):
    from inventory import history

    for _ in range(4):
        stock_adjust(pack=pack, delta=1, reason="found")
    _pack, steps, before = history.pack_history(financial_id=pack.pk, limit=2)
    assert before == 12 and [step.balance for step in steps] == [13, 14]


def test_the_history_of_a_missing_pack_is_404_in_telugu(admin_user):
    answer = client_for(admin_user).get("/api/inventory/packs/999999/history", HTTP_ACCEPT_LANGUAGE="te")
    assert answer.status_code == 404
    assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"])


def test_only_the_manager_reads_them(people, pack):
    for role, status in REFUSED.items():
        assert client_for(people[role]).get("/api/inventory/near-expiry").status_code == status
        assert client_for(people[role]).get(f"/api/inventory/packs/{pack.pk}/history").status_code == status
