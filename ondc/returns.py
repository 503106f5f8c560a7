"""Returns after delivery from the network: each a problem ticket of the support app, its outcome told back.

A buyer app asks for a return with `update` (`update_target` `item`): a `Return` fulfillment whose
`return_request` tag names the return's id, the item (a pack's id), how many and ONDC's reason
code. Each becomes a problem report through the support app's own service
(`support.services.ticket_open_problem_report`: its window after delivery, one open report per
line, no more packs than are left to give back), so staff decide it in the same queue as the
website's, and approving it moves money as theirs does (`aftersale.problem_reports.ticket_approve`).
The answer (`on_update`) shows the return `Return_Initiated`; the decision is told unasked
(`ondc.telling`): `Return_Approved` then `Liquidated` with the refund in its `quote_trail` (the
shop does not collect groceries back), or `Return_Rejected` with the staff's reason.

A return id the order already has is answered as it stands, so a retried `update` opens one ticket.
"""

from dataclasses import dataclass

from django.db import transaction

from common.errors import DomainError
from ondc import errors
from ondc.errors import Refused
from ondc.models import NetworkMessage, NetworkOrder, NetworkReturn
from support.models import Ticket, TicketLine
from support.services import ReportedLine, ticket_open_problem_report

# ONDC's return reason codes a buyer may give (retail 1.2.0), and the problem each is to the shop.
RETURN_REASONS = {
    "001": ("Buyer does not want product any more", TicketLine.Problem.OTHER),
    "002": ("Product available at lower than order price", TicketLine.Problem.OTHER),
    "003": ("Product damaged or not in usable state", TicketLine.Problem.DAMAGED),
    "004": ("Product is of incorrect quantity or size", TicketLine.Problem.MISSING),
    "005": ("Product delivered is different from what was shown and ordered", TicketLine.Problem.WRONG_ITEM),
}
# A return's state in the network's words, from its ticket's status; an approved one is told as
# approved and then liquidated, with the refund.
STATES = {
    Ticket.Status.OPEN: "Return_Initiated",
    Ticket.Status.APPROVED: "Liquidated",
    Ticket.Status.REJECTED: "Return_Rejected",
}
APPROVED = "Return_Approved"


@dataclass(frozen=True)
class ReturnRequest:
    return_id: str
    item_id: str
    quantity: int
    reason_id: str
    reason_desc: str


def _tag_values(fulfillment: dict, code: str) -> dict[str, str]:
    for tag in fulfillment.get("tags") or []:
        if isinstance(tag, dict) and tag.get("code") == code and isinstance(tag.get("list"), list):
            return {
                str(entry.get("code")): str(entry.get("value") or "")
                for entry in tag["list"]
                if isinstance(entry, dict)
            }
    return {}


def return_requests(order: dict) -> list[ReturnRequest]:
    """The returns an `update`'s order asks for (Refused when one is incomplete)."""
    asked = []
    for fulfillment in order.get("fulfillments") or []:
        if not isinstance(fulfillment, dict) or fulfillment.get("type") != "Return":
            continue
        values = _tag_values(fulfillment, "return_request")
        return_id, item_id = values.get("id", "").strip(), values.get("item_id", "").strip()
        if not return_id or len(return_id) > 100 or not item_id.isdigit() or len(item_id) > 20:
            raise Refused(errors.INVALID_REQUEST, "a return_request needs its id and item_id (a pack's id)")
        quantity = values.get("item_quantity", "")
        if not quantity.isdigit() or not 1 <= int(quantity) <= 1000:
            raise Refused(errors.INVALID_REQUEST, "a return_request's item_quantity must be a whole number from 1")
        if values.get("reason_id") not in RETURN_REASONS:
            raise Refused(errors.INVALID_REQUEST, "a return_request's reason_id is not a return reason code")
        asked.append(
            ReturnRequest(return_id, item_id, int(quantity), values["reason_id"], values.get("reason_desc", ""))
        )
    if len({request.return_id for request in asked}) != len(asked):
        raise Refused(errors.INVALID_REQUEST, "each return_request needs an id of its own")
    return asked


