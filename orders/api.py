"""Thin HTTP views for orders: parse, call one service or selector, serialize."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.permissions import HasRole, IsAdmin, IsCustomer
from common.roles import Role
from delivery.error_codes import DeliveryErrorCode
from delivery.selectors import coming_days
from orders import selectors, services
from orders.buy_again import order_buy_again
from orders.buyers import NAMING_ROLES, invoice_buyer_set
from orders.pipeline import order_advance, order_deliver, order_move_undo
from orders.serializers import (
    BuyAgainSerializer,
    InvoiceBuyerInSerializer,
    OrderSerializer,
    OrderStatusInSerializer,
    OrderUndoInSerializer,
    SlotMoveInSerializer,
    SlotMoveOutSerializer,
)
from orders.slot_moves import orders_slot_move
from orders.usual import usual_items


def _order_data(request: Request, order_or_orders, *, many: bool = False):
    """Orders as the caller sees them (their `allowedMoves` depend on who asks)."""
    return OrderSerializer(order_or_orders, many=many, context={"request": request}).data


class MyOrdersView(APIView):
    permission_classes = [IsCustomer]

    @extend_schema(responses=OrderSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(_order_data(request, selectors.orders_for_user(user=request.user), many=True))


class UsualItemsView(APIView):
    """Your usual items: the caller's most bought packs (at most 12), as products, for the home page."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="The caller's most bought packs (at most 12, by orders then packs), each product with only those packs",
        responses={200: OpenApiResponse(description="A JSON array of products in the catalog's shape")},
    )
    def get(self, request: Request) -> Response:
        return Response(usual_items(user=request.user))


class OrderDetailView(APIView):
    permission_classes = [IsCustomer]

    @extend_schema(responses=OrderSerializer)
    def get(self, request: Request, public_id: str) -> Response:
        return Response(_order_data(request, selectors.order_get_for(user=request.user, public_id=public_id)))


def _advanced(request: Request, public_id: str, to_status: str) -> Response:
    order = selectors.order_get_for(user=request.user, public_id=public_id)
    order_advance(order=order, to_status=to_status, by=request.user)
    return Response(_order_data(request, order))


class OrderDeliverView(APIView):
    permission_classes = [HasRole(Role.RIDER)]

    @extend_schema(request=None, responses=OrderSerializer)
    def put(self, request: Request, public_id: str) -> Response:
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        order_deliver(order=order, by=request.user)
        return Response(_order_data(request, order))


class OrderStatusView(APIView):
    permission_classes = [HasRole(Role.PACKER, Role.RIDER)]

    @extend_schema(request=OrderStatusInSerializer, responses=OrderSerializer)
    def put(self, request: Request, public_id: str) -> Response:
        body = OrderStatusInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return _advanced(request, public_id, body.validated_data["status"])


class OrderUndoView(APIView):
    """The manager undoes a mistaken dispatched or delivered move, with a reason (issue 48)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Undo a mistaken move: dispatched back to packed, delivered back to dispatched (manager, with a reason)",
        request=OrderUndoInSerializer,
        responses=OrderSerializer,
    )
    def post(self, request: Request, public_id: str) -> Response:
        body = OrderUndoInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        order_move_undo(order=order, reason=body.validated_data.get("reason", ""), by=request.user)
        return Response(_order_data(request, order))


class OrderBuyerView(APIView):
    """Staff name the business buyer on an existing order's invoice (issue 43): a shopper who comes
    back with the bill and a GSTIN; the invoice then goes to GSTR-1's b2b. Naming again replaces."""

    permission_classes = [HasRole(*NAMING_ROLES)]

    @extend_schema(
        summary="Name the business buyer (GSTIN and legal name) on an order's invoice (owner, manager, cashier)",
        request=InvoiceBuyerInSerializer,
        responses=OrderSerializer,
    )
    def put(self, request: Request, public_id: str) -> Response:
        body = InvoiceBuyerInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        invoice_buyer_set(
            order=order,
            gstin=body.validated_data.get("buyerGstin", ""),
            name=body.validated_data.get("buyerName", ""),
            by=request.user,
        )
        return Response(_order_data(request, selectors.order_get_for(user=request.user, public_id=public_id)))


class OrderPayView(APIView):
    """Admins record a cash payment; a customer's browser never marks an order paid (403)."""

    permission_classes = [IsCustomer]

    @extend_schema(request=None, responses=OrderSerializer)
    def put(self, request: Request, public_id: str) -> Response:
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        services.order_record_cash_payment(order=order, by=request.user)
        return Response(_order_data(request, order))


class OrderBuyAgainView(APIView):
    """Buy again: the order's packs as cart lines at today's prices, naming what changed or is gone."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="The order's packs as cart lines at today's prices (the browser adds them to its cart), with the "
        "lines unavailable, changed in price or fewer than ordered",
        request=None,
        responses={
            200: BuyAgainSerializer,
            404: OpenApiResponse(description='{"message": "Order not found"}: no such order of the caller\'s'),
        },
    )
    def post(self, request: Request, public_id: str) -> Response:
        return Response(BuyAgainSerializer(order_buy_again(user=request.user, public_id=public_id)).data)


class SlotMovesView(APIView):
    """`POST /api/slots/moves`: the manager moves orders booked on a closed day, or over a slot's
    lowered capacity, to another slot of the coming days; each shopper gets an SMS (issue 45)."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Move orders to another delivery slot (owner, manager); packed ones stay, each shopper is texted",
        request=SlotMoveInSerializer,
        responses={
            200: SlotMoveOutSerializer,
            400: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.SLOT_CLOSED}"}}'),
            404: OpenApiResponse(description='{"message"} naming the invoice numbers that name no order'),
            409: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.SLOT_FULL}"}}'),
        },
        parameters=[IDEMPOTENCY_KEY],
    )
    @idempotent("orders.slot_moves", atomic=True)
    def post(self, request: Request) -> Response:
        body = SlotMoveInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        moves = orders_slot_move(
            invoice_numbers=body.validated_data["orders"], to=body.validated_data["to"], by=request.user
        )
        return Response(SlotMoveOutSerializer({"moves": moves, "days": coming_days()}).data)
