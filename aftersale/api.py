"""Thin HTTP views for what happens after an order is placed and moves money: cancelling it
(`aftersale.cancellation`), staff's line changes at packing (`aftersale.packing`) and approving a
problem report (`aftersale.problem_reports`)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from aftersale import packing
from aftersale.cancellation import order_cancel
from aftersale.manual_refunds import order_refund_manual
from aftersale.problem_reports import ticket_approve
from aftersale.serializers import (
    OrderCancelInSerializer,
    OrderLineQtyInSerializer,
    OrderLineReplaceInSerializer,
    OrderRefundInSerializer,
)
from common.errors import NotFound
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.ids import as_row_id
from common.permissions import HasRole, IsAdmin, IsCustomer
from common.roles import Role
from orders import selectors
from orders.error_codes import OrderErrorCode
from orders.serializers import OrderSerializer
from support.error_codes import SupportErrorCode
from support.selectors import ticket_get_for
from support.serializers import AdminTicketSerializer, TicketApproveInSerializer


def _order_data(request: Request, order):
    """The order as the caller sees it (its `allowedMoves` depend on who asks)."""
    return OrderSerializer(order, context={"request": request}).data


class OrderCancelView(APIView):
    """Cancel an order: staff while it is placed or packed, the shopper who placed it until it is
    packed; its stock goes back and what was paid comes back (`aftersale.cancellation.order_cancel`)."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Cancel an order: staff while placed or packed (a reason needed), its customer while placed "
        "(a reason optional); stock goes back, what was paid comes back, with a GST credit note",
        request=OrderCancelInSerializer,
        responses={
            200: OrderSerializer,
            400: OpenApiResponse(description='{"message"}: staff gave no reason, or one over 500 characters'),
            404: OpenApiResponse(description='{"message": "Order not found"}: no such order of the caller\'s'),
            409: OpenApiResponse(
                description=f'{{"message", "code": "{OrderErrorCode.INVALID_TRANSITION}", "currentStatus"}}: already packed (customer), '
                "dispatched, delivered or already cancelled"
            ),
        },
    )
    def put(self, request: Request, public_id: str) -> Response:
        body = OrderCancelInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        order_cancel(order=order, reason=body.validated_data["reason"], by=request.user)
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        return Response(_order_data(request, order))


def _line_id(order, item_id: str) -> int:
    """The line's id from the path; 404 for anything that cannot be one."""
    line_id = as_row_id(item_id)
    if line_id is None:
        raise NotFound(packing.LINE_NOT_FOUND.format(order=order.invoice_number))
    return line_id


_LINE_CHANGE_ERRORS = {
    200: OrderSerializer,
    400: OpenApiResponse(description='{"message"}: a count that is not a whole number from 0 up to the line\'s own'),
    404: OpenApiResponse(description='{"message"}: no such order, or the line is not (or no longer) in it'),
    409: OpenApiResponse(
        description='{"message", "code"}: order_not_editable (dispatched, delivered or cancelled), last_line, '
        "out_of_stock, replacement_costs_more, refund_exceeds_payment"
    ),
}


class OrderLineView(APIView):
    """Staff reduce a line at packing (a short pick); 0 removes it. The same count again changes nothing."""

    permission_classes = [HasRole(Role.PACKER)]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Reduce or remove an order line at packing (admin); stock, GST, totals, credit note and refund follow",
        request=OrderLineQtyInSerializer,
        responses=_LINE_CHANGE_ERRORS,
    )
    def put(self, request: Request, public_id: str, item_id: str) -> Response:
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        line_id = _line_id(order, item_id)
        body = OrderLineQtyInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        packing.order_line_set_qty(order=order, item=line_id, qty=data["qty"], by=request.user, reason=data["reason"])
        return Response(_order_data(request, selectors.order_get_for(user=request.user, public_id=public_id)))


class OrderLineReplaceView(APIView):
    """Staff replace a line with another pack at packing (a substitution)."""

    permission_classes = [HasRole(Role.PACKER)]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Replace an order line with another pack at packing (admin), at the lower unit price unless agreed",
        request=OrderLineReplaceInSerializer,
        responses=_LINE_CHANGE_ERRORS,
    )
    def post(self, request: Request, public_id: str, item_id: str) -> Response:
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        line_id = _line_id(order, item_id)
        body = OrderLineReplaceInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        packing.order_line_replace(
            order=order,
            item=line_id,
            financial=data["financialId"],
            qty=data["qty"],
            by=request.user,
            shopper_agreed=data["shopperAgreed"],
            reason=data["reason"],
        )
        return Response(_order_data(request, selectors.order_get_for(user=request.user, public_id=public_id)))


class TicketApproveView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Approve a ticket (admin): a credit note and the money back (refund or store credit)",
        request=TicketApproveInSerializer,
        responses={
            200: AdminTicketSerializer,
            400: OpenApiResponse(description='{"message"}: an amount of 0, or over the reported packs\' value'),
            404: OpenApiResponse(description='{"message": "Ticket not found"}'),
            409: OpenApiResponse(
                description=f'{{"message", "code": "{SupportErrorCode.TICKET_DECIDED}"}}: already approved or rejected'
            ),
        },
    )
    def post(self, request: Request, number: str) -> Response:
        body = TicketApproveInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        ticket_approve(number=number, by=request.user, amount=body.validated_data.get("amount"))
        return Response(AdminTicketSerializer(ticket_get_for(user=request.user, number=number)).data)


class OrderRefundView(APIView):
    """A manual refund outside a ticket (`aftersale.manual_refunds`): the owner or manager any
    amount, a cashier up to `GOODWILL_CASHIER_LIMIT`; to the payment's source or as store credit,
    as `payments.refunds.money_back` decides."""

    permission_classes = [HasRole(Role.CASHIER)]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Give back part of what an order was paid, with a reason (owner any amount, cashier up to the limit)",
        request=OrderRefundInSerializer,
        parameters=[IDEMPOTENCY_KEY],
        responses={
            200: OrderSerializer,
            400: OpenApiResponse(description='{"message", "code"}: invalid_amount, reason_required, reason_too_long'),
            403: OpenApiResponse(description='{"message", "code"}: goodwill_not_allowed, goodwill_over_limit'),
            404: OpenApiResponse(description='{"message": "Order not found"}'),
            409: OpenApiResponse(description='{"message", "code"}: order_unpaid, refund_exceeds_payment'),
        },
    )
    @idempotent("aftersale.refund", atomic=True)
    def post(self, request: Request, public_id: str) -> Response:
        body = OrderRefundInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        order_refund_manual(
            order=order, actor=request.user, amount=body.validated_data["amount"], reason=body.validated_data["reason"]
        )
        return Response(_order_data(request, selectors.order_get_for(user=request.user, public_id=public_id)))
