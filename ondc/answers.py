"""Each request's `on_*` answer(s), worked out in the Celery task (`tasks.ondc_answer`) and recorded.

One function per action: it reads the request and answers the messages to send (a search answers
one `on_search` per catalog page; every other action one). A `Refused` becomes the answer's
`error`, as Beckn has it. Each answer is recorded as a `NetworkMessage` (sent, queued) with the
request's context ids, before the delivery task sends it.
"""

from collections.abc import Callable

from django.conf import settings
from django.db import transaction

from ondc import errors
from ondc.context import answer_context
from ondc.errors import Answer, Refused
from ondc.listing import catalog_pages
from ondc.models import NetworkMessage
from ondc.ordering import network_order_get, order_cancel_by_buyer, order_confirm, order_view
from ondc.pushing import audience_heard
from ondc.quotes import order_quoted
from ondc.returns import return_fulfillment, return_order_update, returns_of
from ondc.telling import told_record


def _language(request: NetworkMessage) -> str:
    tags = (request.body["message"].get("intent") or {}).get("tags") or []
    for tag in tags if isinstance(tags, list) else []:
        for entry in (tag or {}).get("list") or [] if isinstance(tag, dict) else []:
            if isinstance(entry, dict) and entry.get("code") == "lang" and entry.get("value") == "te":
                return "te"
    return "te" if request.body["context"].get("language") == "te" else "en"


def _search(request: NetworkMessage) -> list[Answer]:
    if audience_heard(request):
        return []  # the incremental pushes started or stopped: nothing to answer but the ACK
    intent = request.body["message"].get("intent") or {}
    descriptor = ((intent.get("item") or {}).get("descriptor") or {}) if isinstance(intent, dict) else {}
    keyword = str(descriptor.get("name") or "")[:100]
    return [Answer(message=page) for page in catalog_pages(keyword=keyword, language=_language(request))]


def _order_message(request: NetworkMessage) -> dict:
    order = request.body["message"].get("order")
    if not isinstance(order, dict):
        raise Refused(errors.INVALID_REQUEST, "message.order is needed")
    return order


def _select(request: NetworkMessage) -> list[Answer]:
    quoted, error = order_quoted(_order_message(request), language=_language(request))
    return [Answer(message={"order": quoted}, error=error)]


def _init(request: NetworkMessage) -> list[Answer]:
    order = _order_message(request)
    quoted, error = order_quoted(order, language=_language(request))
    quoted["billing"] = order.get("billing") or {}
    quoted["payment"] = {
        **(order.get("payment") or {}),
        "type": (order.get("payment") or {}).get("type") or "ON-FULFILLMENT",
        "collected_by": "BAP" if (order.get("payment") or {}).get("type") == "ON-ORDER" else "BPP",
    }
    return [Answer(message={"order": quoted}, error=error)]


def _confirm(request: NetworkMessage) -> list[Answer]:
    network_order = order_confirm(request=request)
    return [Answer(message={"order": order_view(network_order)}, order_id=network_order.order_id)]


def _status(request: NetworkMessage) -> list[Answer]:
    network_order = network_order_get(request=request, order_id=request.body["message"].get("order_id"))
    return [Answer(message={"order": order_view(network_order)}, order_id=network_order.order_id)]


def _track(request: NetworkMessage) -> list[Answer]:
    network_order_get(request=request, order_id=request.body["message"].get("order_id"))
    return [Answer(message={"tracking": {"status": "inactive"}})]  # riders carry no live location


def _cancel(request: NetworkMessage) -> list[Answer]:
    network_order = order_cancel_by_buyer(request=request)
    return [Answer(message={"order": order_view(network_order)}, order_id=network_order.order_id)]


def _update(request: NetworkMessage) -> list[Answer]:
    """A return after delivery (`ondc.returns`) is taken; other changes after confirm are the shop's
    to make: the order is answered as it stands, with the refusal."""
    order = _order_message(request)
    network_order = network_order_get(request=request, order_id=order.get("id"))
    error = None
    try:
        return_order_update(request=request, network_order=network_order)
    except Refused as refused:
        error = refused.as_error()
    view = order_view(network_order)
    view["fulfillments"] += [return_fulfillment(taken) for taken in returns_of(network_order)]
    return [Answer(message={"order": view}, error=error, order_id=network_order.order_id)]


