"""What the ONDC seller node holds about a person (DPDP Act 2023; the whole is assembled in
shop/privacy.py): the buyer apps' orders placed for them, with the billing and delivery details the
buyer app sent at `confirm`, and the network's messages about those orders (select, init, confirm,
status... in both directions), which carry the same details.

Erasure keeps the network's record (the buyer app, the network's order and transaction ids, the
actions, states, items, quotes and money terms: what settlement and the books need) and takes the
person out: every value under a part of a message that describes a person (`billing`, a
fulfilment's `end` with its address, contact and GPS point, `customer`, `contact`) is replaced,
and the person's own identifiers (`orders.privacy.personal_identifiers`) anywhere else, as whole
words. A product's name (`descriptor.name`) is not a person and stays.
"""

from typing import Any

from common.scrub import erased, scrub_text
from ondc.models import NetworkMessage, NetworkOrder
from orders.privacy import personal_identifiers

# The parts of a Beckn message that describe the buyer (ONDC's retail API: `order.billing`,
# `fulfillments[].end`, `fulfillment.customer`, `contact` and `person` wherever they sit).
PERSON_PARTS = frozenset({"billing", "end", "customer", "contact", "person"})


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def scrub_message(value: Any, values: list[str]) -> Any:
    """A copy of a kept network message (or an order's details) with the person taken out."""
    if isinstance(value, dict):
        return {
            key: erased(item) if key in PERSON_PARTS else scrub_message(item, values) for key, item in value.items()
        }
    if isinstance(value, list):
        return [scrub_message(item, values) for item in value]
    if isinstance(value, str):
        return scrub_text(value, values, free_text=False)
    return value


def _network_orders(user):
    return NetworkOrder.objects.filter(order__user=user)


def personal_data_export(user) -> dict:
    """The network orders placed for the person, with what the buyer app sent: one query."""
    network_orders = _network_orders(user).select_related("order").order_by("created_at", "id")
    return {
        "networkOrders": [
            {
                "order": network_order.order.public_id,
                "buyerApp": network_order.bap_id,
                "networkOrderId": network_order.network_order_id,
                "details": network_order.details,
                "createdAt": _iso(network_order.created_at),
            }
            for network_order in network_orders
        ]
    }


def personal_data_erase(user) -> dict[str, int]:
    """The person out of their network orders' details and out of every message of those orders'
    transactions (the ones before the order existed, select and init, included); a row is written
    only when it changes."""
    values = personal_identifiers(user)
    orders = 0
    for pk, details, told in _network_orders(user).values_list("pk", "details", "told").order_by("pk"):
        clean_details, clean_told = scrub_message(details, values), scrub_message(told, values)
        if (clean_details, clean_told) != (details, told):
            NetworkOrder.objects.filter(pk=pk).update(details=clean_details, told=clean_told)
            orders += 1
    transactions = _network_orders(user).values("transaction_id")
    messages = 0
    kept = NetworkMessage.objects.filter(transaction_id__in=transactions).only("pk", "body").order_by("pk")
    for message in kept.iterator(chunk_size=500):
        clean = scrub_message(message.body, values)
        if clean != message.body:
            NetworkMessage.objects.filter(pk=message.pk).update(body=clean)
            messages += 1
    return {"networkOrders": orders, "networkMessages": messages}
