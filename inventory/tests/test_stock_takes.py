"""Stock takes: a count sheet of one category, counts entered, the differences and their value at
cost shown before posting, all posted as adjustments at once; sales made during the count stay."""

import csv
import io
from decimal import Decimal

import pytest

from catalog.models import StockMovement
from catalog.stock import stock_receive, stock_take
from catalog.tests.factories import make_category, make_product
from conftest import client_for
from inventory.models import StockTake

from .conftest import REFUSED

pytestmark = pytest.mark.django_db


def start(user, category=None, language="en"):
    body = {"categoryId": category.pk if category else None}
    return client_for(user).post("/api/inventory/stock-takes", body, format="json", HTTP_ACCEPT_LANGUAGE=language)


def count(user, take_id, *entries, language="en"):
    counts = [
        {"financialId": str(pack.pk), "counted": counted, **extra}
        for pack, counted, *rest in entries
        for extra in (rest[0] if rest else {},)
    ]
    return client_for(user).put(
        f"/api/inventory/stock-takes/{take_id}", {"counts": counts}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )


def post(user, take_id, language="en"):
    return client_for(user).post(f"/api/inventory/stock-takes/{take_id}/post", HTTP_ACCEPT_LANGUAGE=language)


@pytest.fixture
def dal():
    """Toor Dal 1 kg, in the Dals category: 10 on the shelf (no cost known) plus 20 bought at ₹120."""
    pack = make_product("Toor Dal", category=make_category("Dals")).details.get().financials.get()
    stock_receive(pack=pack, qty=20, batch_no="D-1", unit_cost_paise=12000)
    pack.refresh_from_db()
    return pack


def test_a_category_sheet_lists_its_packs_and_shows_differences_at_cost_before_posting(admin_user, pack, dal):
    answer = start(admin_user, dal.detail.product.category)
    assert answer.status_code == 201, answer.data
    take = answer.data
    assert take["category"] == "Dals" and take["status"] == "counting"
    assert [(row["financialId"], row["expected"], row["counted"]) for row in take["lines"]] == [(str(dal.pk), 30, None)]

    counted = count(admin_user, take["id"], (dal, 27, {"reason": "damaged"}))
    assert counted.status_code == 200, counted.data
    [row] = counted.data["lines"]
    # 3 missing, valued at the cost of the batch that sells next (D-1, dated, at ₹120).
    assert (row["counted"], row["difference"], row["reason"], row["unitCost"], row["value"]) == (
        27,
        -3,
        "damaged",
        Decimal("120.00"),
        Decimal("-360.00"),
    )
    dal.refresh_from_db()
    assert dal.count_in_stock == 30  # nothing moved before posting

    posted = post(admin_user, take["id"])
    assert posted.status_code == 200, posted.data
    assert posted.data["status"] == "posted"
    dal.refresh_from_db()
    assert dal.count_in_stock == 27
    [moved] = StockMovement.objects.filter(kind="adjustment", pack=dal)
    assert (moved.delta, moved.reason, moved.note, moved.by) == (-3, "damaged", f"stock take {take['id']}", admin_user)
    assert sum(dal.batches.values_list("count", flat=True)) == 27 == sum(dal.movements.values_list("delta", flat=True))

    again = post(admin_user, take["id"], language="te")
    assert (again.status_code, again.data["code"]) == (409, "already_posted")
    assert any("\u0c00" <= char <= "\u0c7f" for char in again.data["message"])

    listed = client_for(admin_user).get("/api/inventory/stock-takes").data
    assert [(row["id"], row["status"], row["packs"], row["counted"]) for row in listed] == [
        (take["id"], "posted", 1, 1)
    ]


def test_sales_made_during_the_count_are_not_lost(admin_user, dal):
    take = start(admin_user).data
    stock_take([(dal.pk, 4)], reference="order A")  # sold before this shelf was counted: 26 left
    assert count(admin_user, take["id"], (dal, 25)).status_code == 200  # one is missing
    stock_take([(dal.pk, 5)], reference="order B")  # sold after the count, before posting: 21 left
    assert post(admin_user, take["id"]).status_code == 200
    dal.refresh_from_db()
    assert dal.count_in_stock == 21 - 1  # both sales stand, and the one missing pack is written off
    assert sum(dal.batches.values_list("count", flat=True)) == 20 == sum(dal.movements.values_list("delta", flat=True))


def test_an_uncounted_pack_is_left_alone_and_a_found_one_added(admin_user, pack, dal):
    take = start(admin_user).data
    assert count(admin_user, take["id"], (pack, 12, {"reason": "found"})).status_code == 200
    assert post(admin_user, take["id"]).status_code == 200
    pack.refresh_from_db()
    dal.refresh_from_db()
    assert (pack.count_in_stock, dal.count_in_stock) == (12, 30)


