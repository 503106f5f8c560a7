"""A network order end to end: quoted from the shop's prices and stock, placed through the website's
placement, moved along the pipeline with each move told to the buyer app, cancelled by the buyer."""

import json
import uuid
from decimal import Decimal

import pytest

from catalog.models import Financial, Product
from ondc.models import NetworkMessage, NetworkOrder
from ondc.schemas import schema_errors
from ondc.tests.conftest import beckn, send
from orders.models import Order

END = {
    "type": "Delivery",
    "end": {
        "location": {
            "gps": "16.5787,82.0061",
            "address": {
                "name": "Lakshmi",
                "building": "12",
                "street": "Main Road",
                "locality": "Gadilanka",
                "city": "Amalapuram",
                "state": "Andhra Pradesh",
                "country": "IND",
                "area_code": "533201",
            },
        },
        "contact": {"phone": "9876543210"},
    },
}
BILLING = {"name": "Lakshmi", "phone": "9876543210", "address": END["end"]["location"]["address"]}


def _items(*lines):
    return [{"id": str(pack.pk), "quantity": {"count": count}} for pack, count in lines]


def _quote_of(network, transaction_id, *lines):
    """select, then the quote the buyer app would confirm (as on_select answered it)."""
    payload = beckn(
        network,
        "select",
        {"order": {"items": _items(*lines), "fulfillments": [END]}},
        transaction_id=transaction_id,
    )
    assert send(network, "select", payload).status_code == 200
    answer = network.answers("on_select")[-1].body
    return answer


def _confirm(network, transaction_id, network_order_id, quote, *lines, payment_type="ON-FULFILLMENT"):
    order = {
        "id": network_order_id,
        "items": _items(*lines),
        "billing": BILLING,
        "fulfillments": [END],
        "quote": quote,
        "payment": {"type": payment_type, "status": "PAID" if payment_type == "ON-ORDER" else "NOT-PAID"},
    }
    payload = beckn(network, "confirm", {"order": order}, transaction_id=transaction_id)
    return send(network, "confirm", payload)


def _placed(network, packs, *, payment_type="ON-FULFILLMENT", count=2):
    transaction_id = str(uuid.uuid4())
    on_select = _quote_of(network, transaction_id, (packs.rice_5kg, count))
    assert "error" not in on_select, on_select
    response = _confirm(
        network,
        transaction_id,
        "NO-1001",
        on_select["message"]["order"]["quote"],
        (packs.rice_5kg, count),
        payment_type=payment_type,
    )
    assert response.status_code == 200, response.json()
    return transaction_id, NetworkOrder.objects.select_related("order").get()


@pytest.mark.parametrize(("payment_type", "paid"), [("ON-FULFILLMENT", False), ("ON-ORDER", True)])
def test_a_confirmed_order_is_an_ordinary_order_with_its_channel(network, packs, payment_type, paid):
    transaction_id, network_order = _placed(network, packs, payment_type=payment_type)

    order = network_order.order
    assert order.channel == Order.Channel.ONDC
    assert order.status == Order.Status.PLACED and order.is_paid is paid
    assert [(item.financial_id, item.qty) for item in order.items.all()] == [(packs.rice_5kg.pk, 2)]
    assert order.user.phone_no == "9876543210" and not order.user.is_active
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 23
    [on_confirm] = network.answers("on_confirm")
    assert on_confirm.signed_by_shop and "error" not in on_confirm.body
    assert on_confirm.body["context"]["transaction_id"] == transaction_id
    told = on_confirm.body["message"]["order"]
    assert told["id"] == "NO-1001" and told["state"] == "Accepted"
    assert told["quote"]["price"]["value"] == str(order.total_price)
    assert told["payment"]["status"] == ("PAID" if paid else "NOT-PAID")


