"""The books' API, the owner's (and manager's) alone: GSTR-1 and GSTR-3B of a return period, and
the registers of a date range as CSV. Thin: periods are read by `books.periods`, figures by
`books.gstr1`, `books.gstr3b` and `books.registers`."""

import json

from django.http import HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from books import registers
from books.gstr1 import gstr1
from books.gstr3b import gstr3b
from books.periods import Period, period_of, span_of
from common.permissions import IsAdmin
from common.spreadsheet import csv_lines

PERIOD_PARAMETERS = [
    OpenApiParameter("period", str, required=True, description="The return period as MMYYYY (042027: April 2027)"),
    OpenApiParameter(
        "quarterly", OpenApiTypes.BOOL, description="A quarterly return (QRMP): `period` names the quarter's last month"
    ),
]
RANGE_PARAMETERS = [
    OpenApiParameter("from", OpenApiTypes.DATE, required=True, description="First day, YYYY-MM-DD (IST)"),
    OpenApiParameter("to", OpenApiTypes.DATE, required=True, description="Last day, within the same financial year"),
]
BAD_INPUT = OpenApiResponse(description="A malformed period or range, one in the future, or one across 1 April")


class _FilesNegotiation(BaseContentNegotiation):
    """A download answers its file whatever the client accepts, and its errors as JSON."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _period(request: Request) -> Period:
    quarterly = str(request.query_params.get("quarterly", "")).lower() in ("1", "true", "yes")
    return period_of(request.query_params.get("period"), quarterly=quarterly)


def return_filename(kind: str, built_gstin: str, period: Period) -> str:
    """`GSTR1_37ABCDE1234F1Z5_042027.json` (`_Q` for a quarter): the command writes the same names."""
    return f"{kind}_{built_gstin}_{period.fp}{'_Q' if period.quarterly else ''}.json"


class _BooksView(APIView):
    permission_classes = [IsAdmin]
    renderer_classes = [JSONRenderer]
    content_negotiation_class = _FilesNegotiation


class Gstr1View(_BooksView):
    @extend_schema(
        summary="GSTR-1 of a return period as the GST portal's JSON, to upload (owner)",
        parameters=[
            *PERIOD_PARAMETERS,
            OpenApiParameter("part", str, enum=["json", "summary"], description="summary: the tie-out figures"),
        ],
        responses={200: OpenApiTypes.OBJECT, 400: BAD_INPUT},
    )
    def get(self, request: Request) -> Response | HttpResponse:
        period = _period(request)
        built = gstr1(period)
        if request.query_params.get("part") == "summary":
            return Response(built.summary())
        response = HttpResponse(json.dumps(built.as_json(), indent=1), content_type="application/json")
        response["Content-Disposition"] = f'attachment; filename="{return_filename("GSTR1", built.gstin, period)}"'
        return response


class Gstr3bView(_BooksView):
    @extend_schema(
        summary="GSTR-3B's figures of a return period: the summary and the portal's JSON (owner)",
        parameters=PERIOD_PARAMETERS,
        responses={200: OpenApiTypes.OBJECT, 400: BAD_INPUT},
    )
    def get(self, request: Request) -> Response:
        built = gstr3b(_period(request))
        return Response({"summary": built.summary(), "json": built.as_json()})


class _RegisterView(_BooksView):
    name = ""

    def get(self, request: Request) -> StreamingHttpResponse:
        span = span_of(request.query_params.get("from"), request.query_params.get("to"))
        if self.name == "hsn":
            header, rows = registers.HSN_HEADER, registers.hsn_rows(gstr1(registers.hsn_period(span)))
        else:
            header, make_rows = registers.REGISTERS[self.name]
            rows = make_rows(span)
        response = StreamingHttpResponse(csv_lines(header, rows), content_type="text/csv; charset=utf-8")
        filename = f"{self.name}-register-{span.first:%Y-%m-%d}-to-{span.last:%Y-%m-%d}.csv"
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
        return response


CSV_RESPONSES = {(200, "text/csv"): OpenApiResponse(str, description="CSV, a header row first"), 400: BAD_INPUT}


def _register(name: str, summary: str) -> type[_RegisterView]:
    @extend_schema(summary=summary, parameters=RANGE_PARAMETERS, responses=CSV_RESPONSES)
    def get(self, request: Request) -> StreamingHttpResponse:
        return _RegisterView.get(self, request)

    return type(f"{name.title().replace('-', '')}RegisterView", (_RegisterView,), {"name": name, "get": get})


SalesRegisterView = _register("sales", "The sales register of a date range, one row per invoice and rate (owner)")
CreditNotesRegisterView = _register("credit-notes", "The credit-note register of a date range (owner)")
DayBookView = _register("day-book", "The day book of a date range: each day's sales, notes and net (owner)")
HsnRegisterView = _register("hsn", "The HSN summary of a date range, B2B and B2C (owner)")
