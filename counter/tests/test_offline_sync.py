"""Bills made offline and synced: 200 at once make 200 bills with 200 numbers from the reserved
block, no gap or repeat, stock moved once each; the same sync again changes nothing."""

from datetime import timedelta

import pytest
from django.utils import timezone

from catalog.models import Financial
from conftest import client_for
from counter.models import CounterBill
from orders.models import Order


def _offline_bill(pack, number: str, n: int, billed_at, *, price=None) -> dict:
    line = {"financialId": str(pack.pk), "qty": 1}
    if price is not None:
        line["price"] = price
    return {
        "counter": "CTR1",
        "key": f"offline-{n}",
        "number": number,
        "billedAt": billed_at.isoformat(),
        "lines": [line],
        "tenders": [{"method": "cash", "amount": price or f"{pack.dprice:.2f}"}],
    }


def test_200_offline_bills_synced_twice_make_200_bills_once(till, cashier, packs):
    Financial.objects.filter(pk=packs.oil_1l.pk).update(count_in_stock=500)
    client = client_for(cashier)
    block = client.post("/api/counter/blocks", {"counter": "CTR1", "count": 200}, format="json").json()
    numbers = block["numbers"]
    assert len(numbers) == 200
    start = timezone.now() - timedelta(minutes=30)
    bills = [_offline_bill(packs.oil_1l, number, n, start + timedelta(seconds=n)) for n, number in enumerate(numbers)]

    first = client.post("/api/counter/sync", {"bills": bills}, format="json")
    assert first.status_code == 200, first.content
    assert all(result["ok"] for result in first.json()["results"])
    again = client.post("/api/counter/sync", {"bills": bills}, format="json").json()["results"]

    assert [r["number"] for r in again] == numbers
    made = sorted(Order.objects.filter(channel="counter").values_list("invoice_number", flat=True))
    assert made == numbers  # 200 numbers, consecutive, none repeated
    assert [int(n.rsplit("/", 1)[1]) for n in made] == list(range(1, 201))
    assert CounterBill.objects.filter(offline=True).count() == 200
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 300


def test_an_offline_bill_pays_what_it_said_and_the_manager_sees_the_price_change(till, cashier, packs):
    client = client_for(cashier)
    [number] = client.post("/api/counter/blocks", {"counter": "CTR1", "count": 1}, format="json").json()["numbers"]
    bill = _offline_bill(packs.oil_1l, number, 1, timezone.now(), price="140.00")
    [result] = client.post("/api/counter/sync", {"bills": [bill]}, format="json").json()["results"]
    assert result["ok"], result
    made = CounterBill.objects.get()
    assert made.order.total_price == 140 and "140.00" in made.price_note and "145.50" in made.price_note


@pytest.mark.parametrize("number", ["CTR1/2026-27/999999", "CTR9/2026-27/000001", "nonsense"])
def test_a_number_outside_the_counters_blocks_is_refused_alone(till, cashier, packs, number):
    client = client_for(cashier)
    [good] = client.post("/api/counter/blocks", {"counter": "CTR1", "count": 1}, format="json").json()["numbers"]
    bills = [
        _offline_bill(packs.oil_1l, number, 1, timezone.now()),
        _offline_bill(packs.oil_1l, good, 2, timezone.now()),
    ]
    bad, ok = client.post("/api/counter/sync", {"bills": bills}, format="json").json()["results"]
    assert (bad["ok"], bad["status"], ok["ok"]) == (False, 400, True)
    assert CounterBill.objects.count() == 1


def test_a_number_used_twice_under_two_keys_is_refused(till, cashier, packs):
    client = client_for(cashier)
    [number] = client.post("/api/counter/blocks", {"counter": "CTR1", "count": 1}, format="json").json()["numbers"]
    bills = [
        _offline_bill(packs.oil_1l, number, 1, timezone.now()),
        _offline_bill(packs.oil_1l, number, 2, timezone.now()),
    ]
    first, second = client.post("/api/counter/sync", {"bills": bills}, format="json").json()["results"]
    assert first["ok"] and (second["ok"], second["status"]) == (False, 409)


def test_the_till_keeps_every_pack_with_its_codes_and_price(till, cashier, packs):
    from catalog.models import Barcode

    Barcode.objects.create(pack=packs.oil_1l, code="8901234567890", kind="ean13")
    answer = client_for(cashier).get("/api/counter/catalog")
    assert answer.status_code == 200
    by_id = {row["financialId"]: row for row in answer.json()["packs"]}
    oil = by_id[str(packs.oil_1l.pk)]
    assert oil["codes"] == ["8901234567890"] and oil["dprice"] == float(packs.oil_1l.dprice)
    assert len(by_id) == Financial.objects.count()
    assert answer.json()["seller"]["gstin"]