def test_a_confirm_sent_twice_places_one_order(network, packs):
    transaction_id = str(uuid.uuid4())
    quote = _quote_of(network, transaction_id, (packs.rice_5kg, 1))["message"]["order"]["quote"]

    for _ in range(2):
        assert _confirm(network, transaction_id, "NO-7", quote, (packs.rice_5kg, 1)).status_code == 200

    assert Order.objects.count() == 1 and NetworkOrder.objects.count() == 1
    first, second = network.answers("on_confirm")
    assert first.body["message"] == second.body["message"]
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 24


def test_select_quotes_an_out_of_stock_pack_as_such(network, packs):
    answer = _quote_of(network, str(uuid.uuid4()), (packs.rice_1kg, 5))

    assert answer["error"]["code"] == "40002"
    [line] = [
        entry for entry in answer["message"]["order"]["quote"]["breakup"] if entry["@ondc/org/title_type"] == "item"
    ]
    assert line["@ondc/org/item_quantity"] == {"count": 3}
    assert line["item"]["quantity"]["available"] == {"count": "3"}


def test_select_to_a_place_the_shop_does_not_serve_says_so(network, packs):
    far = {
        **END,
        "end": {**END["end"], "location": {"address": {**END["end"]["location"]["address"], "area_code": "600001"}}},
    }
    payload = beckn(network, "select", {"order": {"items": _items((packs.rice_5kg, 1)), "fulfillments": [far]}})

    assert send(network, "select", payload).status_code == 200

    answer = network.answers("on_select")[-1].body
    assert answer["error"]["code"] == "30009"
    assert answer["message"]["order"]["fulfillments"][0]["state"]["descriptor"]["code"] == "Non-serviceable"


def test_a_confirm_at_prices_that_moved_is_refused_and_nothing_is_placed(network, packs):
    transaction_id = str(uuid.uuid4())
    quote = _quote_of(network, transaction_id, (packs.rice_5kg, 1))["message"]["order"]["quote"]
    Financial.objects.filter(pk=packs.rice_5kg.pk).update(dprice="420.00")

    assert _confirm(network, transaction_id, "NO-8", quote, (packs.rice_5kg, 1)).status_code == 200

    [answer] = network.answers("on_confirm")
    assert answer.body["error"]["code"] == "40003"
    assert not Order.objects.exists() and not NetworkOrder.objects.exists()
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 25


def test_the_buyer_cancels_before_packing_and_the_stock_comes_back(network, packs):
    transaction_id, network_order = _placed(network, packs)
    payload = beckn(
        network,
        "cancel",
        {"order_id": "NO-1001", "cancellation_reason_id": "012"},
        transaction_id=transaction_id,
    )

    assert send(network, "cancel", payload).status_code == 200

    network_order.order.refresh_from_db()
    assert network_order.order.status == Order.Status.CANCELLED
    assert Financial.objects.get(pk=packs.rice_5kg.pk).count_in_stock == 25
    [answer] = network.answers("on_cancel")
    assert answer.body["message"]["order"]["state"] == "Cancelled"
    # The cancel was answered; it is not told a second time as an unsolicited message.
    assert not network.answers("on_status")


def test_a_reason_code_the_network_does_not_have_is_refused(network, packs):
    transaction_id, network_order = _placed(network, packs)
    payload = beckn(
        network, "cancel", {"order_id": "NO-1001", "cancellation_reason_id": "999"}, transaction_id=transaction_id
    )

    send(network, "cancel", payload)

    [answer] = network.answers("on_cancel")
    assert answer.body["error"]["code"] == "10000"
    network_order.order.refresh_from_db()
    assert network_order.order.status == Order.Status.PLACED


def test_status_answers_the_order_as_it_stands(network, packs):
    transaction_id, _ = _placed(network, packs)

    send(network, "status", beckn(network, "status", {"order_id": "NO-1001"}, transaction_id=transaction_id))

    [answer] = network.answers("on_status")
    assert answer.body["message"]["order"]["fulfillments"][0]["state"]["descriptor"]["code"] == "Pending"


def test_another_buyer_apps_order_is_not_found(network, packs):
    _placed(network, packs)
    NetworkOrder.objects.update(bap_id="other.example.in")

    send(network, "status", beckn(network, "status", {"order_id": "NO-1001"}))

    [answer] = network.answers("on_status")
    assert answer.body["error"]["code"] == "30004"
    assert NetworkMessage.objects.filter(direction="sent", action="on_status").count() == 1


