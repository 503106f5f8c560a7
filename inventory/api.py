"""Thin HTTP views of the manager's inventory screens: parse, call one service or selector,
serialize. The owner or manager only (`IsAdmin`): costs, suppliers and stock value are money."""

from django.http import StreamingHttpResponse
from django.utils.translation import gettext
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalog.labels import pack_label
from common.errors import InvalidValue
from common.fields import as_whole_number, money
from common.money import rupees, to_rupees
from common.permissions import IsAdmin
from common.spreadsheet import csv_lines

from . import costing, csv_import, expiry, history, reorder_message, selectors, services, stock_takes
from .entry import LineIn, pack_name
from .serializers import (
    PriceCheckQuerySerializer,
    PurchaseImportSerializer,
    PurchaseInSerializer,
    PurchaseReturnInSerializer,
    PurchaseSerializer,
    StockTakeCountsSerializer,
    StockTakeSerializer,
    StockTakeStartSerializer,
    StockTakeSummarySerializer,
    SupplierInSerializer,
    SupplierSerializer,
)

MAX_MARGIN_DAYS = 366


class ManagerView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]


def _purchase_data(purchase) -> dict:
    return PurchaseSerializer(services.purchase_get(purchase_id=purchase.pk)).data


def _line_in(row: dict) -> LineIn:
    return LineIn(
        pack=row.get("financialId"),
        qty=row.get("qty"),
        unit_cost=row.get("unitCost"),
        gst_rate=row.get("gstRate"),
        batch_number=row.get("batchNumber"),
        best_before=row.get("bestBefore"),
        mrp=row.get("mrp"),
        packed_on=row.get("packedOn"),
    )


class SuppliersView(ManagerView):
    @extend_schema(responses=SupplierSerializer(many=True), summary="The shop's suppliers (manager)")
    def get(self, request: Request) -> Response:
        return Response(SupplierSerializer(selectors.supplier_list(), many=True).data)

    @extend_schema(request=SupplierInSerializer, responses={201: SupplierSerializer}, summary="Add a supplier")
    def post(self, request: Request) -> Response:
        body = SupplierInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        supplier = services.supplier_create(
            name=data["name"],
            gstin=data["gstin"],
            phone=data["phone"],
            address=data["address"],
            lead_time_days=data["leadTimeDays"],
        )
        return Response(SupplierSerializer(supplier).data, status=status.HTTP_201_CREATED)


