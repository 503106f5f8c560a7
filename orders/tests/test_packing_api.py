"""The packing API (admin only) and the substitution preference at checkout: what goes in, what
comes back, and the clear 4xx for bad input."""

from decimal import Decimal

import pytest

from catalog.models import Financial
from orders.models import Order, OrderItem
from orders.tests.conftest import line, payload

pytestmark = pytest.mark.django_db


def line_of(order: Order, pack: Financial) -> OrderItem:
    return OrderItem.objects.get(order=order, financial=pack)


def items_url(order: Order, item) -> str:
    return f"/api/orders/{order.public_id}/items/{item.pk if isinstance(item, OrderItem) else item}"


# --- the substitution preference ----------------------------------------------------------------


def test_an_order_without_a_preference_is_placed_as_call_me(as_user, shopper, packs):
    """The shop's existing client sends no preference and keeps working."""
    response = as_user(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")

    assert response.status_code == 201, response.json()
    assert response.json()["substitutionPreference"] == "call"
    assert response.json()["substitutionPreferenceLabel"] == "Call me"


def test_the_chosen_preference_is_kept_and_labelled_in_the_shopper_s_language(as_user, shopper, packs):
    body = payload([line(packs.oil_1l)], shopper, substitutionPreference="replace")

    response = as_user(shopper).post("/api/orders", body, format="json", HTTP_ACCEPT_LANGUAGE="te")

    assert response.status_code == 201, response.json()
    order = Order.objects.get(public_id=response.json()["_id"])
    assert order.substitution_preference == "replace"
    assert response.json()["substitutionPreferenceLabel"] not in ("", "Replace with a similar item")


@pytest.mark.parametrize("value", ["swap", "", None, 3])
def test_an_unknown_preference_is_a_clear_400_and_places_nothing(as_user, shopper, packs, value):
    body = payload([line(packs.oil_1l)], shopper, substitutionPreference=value)

    response = as_user(shopper).post("/api/orders", body, format="json")

    assert response.status_code == 400
    assert response.json()["message"] == "Please choose what we should do if an item is unavailable."
    assert not Order.objects.exists()


def test_the_choices_and_their_labels_come_from_the_server(api_client):
    english = api_client.get("/api/config").json()["substitutionPreferences"]
    telugu = api_client.get("/api/config", HTTP_ACCEPT_LANGUAGE="te").json()["substitutionPreferences"]

    assert english == [
        {"value": "call", "label": "Call me"},
        {"value": "replace", "label": "Replace with a similar item"},
        {"value": "remove", "label": "Remove it"},
    ]
    assert [choice["value"] for choice in telugu] == ["call", "replace", "remove"]
    assert all(ours["label"] != theirs["label"] for ours, theirs in zip(english, telugu, strict=True))


# --- changing lines --------------------------------------------------------------------------------


def test_an_admin_reduces_a_line_and_gets_the_order_back(as_user, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))

    response = as_user(admin_user).put(
        items_url(order, line_of(order, packs.rice_5kg)), {"qty": "1", "reason": "Torn bags"}, format="json"
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["totalPrice"] == 544.5 and body["itemsPrice"] == 544.5
    assert [(item["financialId"], item["qty"]) for item in body["orderItems"]] == [
        (str(packs.rice_5kg.pk), 1),
        (str(packs.oil_1l.pk), 1),
    ]
    assert body["canChangeLines"] is True
    assert body["lineChanges"][0] | {"at": None} == {
        "kind": "reduced",
        "kindLabel": "Reduced",
        "oldPack": "India Gate Sona Masoori Rice 5 kg",
        "oldQty": 3,
        "newPack": "India Gate Sona Masoori Rice 5 kg",
        "newQty": 1,
        "amount": 798,
        "reason": "Torn bags",
        "at": None,
    }
    assert [note["total"] for note in body["creditNotes"]] == [798]


def test_the_shopper_sees_the_change_but_cannot_make_one(as_user, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    as_user(admin_user).put(items_url(order, line_of(order, packs.rice_5kg)), {"qty": 0}, format="json")
    client = as_user(shopper)

    refused = client.put(items_url(order, line_of(order, packs.oil_1l)), {"qty": 0}, format="json")
    seen = client.get(f"/api/orders/{order.public_id}").json()

    assert refused.status_code == 403
    assert seen["canChangeLines"] is False and seen["totalPrice"] == 145.5
    assert [(change["kind"], change["oldQty"]) for change in seen["lineChanges"]] == [("removed", 3)]


def test_an_admin_replaces_a_line(as_user, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 2), (packs.oil_1l, 1))

    response = as_user(admin_user).post(
        f"{items_url(order, line_of(order, packs.rice_5kg))}/replace",
        {"financialId": str(packs.rice_other_brand.pk), "qty": 2, "shopperAgreed": False},
        format="json",
    )

    assert response.status_code == 200, response.json()
    lines = {item["brand"]: item for item in response.json()["orderItems"]}
    assert set(lines) == {"Daawat", "Fortune"} and lines["Daawat"]["price"] == 399
    assert response.json()["lineChanges"][0]["kind"] == "replaced"


@pytest.mark.parametrize(
    ("body", "status", "says"),
    [
        ({"qty": -1}, 400, "from 0 to 10"),
        ({"qty": "two"}, 400, "from 0 to 10"),
        ({}, 400, "from 0 to 10"),
        ({"qty": 5}, 400, "can only be reduced"),
        ({"qty": 1, "reason": "x" * 501}, 400, ""),
    ],
)
def test_bad_counts_are_clear_4xx(as_user, shopper, admin_user, packs, place_order, body, status, says):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))

    response = as_user(admin_user).put(items_url(order, line_of(order, packs.rice_5kg)), body, format="json")

    assert response.status_code == status and says in response.json()["message"]
    assert line_of(order, packs.rice_5kg).qty == 3


