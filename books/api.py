"""The books' API, the owner's (and manager's) alone: GSTR-1 and GSTR-3B of a return period, and
the registers of a date range as CSV or Excel, GSTR-1 as a workbook, and a range's vouchers as a
TallyPrime import. Thin: periods are read by `books.periods`, figures by
`books.gstr1`, `books.gstr3b` and `books.registers`."""

import json

from django.http import FileResponse, HttpResponse, StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from books import registers, tally, workbooks
from books.filing import gstr1_filing_state, gstr1_mark_filed
from books.gstr1 import gstr1
from books.gstr3b import gstr3b
from books.periods import Period, period_of, span_of
from common.permissions import IsAdmin
from common.spreadsheet import csv_lines

PERIOD_PARAMETERS = [
    OpenApiParameter(
        "period",
        str,
        required=True,
        pattern=r"^(0[1-9]|1[0-2])[0-9]{4}$",
        description="The return period as MMYYYY (042027: April 2027); not one in the future (400 period_in_future)",
    ),
    OpenApiParameter(
        "quarterly", OpenApiTypes.BOOL, description="A quarterly return (QRMP): `period` names the quarter's last month"
    ),
]
RANGE_PARAMETERS = [
    OpenApiParameter("from", OpenApiTypes.DATE, required=True, description="First day, YYYY-MM-DD (IST)"),
    OpenApiParameter(
        "to",
        OpenApiTypes.DATE,
        required=True,
        description="Last day, on or after `from`, within the same financial year (400 range_across_years)",
    ),
]
BAD_INPUT = OpenApiResponse(description="A malformed period or range, one in the future, or one across 1 April")


class _FilesNegotiation(BaseContentNegotiation):
    """A download answers its file whatever the client accepts, and its errors as JSON."""

    def select_parser(self, request, parsers):
        return parsers[0] if parsers else None

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


def _period(request: Request, source=None) -> Period:
    source = request.query_params if source is None else source
    quarterly = str(source.get("quarterly", "")).lower() in ("1", "true", "yes")
    return period_of(source.get("period"), quarterly=quarterly)


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


FILING_ANSWER = OpenApiResponse(
    OpenApiTypes.OBJECT,
    description="{fp, quarterly, filed: {at, by} or null, cannotMark: why it cannot be marked now ('' if it can), "
    "amendments: [{invoice, date, originalPeriod, oldGstin, newGstin, buyerName, value, byHand}]}",
)


class Gstr1FilingView(_BooksView):
    @extend_schema(
        summary="Whether a return period's GSTR-1 is marked filed, and the amendments it carries (owner, manager)",
        parameters=PERIOD_PARAMETERS,
        responses={200: FILING_ANSWER, 400: BAD_INPUT},
    )
    def get(self, request: Request) -> Response:
        return Response(gstr1_filing_state(_period(request)))

    @extend_schema(
        summary="Mark a return period's GSTR-1 filed on the portal (owner, manager)",
        description="Body {period: MMYYYY, quarterly?: bool}. Keeps what the return reported, so an invoice whose "
        "buyer changes later goes into a later return as an amendment (b2ba, b2csa). 409 period_not_over before "
        "the period's last day has passed, already_filed for a period (or an overlapping one) already marked.",
        request=OpenApiTypes.OBJECT,
        responses={201: FILING_ANSWER, 400: BAD_INPUT, 409: OpenApiResponse(description="Not over, or already filed")},
    )
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        period = _period(request, data)
        gstr1_mark_filed(period=period, by=request.user)
        return Response(gstr1_filing_state(period), status=201)


XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _attachment(response, filename: str):
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class Gstr1WorkbookView(_BooksView):
    @extend_schema(
        summary="GSTR-1 of a return period as an Excel workbook, one sheet per section (owner)",
        parameters=PERIOD_PARAMETERS,
        responses={(200, XLSX): OpenApiResponse(OpenApiTypes.BINARY, description="The workbook"), 400: BAD_INPUT},
    )
    def get(self, request: Request) -> FileResponse:
        period = _period(request)
        built = gstr1(period)
        name = return_filename("GSTR1", built.gstin, period).replace(".json", ".xlsx")
        return FileResponse(workbooks.gstr1_file(built), as_attachment=True, filename=name, content_type=XLSX)


class TallyView(_BooksView):
    @extend_schema(
        summary="A date range's sales, credit notes, purchases and debit notes as a TallyPrime XML import (owner)",
        parameters=RANGE_PARAMETERS,
        responses={
            (200, "application/xml"): OpenApiResponse(str, description="Tally's import envelope"),
            400: BAD_INPUT,
        },
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        span = span_of(request.query_params.get("from"), request.query_params.get("to"))
        response = StreamingHttpResponse(tally.tally_xml(span), content_type="application/xml; charset=utf-8")
        return _attachment(response, f"tally-{span.first:%Y-%m-%d}-to-{span.last:%Y-%m-%d}.xml")


class _RegisterView(_BooksView):
    name = ""
    excel = False

    def get(self, request: Request) -> StreamingHttpResponse | FileResponse:
        span = span_of(request.query_params.get("from"), request.query_params.get("to"))
        if self.name == "hsn":
            header, rows = registers.HSN_HEADER, registers.hsn_rows(gstr1(registers.hsn_period(span)))
        else:
            header, make_rows = registers.REGISTERS[self.name]
            rows = make_rows(span)
        stem = f"{self.name}-register-{span.first:%Y-%m-%d}-to-{span.last:%Y-%m-%d}"
        if self.excel:
            file = workbooks.register_file(self.name, header, rows)
            return FileResponse(file, as_attachment=True, filename=f"{stem}.xlsx", content_type=XLSX)
        response = StreamingHttpResponse(csv_lines(header, rows), content_type="text/csv; charset=utf-8")
        return _attachment(response, f"{stem}.csv")


CSV_RESPONSES = {(200, "text/csv"): OpenApiResponse(str, description="CSV, a header row first"), 400: BAD_INPUT}
XLSX_RESPONSES = {
    (200, XLSX): OpenApiResponse(OpenApiTypes.BINARY, description="One sheet, a header row first"),
    400: BAD_INPUT,
}


def _register(name: str, summary: str, *, excel: bool = False) -> type[_RegisterView]:
    @extend_schema(
        summary=summary + (" as Excel" if excel else ""),
        parameters=RANGE_PARAMETERS,
        responses=XLSX_RESPONSES if excel else CSV_RESPONSES,
    )
    def get(self, request: Request) -> StreamingHttpResponse:
        return _RegisterView.get(self, request)

    title = name.title().replace("-", "")
    return type(
        f"{title}Register{'Workbook' if excel else ''}View",
        (_RegisterView,),
        {"name": name, "excel": excel, "get": get},
    )


REGISTER_SUMMARIES = {
    "sales": "The sales register of a date range, one row per invoice and rate (owner)",
    "credit-notes": "The credit-note register of a date range (owner)",
    "purchases": "The purchase register of a date range: suppliers' invoices posted, by rate (owner)",
    "debit-notes": "The debit-note register of a date range: goods sent back to suppliers, by rate (owner)",
    "day-book": "The day book of a date range: each day's sales, notes, purchases and net (owner)",
    "hsn": "The HSN summary of a date range, B2B and B2C (owner)",
}
REGISTER_VIEWS = {
    (name, excel): _register(name, summary, excel=excel)
    for name, summary in REGISTER_SUMMARIES.items()
    for excel in (False, True)
}