class CategoriesView(ManagerView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Categories with their ids, for a stock take")
    def get(self, request: Request) -> Response:
        return Response(
            {
                "categories": [
                    {"id": row["pk"], "name": row["name"], "nameTe": row["name_te"]}
                    for row in selectors.category_list()
                ]
            }
        )


class PurchasesView(ManagerView):
    @extend_schema(
        parameters=[OpenApiParameter("supplierId", OpenApiTypes.INT, required=False)],
        responses=PurchaseSerializer(many=True),
        summary=f"The latest {selectors.RECENT_PURCHASES} purchases (manager)",
    )
    def get(self, request: Request) -> Response:
        supplier_id = as_whole_number(request.query_params.get("supplierId", ""))
        return Response(PurchaseSerializer(selectors.purchase_list(supplier_id=supplier_id), many=True).data)

    @extend_schema(request=PurchaseInSerializer, responses={201: PurchaseSerializer}, summary="Enter an invoice")
    def post(self, request: Request) -> Response:
        body = PurchaseInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        purchase = services.purchase_create(
            supplier_id=data["supplierId"],
            invoice_number=data["invoiceNumber"],
            invoice_date=data["invoiceDate"],
            lines=[_line_in(row) for row in data["lines"]],
            by=request.user,
        )
        return Response(_purchase_data(purchase), status=status.HTTP_201_CREATED)


class PurchaseImportView(ManagerView):
    parser_classes = [MultiPartParser]

    @extend_schema(
        request={"multipart/form-data": PurchaseImportSerializer},
        responses={201: PurchaseSerializer},
        summary="Enter an invoice from the supplier's CSV file (columns: inventory/csv_import.py)",
    )
    def post(self, request: Request) -> Response:
        body = PurchaseImportSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        upload = data["file"]
        if upload.size > csv_import.MAX_BYTES:
            raise InvalidValue(gettext("The file is larger than 1 MB."), code="file_too_large")
        purchase = csv_import.purchase_import(
            supplier_id=data["supplierId"],
            invoice_number=data["invoiceNumber"],
            invoice_date=data["invoiceDate"],
            raw=upload.read(),
            by=request.user,
        )
        return Response(_purchase_data(purchase), status=status.HTTP_201_CREATED)


class PurchaseView(ManagerView):
    @extend_schema(responses=PurchaseSerializer, summary="One purchase, its lines and returns")
    def get(self, request: Request, purchase_id: int) -> Response:
        return Response(PurchaseSerializer(services.purchase_get(purchase_id=purchase_id)).data)


class PurchasePostView(ManagerView):
    @extend_schema(request=None, responses=PurchaseSerializer, summary="Post: the packs on the shelf, once")
    def post(self, request: Request, purchase_id: int) -> Response:
        return Response(PurchaseSerializer(services.purchase_post(purchase_id=purchase_id, by=request.user)).data)


class PurchaseReturnsView(ManagerView):
    @extend_schema(
        request=PurchaseReturnInSerializer, responses={201: PurchaseSerializer}, summary="Send back: debit note"
    )
    def post(self, request: Request, purchase_id: int) -> Response:
        body = PurchaseReturnInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        services.purchase_return_make(
            purchase_id=purchase_id,
            lines=[(row.get("line"), row.get("qty")) for row in data["lines"]],
            reason=data["reason"],
            note=data["note"],
            by=request.user,
        )
        return Response(PurchaseSerializer(services.purchase_get(purchase_id=purchase_id)).data, status=201)


class StockTakesView(ManagerView):
    @extend_schema(responses=StockTakeSummarySerializer(many=True), summary="The latest stock takes (manager)")
    def get(self, request: Request) -> Response:
        return Response(StockTakeSummarySerializer(stock_takes.stock_take_list(), many=True).data)

    @extend_schema(request=StockTakeStartSerializer, responses={201: StockTakeSerializer}, summary="A count sheet")
    def post(self, request: Request) -> Response:
        body = StockTakeStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        take = stock_takes.stock_take_start(category_id=body.validated_data["categoryId"], by=request.user)
        return Response(StockTakeSerializer(stock_takes.stock_take_get(take_id=take.pk)).data, status=201)


def _csv_export(request: Request) -> bool:
    export = request.query_params.get("export")
    if export not in (None, "csv"):
        raise InvalidValue(gettext("The only export is csv."), code="bad_export")
    return export == "csv"


class StockTakeView(ManagerView):
    @extend_schema(
        parameters=[OpenApiParameter("export", OpenApiTypes.STR, required=False, enum=["csv"])],
        responses={(200, "application/json"): StockTakeSerializer, (200, "text/csv"): OpenApiTypes.STR},
        summary="A count sheet, its counts and differences at cost, each with its reason",
    )
    def get(self, request: Request, take_id: int) -> Response:
        export = _csv_export(request)
        take = stock_takes.stock_take_get(take_id=take_id)
        if export:
            return _stock_take_csv(take)
        return Response(StockTakeSerializer(take).data)

    @extend_schema(request=StockTakeCountsSerializer, responses=StockTakeSerializer, summary="Enter counts")
    def put(self, request: Request, take_id: int) -> Response:
        body = StockTakeCountsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        counts = {row.get("financialId"): row for row in body.validated_data["counts"]}
        return Response(StockTakeSerializer(stock_takes.stock_take_count(take_id=take_id, counts=counts)).data)


class StockTakePostView(ManagerView):
    @extend_schema(request=None, responses=StockTakeSerializer, summary="Post the differences as adjustments")
    def post(self, request: Request, take_id: int) -> Response:
        return Response(StockTakeSerializer(stock_takes.stock_take_post(take_id=take_id, by=request.user)).data)


class ReorderView(ManagerView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="What to order, per supplier")
    def get(self, request: Request) -> Response:
        groups = selectors.reorder_suggestions()
        ordered = sorted(groups.items(), key=lambda item: (item[0] is None, item[0].name if item[0] else ""))
        return Response(
            {
                "suppliers": [
                    {
                        "supplier": SupplierSerializer(supplier).data if supplier else None,
                        "message": reorder_message.reorder_text(rows),
                        "whatsappUrl": reorder_message.whatsapp_url(supplier, rows),
                        "lines": [
                            {
                                "financialId": str(row.pack.pk),
                                "pack": pack_name(row.pack),
                                "inStock": row.in_stock,
                                "reorderLevel": row.reorder_level,
                                "sold28Days": row.sold,
                                "qty": row.qty,
                            }
                            for row in rows
                        ],
                    }
                    for supplier, rows in ordered
                ]
            }
        )


class ReorderSmsView(ManagerView):
    @extend_schema(
        request={
            "application/json": {
                "type": "object",
                "properties": {"supplierId": {"type": "string", "description": "The supplier to text"}},
                "required": ["supplierId"],
            }
        },
        responses={200: OpenApiTypes.OBJECT},
        summary="Text a supplier its suggested purchase order through the shop's SMS; once a day per order",
    )
    def post(self, request: Request) -> Response:
        body = request.data if isinstance(request.data, dict) else {}
        sent = reorder_message.reorder_sms_send(supplier_id=body.get("supplierId"))
        return Response(
            {
                "supplierId": str(body.get("supplierId")),
                "phone": sent.phone,
                "message": sent.text,
                "alreadySent": sent.sent_before,
            }
        )


class MarginsView(ManagerView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "days", {"type": "integer", "minimum": 1, "maximum": 366}, required=False, description="Default 30"
            ),
            OpenApiParameter("by", OpenApiTypes.STR, required=False, enum=["day", "category", "pack"]),
            OpenApiParameter("export", OpenApiTypes.STR, required=False, enum=["csv"]),
        ],
        responses={(200, "application/json"): OpenApiTypes.OBJECT, (200, "text/csv"): OpenApiTypes.STR},
        summary="Gross margin by day, category or pack from each sold line's cost at sale; stock value at cost",
    )
    def get(self, request: Request) -> Response:
        days = as_whole_number(request.query_params.get("days", "30"))
        if days is None or not 1 <= days <= MAX_MARGIN_DAYS:
            raise InvalidValue(
                gettext("Days must be a whole number from 1 to {most}.").format(most=MAX_MARGIN_DAYS), code="bad_days"
            )
        by = request.query_params.get("by", "category")
        if by not in selectors.GROUPINGS:
            raise InvalidValue(gettext("Group margins by day, category or pack."), code="bad_grouping")
        export = _csv_export(request)
        rows = selectors.margins(days=days, by=by)
        shelf = selectors.stock_value()
        if export:
            return _margins_csv(rows, by=by, days=days)
        return Response(
            {
                "days": days,
                "by": by,
                "stockValue": money(to_rupees(shelf.value_paise)),
                "stockUnitsCostUnknown": shelf.units_unknown,
                "categories": [
                    {
                        "category": row.category,
                        "categoryTe": row.category_te,
                        "revenue": money(row.revenue),
                        "cost": money(row.cost),
                        "margin": money(row.margin),
                        "marginPercent": None if row.margin_percent is None else float(row.margin_percent),
                        "units": row.units,
                        **({"pack": _sold_pack(row.pack)} if row.pack is not None else {}),
                    }
                    for row in rows
                ],
            }
        )


