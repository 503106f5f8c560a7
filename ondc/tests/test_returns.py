"""A return after delivery from the network: a problem ticket in the support queue, its decision told back."""

import json

import pytest

from aftersale.problem_reports import ticket_approve
from ondc.models import NetworkMessage, NetworkReturn
from ondc.schemas import schema_errors
from ondc.tests.conftest import beckn, send, subscriber
from ondc.tests.test_orders import _placed
from orders.models import Order
from orders.pipeline import order_advance
from support.models import Ticket, TicketLine
from support.services import ticket_reject


def _delivered(network, packs, admin_user, *, payment_type="ON-ORDER"):
    transaction_id, network_order = _placed(network, packs, payment_type=payment_type, count=2)
    for step in (Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED):
        order_advance(order=Order.objects.get(pk=network_order.order_id), to_status=step, by=admin_user)
    return transaction_id, network_order


def _return_update(network, transaction_id, item_id, *, return_id="R1", quantity="1", reason_id="003"):
    request = [
        {"code": "id", "value": return_id},
        {"code": "item_id", "value": str(item_id)},
        {"code": "item_quantity", "value": quantity},
        {"code": "reason_id", "value": reason_id},
        {"code": "reason_desc", "value": "the bag was torn and the rice wet"},
        {"code": "images", "value": "https://buyer.example.in/photos/r1.jpg"},
    ]
    fulfillment = {"type": "Return", "tags": [{"code": "return_request", "list": request}]}
    message = {"update_target": "item", "order": {"id": "NO-1001", "fulfillments": [fulfillment]}}
    return beckn(network, "update", message, transaction_id=transaction_id, bpp_id="shop.example.in")


def _return_states(received) -> list[str]:
    return [
        entry["state"]["descriptor"]["code"]
        for entry in received.body["message"]["order"]["fulfillments"]
        if entry["type"] == "Return"
    ]


def _trail(fulfillment: dict) -> dict:
    [trail] = [tag for tag in fulfillment["tags"] if tag["code"] == "quote_trail"]
    return {entry["code"]: entry["value"] for entry in trail["list"]}


def test_a_return_becomes_a_ticket_and_its_approval_is_told_with_the_refund(network, packs, admin_user):
    transaction_id, network_order = _delivered(network, packs, admin_user)
    payload = _return_update(network, transaction_id, packs.rice_5kg.pk)
    assert schema_errors("update", payload) == []

    assert send(network, "update", payload).status_code == 200

    taken = NetworkReturn.objects.select_related("ticket").get()
    ticket = taken.ticket
    assert (ticket.kind, ticket.status, ticket.order_id) == (Ticket.Kind.PROBLEM_REPORT, "open", network_order.order_id)
    [line] = ticket.lines.all()
    assert (line.order_item.financial_id, line.quantity, line.problem) == (
        packs.rice_5kg.pk,
        1,
        TicketLine.Problem.DAMAGED,
    )
    assert "R1" in ticket.text and "the rice wet" in ticket.text
    [answered] = network.answers("on_update")
    assert "error" not in answered.body, answered.body
    assert answered.body["context"]["message_id"] == payload["context"]["message_id"]
    assert _return_states(answered) == ["Return_Initiated"]

    ticket_approve(number=ticket.number, by=admin_user)

    approved, liquidated = network.answers("on_update")[1:]
    assert all(entry.signed_by_shop for entry in (approved, liquidated))
    assert {approved.body["context"]["transaction_id"], liquidated.body["context"]["transaction_id"]} == {
        transaction_id
    }
    assert _return_states(approved) == ["Return_Approved"]
    assert _return_states(liquidated) == ["Liquidated"]
    [returned] = [entry for entry in liquidated.body["message"]["order"]["fulfillments"] if entry["type"] == "Return"]
    assert _trail(returned) == {"type": "item", "id": str(packs.rice_5kg.pk), "currency": "INR", "value": "-399.00"}
    assert Ticket.objects.get(pk=ticket.pk).amount_approved == packs.rice_5kg.dprice
    assert NetworkMessage.objects.filter(direction="sent", action="on_update", state="delivered").count() == 3


def test_a_rejected_return_is_told_with_the_reason(network, packs, admin_user):
    transaction_id, _ = _delivered(network, packs, admin_user)
    send(network, "update", _return_update(network, transaction_id, packs.rice_5kg.pk, reason_id="001"))
    ticket = NetworkReturn.objects.get().ticket
    assert ticket.lines.get().problem == TicketLine.Problem.OTHER

    ticket_reject(number=ticket.number, by=admin_user, reason="Opened packs of rice are not taken back")

    [rejected] = network.answers("on_update")[1:]
    [returned] = [entry for entry in rejected.body["message"]["order"]["fulfillments"] if entry["type"] == "Return"]
    assert returned["state"]["descriptor"] == {
        "code": "Return_Rejected",
        "short_desc": "Opened packs of rice are not taken back",
    }


def test_a_return_sent_again_opens_one_ticket(network, packs, admin_user):
    transaction_id, _ = _delivered(network, packs, admin_user)

    for _ in range(2):
        assert send(network, "update", _return_update(network, transaction_id, packs.rice_5kg.pk)).status_code == 200

    assert Ticket.objects.count() == 1 and NetworkReturn.objects.count() == 1
    assert [_return_states(entry) for entry in network.answers("on_update")] == [["Return_Initiated"]] * 2


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"quantity": "3"}, "50002"),  # more packs than were delivered: the support app's rule
        ({"reason_id": "099"}, "10000"),
        ({"item_id": "999999"}, "30004"),
    ],
)
def test_a_return_the_shop_cannot_take_is_refused_in_on_update(network, packs, admin_user, change, code):
    transaction_id, _ = _delivered(network, packs, admin_user)
    arguments = {"item_id": packs.rice_5kg.pk, **change}

    send(network, "update", _return_update(network, transaction_id, **arguments))

    [answered] = network.answers("on_update")
    assert answered.body["error"]["code"] == code
    assert not Ticket.objects.exists() and not NetworkReturn.objects.exists()


def test_a_return_before_delivery_is_refused(network, packs):
    transaction_id, _ = _placed(network, packs, count=2)

    send(network, "update", _return_update(network, transaction_id, packs.rice_5kg.pk))

    [answered] = network.answers("on_update")
    assert answered.body["error"]["code"] == "50002" and not Ticket.objects.exists()


def test_a_forged_update_is_refused_and_changes_nothing(network, packs, admin_user):
    transaction_id, _ = _delivered(network, packs, admin_user)
    payload = _return_update(network, transaction_id, packs.rice_5kg.pk)
    raw = json.dumps(payload, separators=(",", ":")).encode()
    impostor = subscriber("buyer.example.in")  # the buyer app's name, a key the registry does not list for it
    taken_before = NetworkMessage.objects.count()

    response = send(network, "update", payload, body=raw, headers={"Authorization": impostor.sign(raw)})

    assert response.status_code == 401
    assert response.json()["message"] == {"ack": {"status": "NACK"}}
    assert response.json()["error"]["code"] == "10001"
    assert NetworkMessage.objects.count() == taken_before
    assert not Ticket.objects.exists() and not NetworkReturn.objects.exists()
    assert network.answers("on_update") == []