@pytest.mark.parametrize(
    "counted, extra, code",
    [(-1, {}, "bad_quantity"), ("ten", {}, "bad_quantity"), (3, {"reason": "gift"}, "bad_reason")],
)
def test_bad_counts_are_refused_in_the_staff_members_language(admin_user, dal, counted, extra, code):
    take = start(admin_user).data
    answer = count(admin_user, take["id"], (dal, counted, extra), language="te")
    assert (answer.status_code, answer.data["code"]) == (400, code)
    assert StockTake.objects.get().lines.filter(counted__isnull=False).count() == 0


def test_a_pack_not_on_the_sheet_is_refused(admin_user, pack, dal):
    take = start(admin_user, dal.detail.product.category).data
    answer = count(admin_user, take["id"], (pack, 3))
    assert (answer.status_code, answer.data["code"]) == (400, "bad_pack")


def test_a_missing_category_or_sheet_is_404(admin_user):
    assert start(admin_user, make_category("Gone")).status_code == 201
    assert (
        client_for(admin_user).post("/api/inventory/stock-takes", {"categoryId": 999999}, format="json").status_code
        == 404
    )
    assert client_for(admin_user).get("/api/inventory/stock-takes/999999").status_code == 404
    assert post(admin_user, 999999).status_code == 404


def test_only_the_manager_takes_stock(people, dal):
    for role, status in REFUSED.items():
        assert start(people[role]).status_code == status, role
    take = start(people["manager"]).data
    for role, status in REFUSED.items():
        assert client_for(people[role]).get(f"/api/inventory/stock-takes/{take['id']}").status_code == status
        assert count(people[role], take["id"], (dal, 1)).status_code == status
        assert post(people[role], take["id"]).status_code == status
    dal.refresh_from_db()
    assert dal.count_in_stock == 30


def test_the_stock_take_screen_lists_the_categories_with_their_ids(people):
    rice, oil = make_category("Rice"), make_category("Oil")
    rice.name_te = "బియ్యం"
    rice.save()
    answer = client_for(people["manager"]).get("/api/inventory/categories")
    assert answer.status_code == 200
    rows = {row["name"]: row for row in answer.json()["categories"]}
    assert rows["Rice"] == {"id": rice.pk, "name": "Rice", "nameTe": "బియ్యం"}
    assert rows["Oil"]["id"] == oil.pk
    for who, refused in REFUSED.items():
        assert client_for(people[who]).get("/api/inventory/categories").status_code == refused


def test_each_line_carries_its_reason_onto_its_adjustment_the_sheet_and_the_export(admin_user, pack, dal):
    take = start(admin_user).data
    # The reasons are the server's, the default (a count correction) first, labelled in Telugu for
    # a reader of Telugu.
    assert [row["value"] for row in take["reasons"]] == [
        "count_correction",
        "damaged",
        "expired",
        "theft_or_loss",
        "found",
    ]
    telugu = client_for(admin_user).get(f"/api/inventory/stock-takes/{take['id']}", HTTP_ACCEPT_LANGUAGE="te").data
    assert dict((row["value"], row["label"]) for row in telugu["reasons"])["damaged"] == "పాడైంది"

    answer = count(admin_user, take["id"], (dal, 26, {"reason": "theft_or_loss"}), (pack, 9))
    assert answer.status_code == 200, answer.data
    rows = {row["financialId"]: row for row in answer.data["lines"]}
    assert (rows[str(dal.pk)]["reason"], rows[str(dal.pk)]["reasonLabel"]) == ("theft_or_loss", "Theft or loss")
    assert (rows[str(pack.pk)]["reason"], rows[str(pack.pk)]["reasonLabel"]) == ("count_correction", "Count correction")

    exported = client_for(admin_user).get(f"/api/inventory/stock-takes/{take['id']}", {"export": "csv"})
    assert exported.status_code == 200 and exported["Content-Type"].startswith("text/csv")
    header, *cells = list(csv.reader(io.StringIO(b"".join(exported.streaming_content).decode())))
    assert header == ["pack", "expected", "counted", "difference", "reason", "unit cost", "value at cost"]
    by_pack = {row[0]: row for row in cells}
    assert by_pack[rows[str(dal.pk)]["pack"]][2:] == ["26", "-4", "Theft or loss", "120.00", "-480.00"]
    assert by_pack[rows[str(pack.pk)]["pack"]][3:5] == ["-1", "Count correction"]

    assert post(admin_user, take["id"]).status_code == 200
    moved = dict(StockMovement.objects.filter(kind="adjustment").values_list("pack_id", "reason"))
    assert moved == {dal.pk: "theft_or_loss", pack.pk: "count_correction"}


def test_a_count_sheet_export_other_than_csv_is_refused(people, dal):
    take = start(people["manager"]).data
    path = f"/api/inventory/stock-takes/{take['id']}"
    answer = client_for(people["manager"]).get(path, {"export": "pdf"}, HTTP_ACCEPT_LANGUAGE="te")
    assert (answer.status_code, answer.data["code"]) == (400, "bad_export")
    for role, status in REFUSED.items():
        assert client_for(people[role]).get(path, {"export": "csv"}).status_code == status
    assert client_for(people["manager"]).get("/api/inventory/stock-takes/999999", {"export": "csv"}).status_code == 404
