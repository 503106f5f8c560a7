"""Thin HTTP views for orders taken on the phone or from WhatsApp (`counter.phone_orders`): the
owner and cashiers. Placing one honours the `Idempotency-Key` as the website's `POST /api/orders`
does (the same decorator, per cashier and key)."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from checkout import placement
from common.errors import NotFound
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.idempotency import idempotent
from common.permissions import HasRole
from common.roles import Role
from counter import phone_orders
from counter.serializers import (
    PhoneCustomerSerializer,
    PhoneOrderInSerializer,
    PhoneOrderSerializer,
    PhoneQuerySerializer,
    PhoneQuoteInSerializer,
    PhoneQuoteSerializer,
)

NO_ACCOUNT = OpenApiResponse(description='{"message"}: the number has no account yet (the order makes one)')


class PhoneOrderStaffView(APIView):
    permission_classes = [HasRole(Role.CASHIER)]
    parser_classes = [JSONParser]


def _lines(rows) -> list[phone_orders.PhoneLine]:
    return [phone_orders.PhoneLine(financial_id=row["financialId"], qty=row["qty"]) for row in rows]


def _phone_order_data(phone_order) -> dict:
    phone_order.whatsapp_url = phone_orders.whatsapp_link(phone_order)
    return PhoneOrderSerializer(phone_order).data


class CustomerView(PhoneOrderStaffView):
    @extend_schema(
        parameters=[PhoneQuerySerializer],
        responses={200: PhoneCustomerSerializer, 404: NO_ACCOUNT},
        summary="The customer with this phone number, with their saved address (phone orders)",
    )
    def get(self, request: Request) -> Response:
        query = PhoneQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        customer = phone_orders.customer_lookup(phone_no=query.validated_data["phone"])
        if customer is None:
            raise NotFound(phone_orders.NO_ACCOUNT_YET)
        return Response(PhoneCustomerSerializer(customer).data)


class PhoneQuoteView(PhoneOrderStaffView):
    @extend_schema(
        request=PhoneQuoteInSerializer,
        responses={200: PhoneQuoteSerializer},
        summary="What a phone order's lines cost now, delivery included",
    )
    def post(self, request: Request) -> Response:
        body = PhoneQuoteInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        totals = phone_orders.phone_order_quote(lines=_lines(body.validated_data["lines"]))
        return Response(PhoneQuoteSerializer(totals).data)


class PhoneOrdersView(PhoneOrderStaffView):
    @extend_schema(
        request=PhoneOrderInSerializer,
        responses={201: PhoneOrderSerializer},
        parameters=[IDEMPOTENCY_KEY],
        summary="Place an order taken on the phone or from WhatsApp, through the website's placement",
    )
    @idempotent("counter.phone_order", atomic=True)
    def post(self, request: Request) -> Response:
        body = PhoneOrderInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        address = data.get("address")
        phone_order = phone_orders.phone_order_place(
            cashier=request.user,
            customer=phone_orders.Customer(
                phone_no=data["phoneNo"],
                name=data.get("name", ""),
                language=data.get("language") or request.LANGUAGE_CODE,
            ),
            lines=_lines(data["lines"]),
            address=placement.Address(street=address["street"], city=address["city"], postal_code=address["postalCode"])
            if address
            else None,
            payment=data["payment"],
            client_totals=placement.Totals(
                items_price=data["itemsPrice"], shipping_price=data["shippingPrice"], total_price=data["totalPrice"]
            ),
            delivery_slot=data.get("deliverySlot") or None,
            via=data["via"],
            substitution_preference=data["substitutionPreference"],
            buyer=(data.get("buyerGstin", ""), data.get("buyerName", "")),
        )
        phone_order = phone_orders.phone_order_get(public_id=phone_order.order.public_id)
        return Response(_phone_order_data(phone_order), status=status.HTTP_201_CREATED)


class PhoneOrderView(PhoneOrderStaffView):
    @extend_schema(responses=PhoneOrderSerializer, summary="A phone order, with its WhatsApp summary link")
    def get(self, request: Request, public_id: str) -> Response:
        return Response(_phone_order_data(phone_orders.phone_order_get(public_id=public_id)))


class PaymentLinkView(PhoneOrderStaffView):
    @extend_schema(
        request=None,
        responses={200: PhoneOrderSerializer},
        summary="Text the shopper the phone order's payment link (again: the same live link)",
    )
    def post(self, request: Request, public_id: str) -> Response:
        phone_order = phone_orders.phone_order_payment_link_send(public_id=public_id, by=request.user)
        return Response(_phone_order_data(phone_order))
