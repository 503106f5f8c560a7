"""Thin HTTP views for checkout: `POST /api/orders` places the caller's order
(`checkout.placement.order_place`), `GET /api/orders` is staff's list of every order (`orders.selectors`,
on the same path); `GET /api/orders/store-credit` is the figures checkout shows before placing."""

from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from checkout import placement
from checkout.serializers import OrderPlaceInSerializer, StoreCreditQuoteInSerializer, StoreCreditQuoteSerializer
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.pagination import TOTAL_COUNT_HEADER, page_headers
from common.permissions import HasRole, IsCustomer
from common.roles import Role
from orders import selectors
from orders.serializers import AdminOrderListInSerializer, OrderSerializer
from payments.credit import credit_quote


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
        order = placement.order_place(
            user=request.user,
            items=[
                placement.LineRequest(
                    product_id=line["productId"],
                    brand_id=line["brandId"],
                    financial_id=line["financialId"],
                    qty=line["qty"],
                )
                for line in data["orderItems"]
            ],
            shipping_address=placement.Address(
                street=address["street"], city=address["city"], postal_code=address["postalCode"]
            ),
            payment_method=data["paymentMethod"],
            client_totals=placement.Totals(
                items_price=data["itemsPrice"], shipping_price=data["shippingPrice"], total_price=data["totalPrice"]
            ),
            substitution_preference=data["substitutionPreference"],
            store_credit=data.get("storeCredit"),
            delivery_slot=data.get("deliverySlot") or None,
            buyer=(data.get("buyerGstin", ""), data.get("buyerName", "")),
        )
        order = selectors.order_get_for(user=request.user, public_id=order.public_id)
        return Response(_order_data(request, order), status=status.HTTP_201_CREATED)


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
        quote = credit_quote(user=request.user, total=query.validated_data["total"])
        return Response(StoreCreditQuoteSerializer(quote).data)
