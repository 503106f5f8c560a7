"""Thin HTTP views for the counter: parse, call one service, serialize.

Staff only. Until the staff roles land (`accounts.permissions.HasRole(Role.OWNER, Role.CASHIER)`),
the gate is the shop's admin check; the day closes of every counter are the manager's.
"""

from django.utils import timezone
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.idempotency import HEADER as IDEMPOTENCY_HEADER
from common.idempotency import OPENAPI_PARAMETER as IDEMPOTENCY_KEY
from common.permissions import HasRole, IsAdmin
from common.roles import Role
from counter import day_close, offline, returns, services, sync
from counter.models import Counter
from counter.serializers import (
    BillInSerializer,
    BillSerializer,
    BlockInSerializer,
    CountersSerializer,
    DayCloseInSerializer,
    DayCloseSerializer,
    DayQuerySerializer,
    QuoteInSerializer,
    QuoteSerializer,
    ReturnInSerializer,
    ReturnSerializer,
    SyncInSerializer,
    TillCatalogSerializer,
    UpiQuerySerializer,
)
from counter.upi import upi_qr_svg, upi_uri


class CounterStaffView(APIView):
    # The owner and the cashier, once the staff roles land: HasRole(Role.OWNER, Role.CASHIER).
    permission_classes = [HasRole(Role.CASHIER)]
    parser_classes = [JSONParser]


def _lines(rows) -> list[services.BillLine]:
    return [services.BillLine(row["financialId"], row["qty"], row.get("price")) for row in rows]


def _tenders(rows) -> list[services.TenderIn]:
    return [
        services.TenderIn(row["method"], row["amount"], row.get("tendered"), row.get("reference", "")) for row in rows
    ]


def _bill_data(request: Request, bill) -> dict:
    return BillSerializer(services.bill_get(public_id=bill.order.public_id), context={"request": request}).data


class CountersView(CounterStaffView):
    @extend_schema(responses=CountersSerializer, summary="The shop's tills and its UPI ID (staff)")
    def get(self, request: Request) -> Response:
        from django.conf import settings

        data = {
            "counters": Counter.objects.filter(active=True),
            "upiId": settings.STORE_UPI_ID,
            "storeName": settings.STORE_NAME,
        }
        return Response(CountersSerializer(data).data)


class QuoteView(CounterStaffView):
    @extend_schema(
        request=QuoteInSerializer, responses={200: OpenApiTypes.OBJECT}, summary="Price lines and their GST now"
    )
    def post(self, request: Request) -> Response:
        body = QuoteInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        quote = services.bill_quote(lines=_lines(body.validated_data["lines"]))
        return Response(QuoteSerializer(quote).data)


class BillsView(CounterStaffView):
    @extend_schema(
        request=BillInSerializer,
        responses={201: BillSerializer},
        parameters=[IDEMPOTENCY_KEY],
        summary="Make a counter bill (paid and delivered at once); the Idempotency-Key is required",
    )
    def post(self, request: Request) -> Response:
        body = BillInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        bill = services.counter_bill_create(
            counter=services.counter_get(code=data["counter"]),
            cashier=request.user,
            lines=_lines(data["lines"]),
            tenders=_tenders(data["tenders"]),
            key=request.headers.get(IDEMPOTENCY_HEADER, ""),
            customer_phone=data.get("customerPhone", ""),
            buyer=(data.get("buyerGstin", ""), data.get("buyerName", "")),
        )
        return Response(_bill_data(request, bill), status=status.HTTP_201_CREATED)

    @extend_schema(
        responses=BillSerializer,
        operation_id="counter_bills_find",
        summary="A counter bill by its printed number (?number=)",
    )
    def get(self, request: Request) -> Response:
        bill = services.bill_find(number=request.query_params.get("number", ""))
        return Response(BillSerializer(bill, context={"request": request}).data)


class BillView(CounterStaffView):
    @extend_schema(responses=BillSerializer, summary="A counter bill, with its receipt's figures")
    def get(self, request: Request, public_id: str) -> Response:
        bill = services.bill_get(public_id=public_id)
        return Response(BillSerializer(bill, context={"request": request}).data)


