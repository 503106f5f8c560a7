"""Low stock (issue 27): each pack at or under its own threshold or the shop's default
(`LOW_STOCK_THRESHOLD`), one selector behind the board's banner (`GET /api/products/low-stock`),
the admin product list's filter and `manage.py low_stock`."""

import io

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from catalog.models import Financial
from catalog.selectors import low_stock_packs

from .factories import make_category, make_product

pytestmark = pytest.mark.django_db

URL = "/api/products/low-stock"


@pytest.fixture
def shelf(settings):
    settings.LOW_STOCK_THRESHOLD = 5
    oils, rice = make_category("OILS"), make_category("RICE")
    make_product("Sunflower Oil", category=oils, brands={"Freedom": [("1", "L", "150", "140", 40)]})
    make_product(
        "Groundnut Oil", category=oils, brands={"Dhara": [("1", "L", "200", "180", 3), ("5", "L", "900", "850", 6)]}
    )
    make_product("Sona Masoori", category=rice, brands={"India Gate": [("10", "kg", "700", "650", 0)]})
    make_product("Basmati", category=rice, brands={"Daawat": [("1", "kg", "180", "170", 5)]})
    # The 5 L tin sells slowly but is reordered early: its own threshold.
    Financial.objects.filter(quantity=5, units="L").update(low_stock_threshold=8)
    # Sunflower oil moves fast: low at 50, it has 40.
    Financial.objects.filter(detail__brand="Freedom").update(low_stock_threshold=50)
    # Basmati 1 kg is never low until it is gone.
    Financial.objects.filter(detail__brand="Daawat").update(low_stock_threshold=0)


def listed(packs) -> list[tuple]:
    return [(pack.detail.product.name, str(pack), pack.count_in_stock, pack.threshold) for pack in packs]


def test_packs_at_or_under_their_own_threshold_or_the_default_fewest_left_first(shelf):
    assert listed(low_stock_packs()) == [
        ("Sona Masoori", "10 kg", 0, 5),
        ("Groundnut Oil", "1 L", 3, 5),
        ("Groundnut Oil", "5 L", 6, 8),
        ("Sunflower Oil", "1 L", 40, 50),
    ]


def test_the_default_comes_from_settings(shelf, settings):
    settings.LOW_STOCK_THRESHOLD = 2
    assert [name for name, *_ in listed(low_stock_packs())] == ["Sona Masoori", "Groundnut Oil", "Sunflower Oil"]


def test_below_n_replaces_every_threshold(shelf):
    assert listed(low_stock_packs(below=5)) == [
        ("Sona Masoori", "10 kg", 0, 5),
        ("Groundnut Oil", "1 L", 3, 5),
        ("Basmati", "1 kg", 5, 5),
    ]
    assert listed(low_stock_packs(below=0)) == [("Sona Masoori", "10 kg", 0, 0)]


def test_the_api_answers_the_banner_contract_for_admins_only(as_user, admin_user, customer, shelf):
    assert as_user(None).get(URL).status_code == 401
    assert as_user(customer).get(URL).status_code == 403

    answer = as_user(admin_user).get(URL)

    assert answer.status_code == 200 and "no-store" in answer["Cache-Control"]
    body = answer.json()
    assert body["count"] == 4 and list(body) == ["count", "packs"]
    first = body["packs"][0]
    assert set(first) == {"_id", "name", "brand", "pack", "countInStock", "threshold"}
    assert {key: value for key, value in first.items() if key != "_id"} == {
        "name": "Sona Masoori",
        "brand": "India Gate",
        "pack": "10 kg",
        "countInStock": 0,
        "threshold": 5,
    }
    assert first["_id"] == str(Financial.objects.get(detail__brand="India Gate").pk)


def test_the_api_takes_below_and_refuses_what_is_not_a_count(as_user, admin_user, shelf):
    client = as_user(admin_user)
    assert client.get(URL, {"below": "0"}).json()["count"] == 1
    assert client.get(URL, {"below": ""}).json()["count"] == 4  # blank: the thresholds
    for bad in ("-1", "2.5", "many"):
        answer = client.get(URL, {"below": bad})
        assert answer.status_code == 400 and answer.json()["message"], bad


def test_the_list_costs_one_query_however_many_packs(as_user, admin_user, shelf, django_assert_num_queries):
    client = as_user(admin_user)
    client.get(URL)  # the token's user lookups are the same each time; count around the list
    with django_assert_num_queries(2) as few:
        client.get(URL)
    for number in range(10):
        make_product(f"Dal {number}", brands={"Tata": [("1", "kg", "150", "140", 1), ("2", "kg", "290", "270", 2)]})
    with django_assert_num_queries(len(few.captured_queries)):
        assert client.get(URL).json()["count"] == 24


def test_the_admin_product_list_filter_follows_the_same_rule(as_user, admin_user, shelf):
    answer = as_user(admin_user).get("/api/admin/products", {"lowStock": "true"})
    assert [product["name"] for product in answer.json()] == ["Sona Masoori", "Groundnut Oil", "Sunflower Oil"]


def test_the_command_prints_the_same_list_as_a_table(shelf):
    out = io.StringIO()
    call_command("low_stock", stdout=out)
    lines = out.getvalue().splitlines()

    assert lines[0].split() == ["id", "product", "brand", "pack", "left", "threshold"]
    assert [line.split()[1:] for line in lines[2:6]] == [
        ["Sona", "Masoori", "India", "Gate", "10", "kg", "0", "5"],
        ["Groundnut", "Oil", "Dhara", "1", "L", "3", "5"],
        ["Groundnut", "Oil", "Dhara", "5", "L", "6", "8"],
        ["Sunflower", "Oil", "Freedom", "1", "L", "40", "50"],
    ]
    assert lines[-1] == "4 pack(s) low on stock."


def test_the_command_with_below(shelf):
    out = io.StringIO()
    call_command("low_stock", "--below", "0", stdout=out)
    assert "Sona Masoori" in out.getvalue() and "Groundnut" not in out.getvalue()

    out = io.StringIO()
    Financial.objects.update(count_in_stock=100)
    call_command("low_stock", "--below", "3", stdout=out)
    assert out.getvalue() == "No pack is low on stock.\n"

    with pytest.raises(CommandError):
        call_command("low_stock", "--below", "-1")


def test_the_answer_matches_the_published_schema(as_user, admin_user, shelf):
    from shop.tests.openapi import assert_documented

    response = as_user(admin_user).get(URL)
    assert response.json()["count"]
    assert_documented(response, "GET", URL)
