"""Thin HTTP views for orders (and their delivery slots: checkout's offer, staff's weekly plan):
parse, call one service or selector, serialize."""

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import InvalidValue, NotFound
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.ids import as_row_id
from common.pagination import TOTAL_COUNT_HEADER, page_headers
from common.permissions import HasRole, IsAdmin, IsCustomer
from common.roles import Role
from orders import packing, picking, selectors, services, slots
from orders.buy_again import order_buy_again
from orders.models import Order
from orders.pipeline import order_advance, order_cancel
from orders.serializers import (
    AdminOrderListInSerializer,
    BuyAgainSerializer,
    DeliverySheetSerializer,
    DeliveryWindowSerializer,
    HolidaySerializer,
    OrderCancelInSerializer,
    OrderLineQtyInSerializer,
    OrderLineReplaceInSerializer,
    OrderPlaceInSerializer,
    OrderSerializer,
    OrderStatusInSerializer,
    PackingSlipsSerializer,
    PickingQuerySerializer,
    PickListSerializer,
    SlotsSerializer,
    StoreCreditQuoteInSerializer,
    StoreCreditQuoteSerializer,
)
from orders.usual import usual_items


def _order_data(request: Request, order_or_orders, *, many: bool = False):
    """Orders as the caller sees them (their `allowedMoves` depend on who asks)."""
    return OrderSerializer(order_or_orders, many=many, context={"request": request}).data


class OrdersView(APIView):
    """`POST /api/orders` places the caller's order; `GET /api/orders` lists every order (admin)."""

    parser_classes = [JSONParser]  # the order's lines and address are nested: JSON only

    def get_permissions(self):
        listing = getattr(self.request, "method", "GET") == "GET"
        return [HasRole(Role.CASHIER, Role.PACKER)()] if listing else [IsCustomer()]

    @extend_schema(
        summary="Every order, newest first, with the customer's name (admin); one page of a JSON array",
        parameters=[
            AdminOrderListInSerializer,
            OpenApiParameter(
                TOTAL_COUNT_HEADER, int, OpenApiParameter.HEADER, response=[200], description="Orders in all pages"
            ),
            OpenApiParameter(
                "Link",
                str,
                OpenApiParameter.HEADER,
                response=[200],
                description='RFC 8288 links to the first, prev, next and last pages: `<url>; rel="next", ...`',
            ),
        ],
        responses=OrderSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        query = AdminOrderListInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        page = selectors.orders_for_admin(
            status=query.validated_data.get("status") or None,
            page=query.validated_data["pageNumber"],
            page_size=query.validated_data["pageSize"],
        )
        headers = page_headers(request, page=page, page_size=query.validated_data["pageSize"])
        return Response(_order_data(request, page.items, many=True), headers=headers)

    @extend_schema(request=OrderPlaceInSerializer, responses={201: OrderSerializer}, parameters=[IDEMPOTENCY_KEY])
    @idempotent("orders.place", atomic=True)
    def post(self, request: Request) -> Response:
        body = OrderPlaceInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        address = data["shippingAddress"]
        order = services.order_place(
            user=request.user,
            items=[
                services.LineRequest(
                    product_id=line["productId"],
                    brand_id=line["brandId"],
                    financial_id=line["financialId"],
                    qty=line["qty"],
                )
                for line in data["orderItems"]
            ],
            shipping_address=services.Address(
                street=address["street"], city=address["city"], postal_code=address["postalCode"]
            ),
            payment_method=data["paymentMethod"],
            client_totals=services.Totals(
                items_price=data["itemsPrice"], shipping_price=data["shippingPrice"], total_price=data["totalPrice"]
            ),
            substitution_preference=data["substitutionPreference"],
            store_credit=data.get("storeCredit"),
            delivery_slot=data.get("deliverySlot") or None,
        )
        order = selectors.order_get_for(user=request.user, public_id=order.public_id)
        return Response(_order_data(request, order), status=status.HTTP_201_CREATED)


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


class StoreCreditQuoteView(APIView):
    """Checkout's store credit: the shopper's balance and what an order of `total` would use."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="The caller's store credit, and what an order of this total would use and leave to pay",
        parameters=[StoreCreditQuoteInSerializer],
        responses={200: StoreCreditQuoteSerializer, 400: OpenApiResponse(description='{"message"}: no total')},
    )
    def get(self, request: Request) -> Response:
        query = StoreCreditQuoteInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        quote = selectors.store_credit_quote(user=request.user, total=query.validated_data["total"])
        return Response(StoreCreditQuoteSerializer(quote).data)


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
        return _advanced(request, public_id, Order.Status.DELIVERED)


class OrderStatusView(APIView):
    permission_classes = [HasRole(Role.PACKER, Role.RIDER)]

    @extend_schema(request=OrderStatusInSerializer, responses=OrderSerializer)
    def put(self, request: Request, public_id: str) -> Response:
        body = OrderStatusInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        return _advanced(request, public_id, body.validated_data["status"])


class OrderPayView(APIView):
    """Admins record a cash payment; a customer's browser never marks an order paid (403)."""

    permission_classes = [IsCustomer]

    @extend_schema(request=None, responses=OrderSerializer)
    def put(self, request: Request, public_id: str) -> Response:
        order = selectors.order_get_for(user=request.user, public_id=public_id)
        services.order_record_cash_payment(order=order, by=request.user)
        return Response(_order_data(request, order))


class OrderCancelView(APIView):
    """Cancel an order: staff while it is placed or packed, the shopper who placed it until it is
    packed; its stock goes back and what was paid comes back (`orders.pipeline.order_cancel`)."""

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
                description='{"message", "code": "invalid_transition", "currentStatus"}: already packed (customer), '
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


def _line_id(order, item_id: str) -> int:
    """The line's id from the path; 404 for anything that cannot be one."""
    line_id = as_row_id(item_id)
    if line_id is None:
        raise NotFound(packing.LINE_NOT_FOUND.format(order=order.public_id))
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


# Delivery slots: checkout's offer (anyone) and staff's weekly plan (admin).

NOTHING_TO_CHANGE = gettext_lazy("Send the window's fields to change.")

PlanSerializer = inline_serializer(
    "SlotPlan",
    fields={"windows": DeliveryWindowSerializer(many=True), "holidays": HolidaySerializer(many=True)},
)


def _row_id(value: str, message) -> int:
    row_id = as_row_id(value)
    if row_id is None:
        raise NotFound(str(message))
    return row_id


class SlotsView(APIView):
    """`GET /api/slots`: the next days' delivery slots, each open (with places left), full or closed."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The next 3 days' delivery slots with places left; full and closed ones say why",
        responses=SlotsSerializer,
    )
    def get(self, request: Request) -> Response:
        offers = slots.slot_offers()
        return Response(SlotsSerializer({"enabled": slots.slots_defined(), "slots": offers}).data)


def _plan() -> dict:
    return {
        "windows": DeliveryWindowSerializer(selectors.windows_all(), many=True).data,
        "holidays": HolidaySerializer(selectors.holidays_coming(), many=True).data,
    }


class WindowsView(APIView):
    """Staff's weekly plan: every window and the coming holidays; POST adds a window (the owner).
    Packers and riders read it to choose a window's pick list or delivery sheet."""

    parser_classes = [JSONParser]

    def get_permissions(self):
        reading = getattr(self.request, "method", "GET") == "GET"
        return [HasRole(Role.PACKER, Role.RIDER)()] if reading else [IsAdmin()]

    @extend_schema(summary="Every delivery window and the coming holidays (admin)", responses=PlanSerializer)
    def get(self, request: Request) -> Response:
        return Response(_plan())

    @extend_schema(
        summary="Add a delivery window (admin)",
        request=DeliveryWindowSerializer,
        responses={
            201: PlanSerializer,
            400: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description='{"message", "code": "window_overlap"}'),
        },
    )
    def post(self, request: Request) -> Response:
        body = DeliveryWindowSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.window_create(**body.validated_data)
        return Response(_plan(), status=status.HTTP_201_CREATED)