def _ticket_text(asked: ReturnRequest) -> str:
    reason = RETURN_REASONS[asked.reason_id][0]
    text = f"ONDC return {asked.return_id} ({asked.reason_id}, {reason})"
    if asked.reason_desc.strip():
        text += f": {asked.reason_desc.strip()}"
    return text[: Ticket._meta.get_field("text").max_length]


def returns_open(*, network_order: NetworkOrder, asked: list[ReturnRequest]) -> list[NetworkReturn]:
    """Open a problem ticket for each return not opened yet, all or none (Refused with the support
    app's reason: not delivered, the window closed, already reported or refunded)."""
    if not asked:
        raise Refused(errors.NOT_SUPPORTED, "only returns are taken as updates; other changes are made by the shop")
    order = network_order.order
    lines = {str(item.financial_id): item for item in order.items.all()}
    known = set(network_order.returns.values_list("return_id", flat=True))
    opened = []
    try:
        with transaction.atomic():
            for request in asked:
                if request.return_id in known:
                    continue
                line = lines.get(request.item_id)
                if line is None:
                    raise Refused(errors.ITEM_NOT_FOUND, f"item {request.item_id} is not in this order")
                ticket = ticket_open_problem_report(
                    user=order.user,
                    public_id=order.public_id,
                    lines=[
                        ReportedLine(
                            item_id=line.pk, problem=RETURN_REASONS[request.reason_id][1], quantity=request.quantity
                        )
                    ],
                    text=_ticket_text(request),
                )
                opened.append(
                    NetworkReturn.objects.create(
                        network_order=network_order,
                        return_id=request.return_id,
                        ticket=ticket,
                        item_id=request.item_id,
                        quantity=request.quantity,
                        reason_id=request.reason_id,
                    )
                )
    except DomainError as error:
        raise Refused(errors.UPDATE_REFUSED, error.message) from None
    return opened


def return_order_update(*, request: NetworkMessage, network_order: NetworkOrder) -> None:
    """The buyer app's `update` of a delivered order: its returns opened as tickets."""
    returns_open(network_order=network_order, asked=return_requests(request.body["message"]["order"]))


def return_fulfillment(network_return: NetworkReturn, *, state: str | None = None) -> dict:
    """The return as the network reads it: its state and request, and the refund once approved."""
    ticket = network_return.ticket
    state = state or STATES[ticket.status]
    fulfillment = {
        "id": network_return.return_id,
        "type": "Return",
        "state": {"descriptor": {"code": state}},
        "tags": [
            {
                "code": "return_request",
                "list": [
                    {"code": "id", "value": network_return.return_id},
                    {"code": "item_id", "value": network_return.item_id},
                    {"code": "item_quantity", "value": str(network_return.quantity)},
                    {"code": "reason_id", "value": network_return.reason_id},
                    {"code": "initiated_by", "value": network_return.network_order.bap_id},
                ],
            }
        ],
    }
    if state == STATES[Ticket.Status.REJECTED] and ticket.decision_reason:
        fulfillment["state"]["descriptor"]["short_desc"] = ticket.decision_reason
    if state == STATES[Ticket.Status.APPROVED] and ticket.amount_approved is not None:
        fulfillment["tags"].append(
            {
                "code": "quote_trail",
                "list": [
                    {"code": "type", "value": "item"},
                    {"code": "id", "value": network_return.item_id},
                    {"code": "currency", "value": "INR"},
                    {"code": "value", "value": f"-{ticket.amount_approved:.2f}"},
                ],
            }
        )
    return fulfillment


def returns_of(network_order: NetworkOrder) -> list[NetworkReturn]:
    return list(network_order.returns.select_related("ticket", "network_order"))
