"""The buyer of a network order downloads and erases their data like any shopper (DPDP Act 2023):
the network's messages and the order's details lose the person and keep the network's record."""

from django.utils import timezone

from accounts.models import User
from ondc.models import NetworkMessage
from ondc.tests.test_orders import BILLING, _placed
from shop import privacy

PERSONAL = ("Lakshmi", "9876543210", "Main Road", "Gadilanka", "533201", "16.5787,82.0061")


def test_the_export_holds_the_network_orders_with_what_the_buyer_app_sent(network, packs):
    _, network_order = _placed(network, packs)

    data = privacy.personal_data_export(user=network_order.order.user)

    [exported] = data["networkOrders"]
    assert exported["networkOrderId"] == "NO-1001" and exported["buyerApp"] == network_order.bap_id
    assert exported["details"]["billing"]["name"] == BILLING["name"]


def test_erasure_takes_the_buyer_out_of_the_messages_and_keeps_the_record(network, packs):
    transaction_id, network_order = _placed(network, packs)
    buyer = network_order.order.user
    kept = NetworkMessage.objects.filter(transaction_id=transaction_id)
    assert any(part in str(message.body) for message in kept for part in PERSONAL)
    actions = sorted(kept.values_list("direction", "action"))
    User.objects.filter(pk=buyer.pk).update(deletion_requested_at=timezone.now(), is_active=False)

    assert privacy.personal_data_erase(user_id=buyer.pk) is True

    for message in NetworkMessage.objects.filter(transaction_id=transaction_id):
        text = str(message.body)
        assert not [part for part in PERSONAL if part in text], (message.action, text)
        assert message.body["context"]["transaction_id"] == transaction_id
    assert sorted(kept.values_list("direction", "action")) == actions
    confirm = NetworkMessage.objects.get(transaction_id=transaction_id, action="on_confirm")
    order = confirm.body["message"]["order"]
    assert order["id"] == "NO-1001" and order["quote"]["price"]["value"] == str(network_order.order.total_price)
    assert [item["id"] for item in order["items"]] == [str(packs.rice_5kg.pk)]
    network_order.refresh_from_db()
    assert network_order.details["billing"]["name"] == "[erased]"
    assert not [part for part in PERSONAL if part in str(network_order.details)]
    assert network_order.network_order_id == "NO-1001" and network_order.payment_type == "ON-FULFILLMENT"
