"""Margins from each sold line's stored cost at sale, by day, category and pack; stock value at
cost; the CSV export agreeing with the API to the paisa."""

import csv
import io
from decimal import Decimal

import pytest
from django.utils import timezone

from conftest import client_for
from orders.models import OrderItem

from .conftest import REFUSED, entered, line

pytestmark = pytest.mark.django_db


def sell(shopper, pack, qty):
    from checkout.placement import Address, LineRequest, Totals, order_place

    total = pack.dprice * qty
    order_place(
        user=shopper,
        items=[LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=qty)],
        shipping_address=Address(street=shopper.street, city=shopper.city, postal_code=shopper.postal_code),
        payment_method="Cash Or UPI",
        client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
    )


@pytest.fixture
def sold(admin_user, local_supplier, pack, customer):
    """24 rice packs bought at ₹70 and posted; 3 of them sold at ₹90 (5 % GST inside)."""
    from orders.tests.conftest import give_address

    draft = entered(admin_user, local_supplier, line(pack, qty=24))
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    sell(give_address(customer), pack, 3)
    return OrderItem.objects.get()


@pytest.mark.parametrize("by", ["category", "pack", "day"])
def test_margins_by_each_grouping_come_from_the_cost_at_sale_and_the_csv_agrees(admin_user, sold, by):
    assert sold.cost_paise == 3 * 7000
    answer = client_for(admin_user).get("/api/inventory/margins", {"days": 7, "by": by})
    assert answer.status_code == 200, answer.data
    [row] = answer.data["categories"]
    assert (row["units"], row["cost"]) == (3, Decimal("210.00"))
    assert row["revenue"] == sold.taxable_value
    assert row["margin"] == sold.taxable_value - Decimal("210.00")
    label = {"category": "Rice", "pack": "Sona Rice", "day": timezone.localdate().isoformat()}[by]
    assert row["category"] == label
    # The shelf: 10 opening packs (cost unknown) and 24 − 3 bought at ₹70 (the sale took the dated batch).
    assert answer.data["stockValue"] == Decimal("1470.00") and answer.data["stockUnitsCostUnknown"] == 10

    exported = client_for(admin_user).get("/api/inventory/margins", {"days": 7, "by": by, "export": "csv"})
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    header, cells = list(csv.reader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert header[0] == by
    assert (
        cells[0] == {"pack": "Brand A Sona Rice 1 kg"}.get(by, label)
        and Decimal(cells[3]) == row["revenue"]
        and Decimal(cells[4]) == row["cost"]
    )
    assert Decimal(cells[5]) == row["margin"]


def test_margins_by_pack_name_each_size_of_a_product_by_its_pack_label(admin_user, local_supplier, pack, customer):
    """Sona Rice 1 kg and 5 kg: two rows, each with its pack's label on the screen and in the CSV."""
    from catalog.tests.factories import make_pack
    from orders.tests.conftest import give_address

    big = make_pack(pack.detail, "5", "kg", price="450", dprice="420", stock=0)
    draft = entered(
        admin_user,
        local_supplier,
        line(pack, qty=10),
        line(big, qty=10, unitCost="350.00", mrp="450.00", batchNumber="B-102"),
    )
    assert client_for(admin_user).post(f"/api/inventory/purchases/{draft['id']}/post").status_code == 200
    shopper = give_address(customer)
    sell(shopper, pack, 2)
    sell(shopper, big, 1)

    answer = client_for(admin_user).get("/api/inventory/margins", {"days": 7, "by": "pack"})
    assert answer.status_code == 200, answer.data
    packs = {(row["pack"]["quantity"], row["pack"]["units"]): row for row in answer.data["categories"]}
    assert set(packs) == {("1", "kg"), ("5", "kg")}
    assert packs[("5", "kg")]["pack"] == {
        "brand": "Brand A",
        "name": "Sona Rice",
        "nameTe": "",
        "quantity": "5",
        "units": "kg",
    }
    assert (packs[("1", "kg")]["units"], packs[("5", "kg")]["units"]) == (2, 1)
    assert packs[("5", "kg")]["cost"] == Decimal("350.00")

    exported = client_for(admin_user).get("/api/inventory/margins", {"days": 7, "by": "pack", "export": "csv"})
    _, *cells = list(csv.reader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert sorted((row[0], row[2], row[4]) for row in cells) == [
        ("Brand A Sona Rice 1 kg", "2", "140.00"),
        ("Brand A Sona Rice 5 kg", "1", "350.00"),
    ]


@pytest.mark.parametrize("query, code", [({"days": 0}, "bad_days"), ({"by": "week"}, "bad_grouping")])
def test_bad_questions_are_refused_in_telugu(admin_user, query, code):
    answer = client_for(admin_user).get("/api/inventory/margins", query, HTTP_ACCEPT_LANGUAGE="te")
    assert (answer.status_code, answer.data["code"]) == (400, code)
    assert any("\u0c00" <= char <= "\u0c7f" for char in answer.data["message"])


def test_only_the_manager_sees_margins(people):
    for role, status in REFUSED.items():
        assert client_for(people[role]).get("/api/inventory/margins").status_code == status
        assert client_for(people[role]).get("/api/inventory/margins", {"export": "csv"}).status_code == status