def _batch(batch) -> dict:
    return {
        "id": batch.pk,
        "batchNumber": batch.batch_no,
        "bestBefore": batch.best_before.isoformat() if batch.best_before else None,
        "unitCost": money(None if batch.unit_cost_paise is None else to_rupees(batch.unit_cost_paise)),
    }


class NearExpiryView(ManagerView):
    @extend_schema(
        responses={200: OpenApiTypes.OBJECT},
        summary="Batches near their best-before date (7 and 30 days, or the category's bands), at cost",
    )
    def get(self, request: Request) -> Response:
        rows = expiry.near_expiry()
        known = [row.value_paise for row in rows if row.value_paise is not None]
        return Response(
            {
                "soonDays": expiry.SOON_DAYS,
                "watchDays": expiry.WATCH_DAYS,
                "value": money(to_rupees(sum(known))),
                "batches": [
                    {
                        "financialId": str(row.batch.pack_id),
                        "pack": pack_name(row.batch.pack),
                        "category": row.batch.pack.detail.product.category.name,
                        "band": row.band,
                        "daysLeft": row.days_left,
                        "count": row.batch.count,
                        "value": money(None if row.value_paise is None else to_rupees(row.value_paise)),
                        "batch": _batch(row.batch),
                    }
                    for row in rows
                ],
            }
        )


