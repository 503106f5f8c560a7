"""The staff dashboard's API (issue 27), admins only: every figure of a period as JSON
(`backoffice.reports`), and the CSV exports of a date range (`backoffice.report_csv`), streamed."""

from collections.abc import Callable

from django.http import StreamingHttpResponse
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from backoffice import report_csv, reports
from books.error_codes import BooksErrorCode
from common.errors import InvalidValue
from common.fields import MoneyField
from common.permissions import IsAdmin
from orders.models import Order

PERIOD_INVALID = gettext_lazy("'period' must be one of today, 7d or 30d.")


class CountAndAmountSerializer(serializers.Serializer):
    count = serializers.IntegerField()
    amount = MoneyField()


class PaymentMixSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=["cash", "online"])
    orders = serializers.IntegerField()
    sales = MoneyField()


class TicketFiguresSerializer(serializers.Serializer):
    open = serializers.IntegerField()
    oldestOpenedAt = serializers.DateTimeField(allow_null=True)
    oldestAgeHours = serializers.IntegerField(allow_null=True)
    acknowledgeOverdue = serializers.IntegerField()
    resolveOverdue = serializers.IntegerField()
    approvedInPeriod = serializers.IntegerField()
    approvedAmount = MoneyField()


class DaySalesSerializer(serializers.Serializer):
    date = serializers.DateField()
    orders = serializers.IntegerField()
    sales = MoneyField()


class CategorySalesSerializer(serializers.Serializer):
    category = serializers.CharField()
    categoryTe = serializers.CharField(help_text="The category's Telugu name; may be empty")
    packs = serializers.IntegerField()
    sales = MoneyField()


class PackSalesSerializer(serializers.Serializer):
    packId = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()
    nameTe = serializers.CharField(help_text="The product's Telugu name; may be empty")
    brand = serializers.CharField()
    pack = serializers.CharField()
    packsSold = serializers.IntegerField()
    orders = serializers.IntegerField()
    sales = MoneyField()


class SlowMoverSerializer(serializers.Serializer):
    packId = serializers.IntegerField()
    name = serializers.CharField()
    nameTe = serializers.CharField(help_text="The product's Telugu name; may be empty")
    brand = serializers.CharField()
    pack = serializers.CharField()
    packsSold = serializers.IntegerField()
    inStock = serializers.IntegerField()


class SlotOrdersSerializer(serializers.Serializer):
    start = serializers.TimeField(format="%H:%M")
    end = serializers.TimeField(format="%H:%M")
    orders = serializers.IntegerField()


class OrdersBySlotSerializer(serializers.Serializer):
    slots = SlotOrdersSerializer(many=True)
    withoutSlot = serializers.IntegerField()


class LowStockSerializer(serializers.Serializer):
    packId = serializers.IntegerField()
    name = serializers.CharField()
    brand = serializers.CharField()
    pack = serializers.CharField()
    inStock = serializers.IntegerField()


class PackCoverSerializer(LowStockSerializer):
    soldPerDay = serializers.DecimalField(max_digits=10, decimal_places=1, coerce_to_string=False)
    days = serializers.DecimalField(
        max_digits=10, decimal_places=1, coerce_to_string=False, help_text="stock ÷ average daily sales"
    )


class DaysOfCoverSerializer(serializers.Serializer):
    salesDays = serializers.IntegerField(help_text="the average daily sales are over this many local days")
    packs = PackCoverSerializer(many=True, help_text="the lowest cover first")


class ChannelSalesSerializer(serializers.Serializer):
    channel = serializers.ChoiceField(choices=Order.Channel.values)
    orders = serializers.IntegerField(min_value=0)
    sales = MoneyField()


class NetworkSalesSerializer(serializers.Serializer):
    orders = serializers.IntegerField(min_value=0, help_text="ONDC orders placed in the period, not cancelled")
    sales = MoneyField(help_text="their sales: the ONDC row of salesByChannel")
    finderFee = MoneyField(help_text="the buyer apps' finder fees on them, as their confirm set them")
    tcs = MoneyField(help_text="the TCS the collecting operator deducts on them (CGST section 52)")
    net = MoneyField(help_text="sales less the finder fees")


