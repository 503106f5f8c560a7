"""Telling the buyer app what the shop did with its order, unasked: each move as the network names it.

The orders app announces every committed change (`orders.events.order_changed`); for a network
order the `ondc_tell` task compares the order with what the buyer app was last told
(`NetworkOrder.told`) and, when they differ, sends one message:
- `on_update` when lines shrank at packing (a short pick or a removal): a part-cancel, with a
  `Cancel` fulfillment and the refund of each line as its `quote_trail` (seller reason 002, "one or
  more items in the order not available");
- `on_cancel` when the shop cancelled the whole order (seller reason 005, "merchant rejected the
  order");
- `on_update` when staff decided a return the buyer app asked for (`ondc.returns`): approved is
  told as `Return_Approved` and then `Liquidated` with the refund, two messages sent in that order;
  rejected as `Return_Rejected`;
- `on_status` for every other move (Pending → Packed → Out-for-delivery → Order-delivered).
A change the buyer app asked for itself (its `cancel`, its `confirm`) was already answered: the
answer records what it told in the same transaction (`answers.answer_build`), so the move is not
told twice. The message has the order's transaction id and a message id of its own.
"""

import uuid

from django.conf import settings
from django.db import transaction

from ondc.context import answer_context
from ondc.listing import rupees
from ondc.models import NetworkMessage, NetworkOrder, NetworkReturn
from ondc.ordering import order_view
from ondc.returns import APPROVED, return_fulfillment, returns_of
from orders.models import Order
from support.models import Ticket

SELLER_SHORT_PICK = "002"  # One or more items in the Order not available
SELLER_REJECTED = "005"  # Merchant rejected the order


def told_of(network_order: NetworkOrder) -> dict:
    """What a message about the order tells: its state, paid or not, how many of each line and, once
    the buyer app asked for returns, each return's ticket status."""
    order = network_order.order
    told = {
        "status": order.status,
        "paid": bool(order.is_paid),
        "items": {str(item.financial_id): item.qty for item in order.items.all()},
    }
    returns = {taken.return_id: taken.ticket.status for taken in returns_of(network_order)}
    if returns:
        told["returns"] = returns
    return told


def _short_lines(before: dict, now: dict, order: Order) -> list[dict]:
    prices = {str(item.financial_id): item.price for item in order.items.all()}
    short = []
    for item_id, qty_before in before.get("items", {}).items():
        gone = qty_before - now["items"].get(item_id, 0)
        if gone > 0:
            price = prices.get(item_id)
            refund = rupees(price * gone) if price is not None else None
            short.append({"id": item_id, "gone": gone, "refund": refund})
    return short


def _cancel_fulfillment(line: dict, position: int) -> dict:
    trail = [
        {"code": "type", "value": "item"},
        {"code": "id", "value": line["id"]},
        {"code": "currency", "value": "INR"},
    ]
    if line["refund"] is not None:
        trail.append({"code": "value", "value": "-" + line["refund"]})
    return {
        "id": f"C{position}",
        "type": "Cancel",
        "state": {"descriptor": {"code": "Cancelled"}},
        "tags": [
            {
                "code": "cancel_request",
                "list": [
                    {"code": "reason_id", "value": SELLER_SHORT_PICK},
                    {"code": "initiated_by", "value": settings.ONDC_SUBSCRIBER_ID},
                    {"code": "item_id", "value": line["id"]},
                    {"code": "quantity", "value": str(line["gone"])},
                ],
            },
            {"code": "quote_trail", "list": trail},
        ],
    }


def _decided_returns(network_order: NetworkOrder, *, before: dict, now: dict) -> list[NetworkReturn]:
    was = before.get("returns", {})
    return [
        taken
        for taken in returns_of(network_order)
        if taken.return_id in now.get("returns", {}) and was.get(taken.return_id) != now["returns"][taken.return_id]
    ]


def messages_about(network_order: NetworkOrder, *, before: dict, now: dict) -> list[tuple[str, dict]]:
    """The (action, message) pairs, in the order to send them, that tell the buyer app how `now`
    differs from `before`."""
    view = order_view(network_order)
    order = network_order.order
    if order.status == Order.Status.CANCELLED:
        view["cancellation"] = {
            "cancelled_by": settings.ONDC_SUBSCRIBER_ID,
            "reason": {"id": SELLER_REJECTED},
        }
        return [("on_cancel", {"order": view})]
    short = _short_lines(before, now, order)
    if short:
        view["fulfillments"] += [_cancel_fulfillment(line, n) for n, line in enumerate(short, start=1)]
        return [("on_update", {"order": view})]
    decided = _decided_returns(network_order, before=before, now=now)
    if decided:
        approved = [taken for taken in decided if taken.ticket.status == Ticket.Status.APPROVED]
        told = []
        if approved:
            told.append(("on_update", _with_returns(view, network_order, approved_now=approved, state=APPROVED)))
        told.append(("on_update", _with_returns(view, network_order)))
        return told
    return [("on_status", {"order": view})]


def _with_returns(view: dict, network_order: NetworkOrder, *, approved_now=(), state: str | None = None) -> dict:
    """The order with every return's fulfillment; those in `approved_now` in `state`."""
    shown = {taken.pk for taken in approved_now}
    returns = [
        return_fulfillment(taken, state=state if taken.pk in shown else None) for taken in returns_of(network_order)
    ]
    return {"order": {**view, "fulfillments": view["fulfillments"] + returns}}


def _context(network_order: NetworkOrder, action: str) -> dict:
    kept = network_order.details.get("context") or {
        "domain": "ONDC:RET10",
        "country": "IND",
        "core_version": "1.2.0",
        "bap_id": network_order.bap_id,
        "bap_uri": network_order.bap_uri,
        "transaction_id": network_order.transaction_id,
    }
    return answer_context({**kept, "message_id": str(uuid.uuid4()), "ttl": "PT30S"}, action=action)


def order_tell(*, order_id: int) -> list[NetworkMessage]:
    """Record (queued) the messages that tell the buyer app of the order's change, if it has any to tell."""
    with transaction.atomic():
        network_order = (
            NetworkOrder.objects.select_for_update().select_related("order").filter(order_id=order_id).first()
        )
        if network_order is None:
            return []
        now = told_of(network_order)
        if now == network_order.told:
            return []
        sent = []
        for action, message in messages_about(network_order, before=network_order.told, now=now):
            context = _context(network_order, action)
            sent.append(
                NetworkMessage.objects.create(
                    direction=NetworkMessage.Direction.SENT,
                    action=action,
                    transaction_id=context["transaction_id"],
                    message_id=context["message_id"],
                    bap_id=network_order.bap_id,
                    bap_uri=network_order.bap_uri,
                    body={"context": context, "message": message},
                    state=NetworkMessage.State.QUEUED,
                    order_id=order_id,
                )
            )
        network_order.told = now
        network_order.save(update_fields=["told"])
    return sent


def told_record(*, order_id: int) -> None:
    """An answer about the order is being sent: it tells the order as it stands now."""
    network_order = NetworkOrder.objects.select_related("order").filter(order_id=order_id).first()
    if network_order is not None:
        NetworkOrder.objects.filter(pk=network_order.pk).update(told=told_of(network_order))