def test_the_requests_of_a_whole_order_are_valid_messages_of_the_retail_schema(network, packs):
    """What the tests send as the buyer app is what a real one sends (the answers are checked by the
    network fixture for every test)."""
    transaction_id = str(uuid.uuid4())
    select = beckn(network, "select", {"order": {"items": _items((packs.rice_5kg, 1)), "fulfillments": [END]}})
    confirm = beckn(
        network,
        "confirm",
        {
            "order": {
                "id": "NO-1",
                "items": _items((packs.rice_5kg, 1)),
                "billing": BILLING,
                "fulfillments": [END],
                "quote": {
                    "price": {"currency": "INR", "value": "399.00"},
                    "breakup": [
                        {
                            "@ondc/org/item_id": "1",
                            "title": "x",
                            "@ondc/org/title_type": "item",
                            "price": {"currency": "INR", "value": "399.00"},
                        }
                    ],
                },
                "payment": {"type": "ON-FULFILLMENT"},
            }
        },
        transaction_id=transaction_id,
    )
    cancel = beckn(network, "cancel", {"order_id": "NO-1", "cancellation_reason_id": "012"})

    assert schema_errors("select", select) == []
    assert schema_errors("confirm", confirm) == []
    assert schema_errors("cancel", cancel) == []


@pytest.mark.parametrize(
    ("action", "change", "problem"),
    [
        ("on_select", lambda body: body["context"].update(core_version="1.1.0"), "1.2.0"),
        (
            "on_select",
            lambda body: body["message"]["order"]["quote"]["breakup"][0].update({"@ondc/org/title_type": "gift"}),
            "gift",
        ),
        ("on_status", lambda body: body["message"]["order"].update(state="Shipped"), "Shipped"),
        ("cancel", lambda body: body["message"].update(cancellation_reason_id="12"), "12"),
    ],
)
def test_the_schema_refuses_a_wrong_field(network, packs, action, change, problem):
    base_action = action.removeprefix("on_")
    if action == "cancel":
        body = beckn(network, "cancel", {"order_id": "NO-1", "cancellation_reason_id": "012"})
    elif action == "on_select":
        body = _quote_of(network, str(uuid.uuid4()), (packs.rice_5kg, 1))
    else:
        transaction_id, _ = _placed(network, packs)
        send(network, "status", beckn(network, "status", {"order_id": "NO-1001"}, transaction_id=transaction_id))
        body = network.answers("on_status")[-1].body
    body = json.loads(json.dumps(body))
    assert schema_errors(action, body) == [], base_action

    change(body)

    assert any(problem in error for error in schema_errors(action, body))


def test_the_networks_money_terms_are_recorded_with_the_finder_fee_and_tcs(network, packs):
    transaction_id = str(uuid.uuid4())
    quote = _quote_of(network, transaction_id, (packs.rice_5kg, 2))["message"]["order"]["quote"]
    order = {
        "id": "NO-FEE",
        "items": _items((packs.rice_5kg, 2)),
        "billing": BILLING,
        "fulfillments": [END],
        "quote": quote,
        "payment": {
            "type": "ON-ORDER",
            "collected_by": "BAP",
            "@ondc/org/buyer_app_finder_fee_type": "percent",
            "@ondc/org/buyer_app_finder_fee_amount": "3",
            "@ondc/org/settlement_basis": "delivery",
            "@ondc/org/settlement_window": "P1D",
            "@ondc/org/withholding_amount": "10.00",
        },
    }

    send(network, "confirm", beckn(network, "confirm", {"order": order}, transaction_id=transaction_id))

    recorded = NetworkOrder.objects.select_related("order").get()
    assert recorded.order.total_price == 798  # two packs at 399, no delivery charge
    assert (recorded.collector, recorded.finder_fee_type, recorded.finder_fee_paise) == ("BAP", "percent", 2394)
    assert (recorded.settlement_basis, recorded.settlement_window, recorded.withholding_paise) == (
        "delivery",
        "P1D",
        1000,
    )
    taxable = sum(item.taxable_value for item in recorded.order.items.all())
    assert recorded.tcs_paise == round(taxable * 100 * 5 / 1000)  # 0.5 % of the taxable value