def test_unknown_lines_orders_and_packs_are_404_or_400(as_user, shopper, other_shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    theirs = place_order(other_shopper, (packs.rice_5kg, 1), (packs.oil_1l, 1))
    client = as_user(admin_user)

    assert client.put(items_url(order, "abc"), {"qty": 1}, format="json").status_code == 404
    assert client.put(items_url(order, line_of(theirs, packs.rice_5kg)), {"qty": 0}, format="json").status_code == 404
    assert client.put("/api/orders/nosuchorder/items/1", {"qty": 0}, format="json").status_code == 404
    replaced = client.post(
        f"{items_url(order, line_of(order, packs.rice_5kg))}/replace",
        {"financialId": "999999", "qty": 1},
        format="json",
    )
    assert replaced.status_code == 400 and "No pack has the id" in replaced.json()["message"]


def test_a_dispatched_order_is_a_409_in_the_shopper_s_language(as_user, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    client = as_user(admin_user)
    for status in ("packed", "dispatched"):
        client.put(f"/api/orders/{order.public_id}/status", {"status": status}, format="json")

    english = client.put(items_url(order, line_of(order, packs.rice_5kg)), {"qty": 1}, format="json")
    telugu = client.put(
        items_url(order, line_of(order, packs.rice_5kg)), {"qty": 1}, format="json", HTTP_ACCEPT_LANGUAGE="te"
    )

    assert english.status_code == telugu.status_code == 409
    assert english.json()["code"] == "order_not_editable"
    assert "can no longer be changed" in english.json()["message"]
    assert telugu.json()["message"] != english.json()["message"]
    assert Order.objects.get(pk=order.pk).total_price == Decimal("1342.50")


def test_the_packing_routes_are_in_the_api_schema(api_client):
    paths = api_client.get("/api/schema/", HTTP_ACCEPT="application/json").json()["paths"]

    assert "put" in paths["/api/orders/{public_id}/items/{item_id}"]
    assert "post" in paths["/api/orders/{public_id}/items/{item_id}/replace"]


# --- Django admin, the back-up packing screen ---------------------------------------------------


def test_django_admin_changes_a_line_through_the_same_service(client, shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    client.force_login(admin_user)
    url = f"/staff/orders/order/{order.pk}/packing/"

    change_page = client.get(f"/staff/orders/order/{order.pk}/change/").content.decode()
    assert "Call me" in change_page and url in change_page
    assert client.get(url).status_code == 200
    reduced = client.post(url, {"line": line_of(order, packs.rice_5kg).pk, "action": "reduce", "qty": 1})
    refused = client.post(url, {"line": line_of(order, packs.oil_1l).pk, "action": "reduce", "qty": 4})
    replaced = client.post(
        url,
        {
            "line": line_of(order, packs.rice_5kg).pk,
            "action": "replace",
            "qty": 1,
            "financial": packs.rice_other_brand.pk,
            "reason": "India Gate ran out",
        },
    )

    assert reduced.status_code == replaced.status_code == 302
    assert refused.status_code == 200 and "can only be reduced" in refused.content.decode()
    saved = Order.objects.get(pk=order.pk)
    assert [(item.brand, item.qty) for item in saved.items.all()] == [
        ("Daawat", 1),
        ("Fortune", 1),
    ]  # in the rice line's place
    assert list(saved.line_changes.values_list("kind", "by")) == [
        ("reduced", admin_user.pk),
        ("replaced", admin_user.pk),
    ]
    assert saved.total_price == Decimal("544.50")


def test_django_admin_will_not_change_a_dispatched_order(client, shopper, admin_user, packs, place_order):
    from orders.pipeline import order_advance

    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1))
    for status in ("packed", "dispatched"):
        order_advance(order=order, to_status=status, by=admin_user)
    client.force_login(admin_user)

    response = client.post(
        f"/staff/orders/order/{order.pk}/packing/",
        {"line": line_of(order, packs.rice_5kg).pk, "action": "reduce", "qty": 1},
    )

    assert response.status_code == 302 and line_of(order, packs.rice_5kg).qty == 3
