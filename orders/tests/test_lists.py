"""The order lists: newest first, paged for admins, in a constant number of queries."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from orders.models import Order
from orders.pipeline import order_advance

pytestmark = pytest.mark.django_db


def queries_for(client, path) -> int:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return len(captured)


def test_my_orders_come_newest_first(as_user, shopper, place_order):
    first, second = place_order(shopper), place_order(shopper)
    body = as_user(shopper).get("/api/orders/mine").json()
    assert [order["_id"] for order in body] == [second.public_id, first.public_id]


def test_my_orders_take_the_same_queries_for_one_order_or_many(
    as_user, shopper, packs, place_order, django_assert_max_num_queries
):
    client = as_user(shopper)
    place_order(shopper)
    with_one = queries_for(client, "/api/orders/mine")
    for _ in range(9):
        place_order(shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1), (packs.rice_other_brand, 1))

    with django_assert_max_num_queries(with_one):
        body = client.get("/api/orders/mine").json()

    assert len(body) == 10 and len(body[0]["orderItems"]) == 3
    # user (token), orders with users, lines, flagged payments, packing changes, refunds, store
    # credit given back (the payment state), credit notes
    assert with_one <= 8


def links(response) -> dict[str, str]:
    """The `Link` header as {rel: "path?query"}."""
    found = {}
    for part in response["Link"].split(", "):
        url, rel = part.split("; ")
        found[rel.removeprefix('rel="').removesuffix('"')] = url.strip("<>").removeprefix("http://testserver")
    return found


def test_the_admin_list_takes_the_same_queries_for_any_page(
    as_user, shopper, other_shopper, admin_user, packs, place_order, django_assert_max_num_queries
):
    client = as_user(admin_user)
    place_order(shopper)
    with_one = queries_for(client, "/api/orders")
    for index in range(24):
        place_order(shopper if index % 2 else other_shopper, (packs.oil_1l, 1), (packs.rice_5kg, 1))

    with django_assert_max_num_queries(with_one):
        response = client.get("/api/orders?pageNumber=1")

    body = response.json()
    # user (token), count, orders with users, lines, flagged payments, packing changes, refunds, store
    # credit given back, credit notes
    assert with_one <= 9
    assert isinstance(body, list) and len(body) == 20
    assert response["X-Total-Count"] == "25"
    assert {row["user"]["phoneNo"] for row in body} == {shopper.phone_no, other_shopper.phone_no}
    assert body[0]["user"]["name"]


def test_the_admin_list_pages_and_filters_by_status(as_user, shopper, admin_user, place_order):
    orders = [place_order(shopper) for _ in range(23)]
    for order in orders[:3]:
        order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)
    client = as_user(admin_user)

    everything = client.get("/api/orders")  # the existing client's list has no pager: all of them (up to 500)
    first_page = client.get("/api/orders?pageNumber=1")
    second_page = client.get("/api/orders?pageNumber=2")
    packed = client.get("/api/orders?status=packed")
    past_the_end = client.get("/api/orders?pageNumber=9")

    assert [row["_id"] for row in everything.json()] == [order.public_id for order in reversed(orders)]
    assert links(everything) == {
        "first": "/api/orders?pageNumber=1&pageSize=500",
        "last": "/api/orders?pageNumber=1&pageSize=500",
    }
    assert [row["_id"] for row in first_page.json()] == [order.public_id for order in reversed(orders[3:])]
    assert [row["_id"] for row in second_page.json()] == [order.public_id for order in reversed(orders[:3])]
    assert links(first_page) == {
        "first": "/api/orders?pageNumber=1&pageSize=20",
        "next": "/api/orders?pageNumber=2&pageSize=20",
        "last": "/api/orders?pageNumber=2&pageSize=20",
    }
    assert links(second_page) == {
        "first": "/api/orders?pageNumber=1&pageSize=20",
        "prev": "/api/orders?pageNumber=1&pageSize=20",
        "last": "/api/orders?pageNumber=2&pageSize=20",
    }
    assert sorted(row["_id"] for row in packed.json()) == sorted(order.public_id for order in orders[:3])
    assert packed["X-Total-Count"] == "3"
    assert links(packed)["last"] == "/api/orders?pageNumber=1&pageSize=500&status=packed"
    assert past_the_end.json() == [] and past_the_end["X-Total-Count"] == "23"


def test_the_admin_list_page_size_is_chosen_and_capped(as_user, shopper, admin_user, place_order):
    for _ in range(5):
        place_order(shopper)
    client = as_user(admin_user)

    two = client.get("/api/orders?pageSize=2&pageNumber=3")
    everything = client.get("/api/orders?pageSize=900")

    assert len(two.json()) == 1 and links(two)["prev"] == "/api/orders?pageNumber=2&pageSize=2"
    assert len(everything.json()) == 5
    assert links(everything)["last"] == "/api/orders?pageNumber=1&pageSize=500"


def test_an_empty_admin_list(as_user, admin_user, packs):
    response = as_user(admin_user).get("/api/orders")
    assert response.json() == []
    assert response["X-Total-Count"] == "0"
    assert links(response) == {
        "first": "/api/orders?pageNumber=1&pageSize=500",
        "last": "/api/orders?pageNumber=1&pageSize=500",
    }


@pytest.mark.parametrize(
    "query", ["pageNumber=0", "pageNumber=abc", "pageNumber=-1", "pageSize=0", "pageSize=2.5", "status=lost"]
)
def test_garbage_admin_list_parameters_are_a_400(as_user, admin_user, query):
    response = as_user(admin_user).get(f"/api/orders?{query}")
    assert response.status_code == 400
    assert response.json()["message"]