def test_a_finder_fee_above_the_shops_limit_is_refused_and_nothing_is_placed(network, packs):
    transaction_id = str(uuid.uuid4())
    quote = _quote_of(network, transaction_id, (packs.rice_5kg, 1))["message"]["order"]["quote"]
    order = {
        "id": "NO-GREEDY",
        "items": _items((packs.rice_5kg, 1)),
        "billing": BILLING,
        "fulfillments": [END],
        "quote": quote,
        "payment": {
            "type": "ON-ORDER",
            "@ondc/org/buyer_app_finder_fee_type": "percent",
            "@ondc/org/buyer_app_finder_fee_amount": "45",
        },
    }

    send(network, "confirm", beckn(network, "confirm", {"order": order}, transaction_id=transaction_id))

    [answer] = network.answers("on_confirm")
    assert answer.body["error"]["code"] == "40000" and "30" in answer.body["error"]["message"]
    assert not Order.objects.exists()


def test_the_dashboard_shows_ondc_sales_apart_with_the_finder_fee(network, packs, admin_user):
    from aftersale.cancellation import order_cancel
    from backoffice.reports import Period, dashboard

    test_the_networks_money_terms_are_recorded_with_the_finder_fee_and_tcs(network, packs)
    recorded = NetworkOrder.objects.get()
    transaction_id = str(uuid.uuid4())  # a second network order, cancelled: neither a sale nor a fee
    quote = _quote_of(network, transaction_id, (packs.oil_1l, 1))["message"]["order"]["quote"]
    _confirm(network, transaction_id, "NO-GONE", quote, (packs.oil_1l, 1))
    order_cancel(order=Order.objects.exclude(pk=recorded.order_id).get(), reason="Buyer away", by=admin_user)

    figures = dashboard(period=Period.TODAY)["ondc"]

    assert figures == {
        "orders": 1,
        "sales": Decimal("798.00"),
        "finderFee": Decimal("23.94"),  # 3 % of 798
        "tcs": Decimal(recorded.tcs_paise) / 100,
        "net": Decimal("774.06"),
    }


@pytest.mark.parametrize("hide", ["pack", "product"])
def test_select_quotes_a_hidden_pack_as_not_available(network, packs, hide):
    """A pack staff hid (or whose product they hid) is quoted as none left, however many are in
    stock, like an out-of-stock pack; the other lines are quoted as usual (issue 45)."""
    if hide == "pack":
        Financial.objects.filter(pk=packs.rice_5kg.pk).update(published=False)
    else:
        Product.objects.filter(pk=packs.rice_5kg.detail.product_id).update(published=False)

    answer = _quote_of(network, str(uuid.uuid4()), (packs.rice_5kg, 2), (packs.oil_1l, 1))

    assert answer["error"]["code"] == "40002"
    assert "(not on sale)" in answer["error"]["message"]
    lines = {
        entry["@ondc/org/item_id"]: entry
        for entry in answer["message"]["order"]["quote"]["breakup"]
        if entry["@ondc/org/title_type"] == "item"
    }
    hidden = lines[str(packs.rice_5kg.pk)]
    assert hidden["@ondc/org/item_quantity"] == {"count": 0}
    assert Decimal(hidden["price"]["value"]) == 0
    assert hidden["item"]["quantity"]["available"] == {"count": "0"}
    assert hidden["item"]["quantity"]["maximum"] == {"count": "0"}
    assert lines[str(packs.oil_1l.pk)]["@ondc/org/item_quantity"] == {"count": 1}
    items = {item["id"]: item["quantity"]["count"] for item in answer["message"]["order"]["items"]}
    assert items == {str(packs.rice_5kg.pk): 0, str(packs.oil_1l.pk): 1}