class DashboardSerializer(serializers.Serializer):
    """Every figure of `backoffice.reports.dashboard`; its docstring defines each one."""

    period = serializers.ChoiceField(choices=[p.value for p in reports.Period])
    fields_from = serializers.DateField(label="from")
    to = serializers.DateField()
    timeZone = serializers.CharField()
    orders = serializers.IntegerField()
    sales = MoneyField()
    revenue = MoneyField()
    averageBasket = MoneyField()
    newCustomers = serializers.IntegerField()
    signUps = serializers.IntegerField()
    paymentMix = PaymentMixSerializer(many=True)
    salesByChannel = ChannelSalesSerializer(many=True, help_text="sales not cancelled by channel; add up to sales")
    ondc = NetworkSalesSerializer(help_text="ONDC sales apart, with the network's finder fees")
    refunds = CountAndAmountSerializer()
    creditGiven = CountAndAmountSerializer()
    cancellations = serializers.IntegerField()
    tickets = TicketFiguresSerializer()
    salesByDay = DaySalesSerializer(many=True)
    salesByCategory = CategorySalesSerializer(many=True)
    topPacks = PackSalesSerializer(many=True)
    slowMovers = SlowMoverSerializer(many=True)
    ordersBySlot = OrdersBySlotSerializer()
    lowStock = LowStockSerializer(many=True, help_text="packs at or under their low-stock threshold")
    daysOfCover = DaysOfCoverSerializer()

    def get_fields(self):
        # `from` is a Python keyword: declared as `fields_from`, sent as `from`.
        fields = super().get_fields()
        fields["from"] = fields.pop("fields_from")
        return fields


def _period(request: Request) -> reports.Period:
    try:
        return reports.Period(request.query_params.get("period", reports.Period.TODAY.value))
    except ValueError:
        raise InvalidValue(str(PERIOD_INVALID), code=BooksErrorCode.INVALID_PERIOD) from None


class DashboardView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Every figure of the staff dashboard for today, the last 7 or the last 30 days (admin)",
        parameters=[OpenApiParameter("period", str, enum=[p.value for p in reports.Period], default="today")],
        responses={200: DashboardSerializer},
    )
    def get(self, request: Request) -> Response:
        return Response(DashboardSerializer(reports.dashboard(period=_period(request))).data)


class JsonErrorsNegotiation(BaseContentNegotiation):
    """An export answers its CSV whatever the client accepts, and its errors as JSON `{"message"}`
    (DRF would otherwise refuse `Accept: text/csv` with 406, having no renderer for it)."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


RANGE_PARAMETERS = [
    OpenApiParameter(
        "from", OpenApiTypes.DATE, required=True, description="First day, YYYY-MM-DD (the shop's time zone)"
    ),
    OpenApiParameter(
        "to", OpenApiTypes.DATE, required=True, description="Last day, YYYY-MM-DD, at most 366 days after `from`"
    ),
]


class _CsvExportView(APIView):
    permission_classes = [IsAdmin]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = JsonErrorsNegotiation
    name_prefix = ""
    rows: Callable[[reports.Span], tuple]  # the export's header and rows for a span (backoffice/report_csv.py)

    def get(self, request: Request) -> StreamingHttpResponse:
        span = reports.export_span(first=request.query_params.get("from"), last=request.query_params.get("to"))
        header, rows = type(self).rows(span)
        response = StreamingHttpResponse(report_csv.csv_lines(header, rows), content_type="text/csv; charset=utf-8")
        filename = f"{self.name_prefix}-{span.first:%Y-%m-%d}-to-{span.last:%Y-%m-%d}.csv"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


CSV_RESPONSES = {
    (200, "text/csv"): OpenApiResponse(str, description="CSV, a header row first"),
    (400, "application/json"): OpenApiResponse(
        description="A date that is not YYYY-MM-DD, from after to, or over 366 days"
    ),
}


class OrdersCsvView(_CsvExportView):
    name_prefix = "orders"

    @extend_schema(
        summary="The orders placed in a date range, one CSV row each, streamed (admin)",
        parameters=RANGE_PARAMETERS,
        responses=CSV_RESPONSES,
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        return super().get(request)

    rows = staticmethod(report_csv.order_rows)


class SalesByPackCsvView(_CsvExportView):
    name_prefix = "sales-by-pack"

    @extend_schema(
        summary="Packs sold in a date range (orders not cancelled), one CSV row each, streamed (admin)",
        parameters=RANGE_PARAMETERS,
        responses=CSV_RESPONSES,
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        return super().get(request)

    rows = staticmethod(report_csv.sales_by_pack_rows)