class WindowView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Change a delivery window (admin): the fields sent",
        request=DeliveryWindowSerializer(partial=True),
        responses={
            200: PlanSerializer,
            404: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description='{"message", "code": "window_overlap"}'),
        },
    )
    def put(self, request: Request, window_id: str) -> Response:
        row_id = _row_id(window_id, services.WINDOW_NOT_FOUND)
        if not request.data:
            raise InvalidValue(str(NOTHING_TO_CHANGE))
        window = services.window_get(window_id=row_id)
        body = DeliveryWindowSerializer(window, data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        services.window_update(window_id=row_id, **body.validated_data)
        return Response(_plan())

    @extend_schema(
        summary="Delete a delivery window (admin); one that orders booked is switched off instead",
        request=None,
        responses={200: PlanSerializer, 404: OpenApiResponse(description='{"message"}')},
    )
    def delete(self, request: Request, window_id: str) -> Response:
        services.window_remove(window_id=_row_id(window_id, services.WINDOW_NOT_FOUND))
        return Response(_plan())


class HolidaysView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Close a date for deliveries (admin)",
        request=HolidaySerializer,
        responses={
            201: PlanSerializer,
            400: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description='{"message", "code": "holiday_exists"}'),
        },
    )
    def post(self, request: Request) -> Response:
        body = HolidaySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.holiday_add(day=body.validated_data["date"], name=body.validated_data["name"])
        return Response(_plan(), status=status.HTTP_201_CREATED)


class HolidayView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Open a closed date again (admin)",
        request=None,
        responses={200: PlanSerializer, 404: OpenApiResponse(description='{"message"}')},
    )
    def delete(self, request: Request, holiday_id: str) -> Response:
        services.holiday_remove(holiday_id=_row_id(holiday_id, services.HOLIDAY_NOT_FOUND))
        return Response(_plan())


# The day's sheets for one delivery window (orders/picking.py), printed by staff.

PICKING_ERRORS = {
    400: OpenApiResponse(description='{"message"}: no window or date, or not a date'),
    404: OpenApiResponse(description='{"message"}: no such window'),
}


def _picking_window(request: Request):
    """The window and date the query names; 400 when either is missing or malformed, 404 for an
    unknown window."""
    query = PickingQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    return services.window_get(window_id=query.validated_data["window"]), query.validated_data["date"]


class PickListView(APIView):
    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="The pick list of a delivery window on a date (admin): each pack summed over the live orders, "
        "by category in shelf order",
        parameters=[PickingQuerySerializer],
        responses={200: PickListSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(PickListSerializer(picking.pick_list(window, day)).data)


class PackingSlipsView(APIView):
    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="The packing slips of a delivery window on a date (admin): one per live order, in route order",
        parameters=[PickingQuerySerializer],
        responses={200: PackingSlipsSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(PackingSlipsSerializer(picking.packing_slips(window, day)).data)


class DeliverySheetView(APIView):
    permission_classes = [HasRole(Role.PACKER, Role.RIDER)]

    @extend_schema(
        summary="The delivery sheet of a delivery window on a date (admin): the stops in route order with "
        "phone numbers, what to collect and the payment state",
        parameters=[PickingQuerySerializer],
        responses={200: DeliverySheetSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(DeliverySheetSerializer(picking.delivery_sheet(window, day)).data)