def _rating(request: NetworkMessage) -> list[Answer]:
    return [Answer(message={"feedback_ack": True, "rating_ack": False})]


def _support(request: NetworkMessage) -> list[Answer]:
    return [
        Answer(
            message={
                "phone": settings.STORE_SUPPORT_PHONE,
                "email": settings.STORE_SUPPORT_EMAIL,
                "uri": settings.SITE_URL.rstrip("/") + "/grievance.html",
            }
        )
    ]


def _issue_answer(request: NetworkMessage) -> list[Answer]:
    issue = request.body["message"].get("issue") or {}
    if not isinstance(issue, dict) or not issue.get("id"):
        raise Refused(errors.INVALID_REQUEST, "message.issue.id is needed")
    updated = answer_context(request.body["context"], action="on_" + request.action)["timestamp"]
    return [
        Answer(
            message={
                "issue": {
                    "id": str(issue["id"]),
                    "issue_actions": {
                        "respondent_actions": [
                            {
                                "respondent_action": "PROCESSING",
                                "short_desc": "The shop's grievance officer is looking into it",
                                "updated_at": updated,
                                "updated_by": {
                                    "org": {"name": f"{settings.ONDC_SUBSCRIBER_ID}::{settings.STORE_NAME}"},
                                    "contact": {
                                        "phone": settings.GRIEVANCE_OFFICER_PHONE,
                                        "email": settings.GRIEVANCE_OFFICER_EMAIL,
                                    },
                                    "person": {"name": settings.GRIEVANCE_OFFICER_NAME},
                                },
                            }
                        ]
                    },
                    "created_at": issue.get("created_at") or updated,
                    "updated_at": updated,
                }
            }
        )
    ]


def _issue_status(request: NetworkMessage) -> list[Answer]:
    issue_id = request.body["message"].get("issue_id")
    if not issue_id:
        raise Refused(errors.INVALID_REQUEST, "message.issue_id is needed")
    request.body["message"]["issue"] = {"id": issue_id}
    return _issue_answer(request)


HANDLERS: dict[str, Callable[[NetworkMessage], list[Answer]]] = {
    "search": _search,
    "select": _select,
    "init": _init,
    "confirm": _confirm,
    "status": _status,
    "track": _track,
    "cancel": _cancel,
    "update": _update,
    "rating": _rating,
    "support": _support,
    "issue": _issue_answer,
    "issue_status": _issue_status,
}


def answer_build(request: NetworkMessage) -> list[NetworkMessage]:
    """Act on the request and record its answers, in one transaction: an order the answer is about
    is recorded as told (`telling.told_record`) before its change is announced, so the buyer app,
    which asked, is not told the same move again unasked."""
    try:
        with transaction.atomic():
            return _answers_record(request, HANDLERS[request.action](request))
    except Refused as refused:
        return _answers_record(request, [Answer(message={}, error=refused.as_error())])


def _answers_record(request: NetworkMessage, answers: list[Answer]) -> list[NetworkMessage]:
    context = answer_context(request.body["context"], action="on_" + request.action)
    rows = []
    with transaction.atomic():
        for answer in answers:
            body = {"context": context, "message": answer.message}
            if answer.error:
                body["error"] = answer.error
            rows.append(
                NetworkMessage.objects.create(
                    direction=NetworkMessage.Direction.SENT,
                    action=context["action"],
                    transaction_id=context["transaction_id"],
                    message_id=context["message_id"],
                    bap_id=request.bap_id,
                    bap_uri=request.bap_uri,
                    body=body,
                    state=NetworkMessage.State.QUEUED,
                    request=request,
                    order_id=answer.order_id,
                )
            )
            if answer.order_id is not None:
                told_record(order_id=answer.order_id)
    return rows