class PriceCheckView(ManagerView):
    @extend_schema(
        parameters=[PriceCheckQuerySerializer],
        responses={200: OpenApiTypes.OBJECT},
        summary="Would this price sell the pack below what it cost (the dearest pack on the shelf, else the latest "
        "purchase)? The edit screen's warning, with the figures",
    )
    def get(self, request: Request, financial_id: int) -> Response:
        query = PriceCheckQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        given = query.validated_data
        check = costing.price_check(
            financial_id=financial_id,
            price=given["price"],
            discount=given.get("discount"),
            dprice=given.get("dprice"),
            gst_rate=given.get("gstRate"),
        )
        warning = None
        if check.below_cost:
            warning = gettext(
                "₹{price} sells this pack below what it cost: ₹{cost} before GST, ₹{with_gst} with {rate}% GST."
            ).format(
                price=rupees(check.selling_price),
                cost=rupees(check.cost),
                with_gst=rupees(check.cost_with_gst),
                rate=check.gst_rate,
            )
        return Response(
            {
                "financialId": str(financial_id),
                "sellingPrice": money(check.selling_price),
                "gstRate": check.gst_rate,
                "cost": money(check.cost),
                "costWithGst": money(check.cost_with_gst),
                "belowCost": check.below_cost,
                "warning": warning,
            }
        )


class PackHistoryView(ManagerView):
    @extend_schema(responses={200: OpenApiTypes.OBJECT}, summary="Every stock movement of a pack, with its balance")
    def get(self, request: Request, financial_id: int) -> Response:
        pack, steps, before = history.pack_history(financial_id=financial_id)
        return Response(
            {
                "financialId": str(pack.pk),
                "pack": pack_name(pack),
                "inStock": pack.count_in_stock,
                "balanceBefore": before,
                "movements": [
                    {
                        "id": step.movement.pk,
                        "at": step.movement.at.isoformat(),
                        "kind": step.movement.kind,
                        "kindLabel": step.movement.get_kind_display(),
                        "reason": step.movement.reason,
                        "reasonLabel": step.movement.get_reason_display() if step.movement.reason else "",
                        "delta": step.movement.delta,
                        "balance": step.balance,
                        "reference": step.movement.reference,
                        "note": step.movement.note,
                        "by": step.movement.by.name if step.movement.by else "",
                        "batch": _batch(step.movement.batch),
                    }
                    for step in steps
                ],
            }
        )


def _sold_pack(pack: dict) -> dict:
    """A margins row's pack as the islands' `namedPackLabel` reads it (the label is written there
    and in `catalog.labels`, never here)."""
    return {
        "brand": pack["brand"],
        "name": pack["name"],
        "nameTe": pack["name_te"],
        "quantity": pack["quantity"],
        "units": pack["units"],
    }


def _margins_csv(rows, *, by: str, days: int) -> StreamingHttpResponse:
    """The margins as the screen shows them, to the paisa: one row per group; by pack, the pack's
    label (`Lalitha Sona Rice 1 kg`), so two sizes of one product tell apart."""
    header = [by, "second", "units", "revenue before GST", "cost", "margin", "margin %"]
    lines = (
        [
            pack_label(row.pack, named=True) if row.pack is not None else row.category,
            row.category_te,
            row.units,
            row.revenue,
            row.cost,
            row.margin,
            row.margin_percent,
        ]
        for row in rows
    )
    response = StreamingHttpResponse(csv_lines(header, lines), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="margins-by-{by}-{days}-days.csv"'
    return response


def _stock_take_csv(take) -> StreamingHttpResponse:
    """The count sheet as the screen shows it: every pack, its count and difference, the reason in
    the reader's language and the difference's value at cost (empty while unknown)."""
    lines = StockTakeSerializer(take).data["lines"]
    header = ["pack", "expected", "counted", "difference", "reason", "unit cost", "value at cost"]
    rows = (
        [
            line["pack"],
            line["expected"],
            line["counted"],
            line["difference"],
            line["reasonLabel"] if line["counted"] is not None else "",
            line["unitCost"],
            line["value"],
        ]
        for line in lines
    )
    response = StreamingHttpResponse(csv_lines(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="stock-take-{take.pk}.csv"'
    return response
