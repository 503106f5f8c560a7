"""Every move the shop makes on a network order is told to its buyer app once, unasked, in the
network's words; a move the buyer app asked for is answered, not told again."""

import pytest

from aftersale.cancellation import order_cancel
from aftersale.packing import order_line_set_qty
from ondc.models import NetworkMessage
from ondc.tests.test_orders import _placed
from orders.models import Order
from orders.pipeline import order_advance


def _fulfillment_state(received) -> str:
    return received.body["message"]["order"]["fulfillments"][0]["state"]["descriptor"]["code"]


def test_each_move_along_the_pipeline_is_told_as_the_network_names_it(network, packs, admin_user):
    transaction_id, network_order = _placed(network, packs)
    order = network_order.order

    for step in (Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED):
        order_advance(order=order, to_status=step, by=admin_user)

    told = network.answers("on_status")
    assert [_fulfillment_state(entry) for entry in told] == ["Packed", "Out-for-delivery", "Order-delivered"]
    assert [entry.body["message"]["order"]["state"] for entry in told] == ["In-progress", "In-progress", "Completed"]
    assert all(entry.signed_by_shop for entry in told)
    assert {entry.body["context"]["transaction_id"] for entry in told} == {transaction_id}
    message_ids = [entry.body["context"]["message_id"] for entry in told]
    assert len(set(message_ids)) == 3
    assert NetworkMessage.objects.filter(direction="sent", action="on_status", state="delivered").count() == 3


def test_a_change_that_tells_nothing_new_sends_nothing(network, packs, admin_user):
    _, network_order = _placed(network, packs)
    from ondc.telling import order_tell

    assert order_tell(order_id=network_order.order_id) == []
    assert not network.answers("on_status")


def test_a_short_pick_is_a_part_cancel_with_its_refund(network, packs, admin_user):
    _, network_order = _placed(network, packs, count=2)
    order = network_order.order
    line = order.items.get()

    order_line_set_qty(order=order, item=line, qty=1, by=admin_user, reason="only one on the shelf")

    [update] = network.answers("on_update")
    told = update.body["message"]["order"]
    assert told["items"] == [{"id": str(packs.rice_5kg.pk), "fulfillment_id": "F1", "quantity": {"count": 1}}]
    [cancel] = [entry for entry in told["fulfillments"] if entry["type"] == "Cancel"]
    trail = {entry["code"]: entry["value"] for entry in cancel["tags"][1]["list"]}
    assert trail == {"type": "item", "id": str(packs.rice_5kg.pk), "currency": "INR", "value": "-399.00"}
    request = {entry["code"]: entry["value"] for entry in cancel["tags"][0]["list"]}
    assert request["reason_id"] == "002" and request["quantity"] == "1"
    assert told["quote"]["price"]["value"] == str(Order.objects.get(pk=order.pk).total_price)


def test_the_shop_cancelling_is_told_as_a_seller_cancel(network, packs, admin_user):
    _, network_order = _placed(network, packs)

    order_cancel(order=network_order.order, reason="Shop closed for a family function", by=admin_user)

    [told] = network.answers("on_cancel")
    assert told.body["message"]["order"]["state"] == "Cancelled"
    assert told.body["message"]["order"]["cancellation"]["reason"] == {"id": "005"}
    assert not network.answers("on_status")


@pytest.mark.django_db
def test_a_website_order_is_never_told(network, packs, admin_user):
    _, network_order = _placed(network, packs)
    Order.objects.filter(pk=network_order.order_id).update(channel=Order.Channel.WEBSITE)

    order_advance(order=Order.objects.get(pk=network_order.order_id), to_status=Order.Status.PACKED, by=admin_user)

    assert not network.answers("on_status")
