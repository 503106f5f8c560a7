"""Who may call each orders endpoint: anonymous, the owner, another customer, an admin."""

import pytest

from orders.models import Order
from orders.pipeline import order_advance
from orders.tests.conftest import give_address, line, payload

pytestmark = pytest.mark.django_db

ANONYMOUS, OWNER, OTHER, ADMIN = "anonymous", "owner", "other customer", "admin"


@pytest.fixture
def people(shopper, other_shopper, admin_user):
    return {ANONYMOUS: None, OWNER: shopper, OTHER: other_shopper, ADMIN: give_address(admin_user)}


@pytest.fixture
def order(shopper, admin_user, place_order):
    return place_order(shopper)


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 201), (OTHER, 201), (ADMIN, 201)])
def test_placing_an_order_needs_a_signed_in_user(as_user, people, packs, who, expected):
    user = people[who]
    body = payload([line(packs.oil_1l)], user or people[OWNER])

    response = as_user(user).post("/api/orders", body, format="json")

    assert response.status_code == expected
    if user:
        assert Order.objects.get(public_id=response.json()["_id"]).user == user
    else:
        assert response.json()["message"] and Order.objects.count() == 0


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 403), (OTHER, 403), (ADMIN, 200)])
def test_only_an_admin_lists_every_order(as_user, people, order, who, expected):
    response = as_user(people[who]).get("/api/orders")
    assert response.status_code == expected
    if expected == 200:
        assert [row["_id"] for row in response.json()] == [order.public_id]


@pytest.mark.parametrize(
    "who, expected, sees_order",
    [
        (ANONYMOUS, 401, False),
        (OWNER, 200, True),
        (OTHER, 200, False),
        (ADMIN, 200, False),
    ],
)
def test_my_orders_are_only_the_callers_own(as_user, people, order, who, expected, sees_order):
    response = as_user(people[who]).get("/api/orders/mine")
    assert response.status_code == expected
    if expected == 200:
        assert [row["_id"] for row in response.json()] == ([order.public_id] if sees_order else [])


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 200), (OTHER, 404), (ADMIN, 200)])
def test_an_order_is_shown_to_its_owner_and_admins_only(as_user, people, order, who, expected):
    response = as_user(people[who]).get(f"/api/orders/{order.public_id}")
    assert response.status_code == expected
    if expected == 200:
        assert response.json()["_id"] == order.public_id
    if expected == 404:
        assert response.json() == {"message": "Order not found"}


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 403), (OTHER, 403), (ADMIN, 200)])
def test_only_an_admin_marks_an_order_delivered(as_user, people, order, admin_user, who, expected):
    order_advance(order=order, to_status=Order.Status.PACKED, by=admin_user)
    order_advance(order=order, to_status=Order.Status.DISPATCHED, by=admin_user)

    response = as_user(people[who]).put(f"/api/orders/{order.public_id}/deliver")

    assert response.status_code == expected
    assert Order.objects.get(pk=order.pk).is_delivered is (expected == 200)


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 403), (OTHER, 403), (ADMIN, 200)])
def test_only_an_admin_moves_an_order_along(as_user, people, order, who, expected):
    response = as_user(people[who]).put(f"/api/orders/{order.public_id}/status", {"status": "packed"}, format="json")
    assert response.status_code == expected
    assert Order.objects.get(pk=order.pk).status == ("packed" if expected == 200 else "placed")


@pytest.mark.parametrize("who, expected", [(ANONYMOUS, 401), (OWNER, 403), (OTHER, 404), (ADMIN, 200)])
def test_only_an_admin_records_a_payment(as_user, people, order, who, expected):
    response = as_user(people[who]).put(f"/api/orders/{order.public_id}/pay")
    assert response.status_code == expected
    assert Order.objects.get(pk=order.pk).is_paid is (expected == 200)


@pytest.mark.parametrize("path", ["", "/deliver", "/status", "/pay"])
def test_an_unknown_order_is_a_404_even_for_an_admin(as_user, admin_user, packs, path):
    client = as_user(admin_user)
    response = (
        client.get("/api/orders/NoSuchOrder12345678")
        if not path
        else client.put(f"/api/orders/NoSuchOrder12345678{path}", {"status": "packed"}, format="json")
    )
    assert response.status_code == 404


def test_an_expired_or_forged_token_is_a_401(api_client, order):
    api_client.credentials(HTTP_AUTHORIZATION="Bearer eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.Zm9yZ2Vk")
    assert api_client.get("/api/orders/mine").status_code == 401


def test_unsupported_methods_are_refused(as_user, admin_user, order):
    client = as_user(admin_user)
    assert client.delete(f"/api/orders/{order.public_id}").status_code == 405
    assert client.get(f"/api/orders/{order.public_id}/pay").status_code == 405
    assert client.post("/api/orders/mine", {}, format="json").status_code == 405


def test_an_id_with_extra_characters_is_not_the_order(as_user, shopper, order):
    response = as_user(shopper).get(f"/api/orders/{order.public_id}extra")
    assert response.status_code == 404