class ReturnsView(CounterStaffView):
    @extend_schema(
        request=ReturnInSerializer,
        responses={201: ReturnSerializer},
        parameters=[IDEMPOTENCY_KEY],
        summary="Take goods back against a bill: credit note, money back, stock back",
    )
    def post(self, request: Request, public_id: str) -> Response:
        body = ReturnInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        made = returns.counter_return_create(
            bill=services.bill_get(public_id=public_id),
            counter=services.counter_get(code=data["counter"]),
            by=request.user,
            lines=[returns.ReturnLine(row["line"], row["qty"], row["damaged"]) for row in data["lines"]],
            refund=data["refund"],
            key=request.headers.get(IDEMPOTENCY_HEADER, ""),
            reason=data.get("reason", ""),
        )
        return Response(ReturnSerializer(made).data, status=status.HTTP_201_CREATED)


class UpiView(CounterStaffView):
    @extend_schema(
        parameters=[UpiQuerySerializer],
        responses={200: OpenApiTypes.OBJECT},
        summary="The shop's UPI QR for an exact amount (SVG)",
    )
    def get(self, request: Request) -> Response:
        query = UpiQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        uri = upi_uri(amount=query.validated_data["amount"], note=query.validated_data.get("note", ""))
        return Response({"uri": uri, "svg": upi_qr_svg(uri)})


class DayView(CounterStaffView):
    @extend_schema(
        parameters=[DayQuerySerializer],
        responses={200: OpenApiTypes.OBJECT},
        summary="A counter's day so far: bills, returns, methods, cash",
    )
    def get(self, request: Request) -> Response:
        query = DayQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        counter = services.counter_get(code=query.validated_data["counter"])
        day = query.validated_data.get("date") or timezone.localdate()
        summary = day_close.day_summary(counter=counter, day=day)
        closed = counter.closes.filter(day=day).select_related("counter", "by").first()
        summary["close"] = DayCloseSerializer(closed).data if closed else None
        return Response(summary)


class DayCloseView(CounterStaffView):
    @extend_schema(request=DayCloseInSerializer, responses={201: DayCloseSerializer}, summary="Close a counter's day")
    def post(self, request: Request) -> Response:
        body = DayCloseInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        closed = day_close.day_close(
            counter=services.counter_get(code=data["counter"]),
            day=data.get("date") or timezone.localdate(),
            counted=data["counted"],
            opening_float=data["openingFloat"],
            reason=data.get("reason", ""),
            by=request.user,
        )
        return Response(DayCloseSerializer(closed).data, status=status.HTTP_201_CREATED)


class ClosesView(CounterStaffView):
    permission_classes = [IsAdmin]  # every day's close of every counter is the owner's view

    @extend_schema(responses=DayCloseSerializer(many=True), summary="Every day's close, newest first (manager)")
    def get(self, request: Request) -> Response:
        return Response(DayCloseSerializer(day_close.closes_list(), many=True).data)


class BlocksView(CounterStaffView):
    @extend_schema(
        request=BlockInSerializer,
        responses={201: OpenApiTypes.OBJECT},
        summary="Reserve a block of a counter's numbers for billing offline",
    )
    def post(self, request: Request) -> Response:
        body = BlockInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        counter = services.counter_get(code=body.validated_data["counter"])
        block = services.number_block_reserve(counter=counter, count=body.validated_data["count"], by=request.user)
        numbers = [f"{counter.code}/{block.fy}/{n:06d}" for n in range(block.first, block.last + 1)]
        return Response({"counter": counter.code, "fy": block.fy, "numbers": numbers}, status=status.HTTP_201_CREATED)


class SyncView(CounterStaffView):
    @extend_schema(
        request=SyncInSerializer,
        responses={200: OpenApiTypes.OBJECT},
        summary="Send the bills made offline: each lands once, by its key",
    )
    def post(self, request: Request) -> Response:
        body = SyncInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        results = sync.bills_sync(cashier=request.user, bills=body.validated_data["bills"])
        return Response({"results": results})


class TillCatalogView(CounterStaffView):
    @extend_schema(responses=TillCatalogSerializer, summary="Every pack a till may bill offline, with its codes")
    def get(self, request: Request) -> Response:
        return Response(offline.till_catalog())
