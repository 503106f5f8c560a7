"""Thin views of the field data (common/vitals.py): the shoppers' beacon and the staff's report."""

from django.conf import settings
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import SimpleRateThrottle
from rest_framework.views import APIView

from common import vitals
from common.client_ip import client_ip
from common.permissions import IsAdmin


class VitalsThrottle(SimpleRateThrottle):
    """Per client address as common.client_ip reads it, so a made-up X-Forwarded-For is not a new
    client. Generous: a page view sends one beacon, and many phones share one carrier address."""

    scope = "vitals"
    rate = "60/minute"

    def get_rate(self) -> str:
        return self.rate

    def get_cache_key(self, request, view) -> str:
        return self.cache_format % {"scope": self.scope, "ident": client_ip(request)}


class VitalsDailyThrottle(VitalsThrottle):
    """Issue 46.6: 600 forged beacons from 10 addresses set home's LCP p75 to 66 s. One client
    address counts at most this many page views a day (a shopper's day of browsing is a few dozen;
    a carrier address shared by many phones loses only its surplus)."""

    scope = "vitals_daily"
    rate = "50/day"


class BeaconBody:
    """Reads the raw body (sendBeacon's text/plain or application/json), at most one byte more
    than the limit, whatever Content-Length says."""

    media_types = ("text/plain", "application/json")

    @classmethod
    def read(cls, request: Request) -> bytes:
        media_type = (request.content_type or "").split(";")[0].strip().lower()
        if media_type not in cls.media_types:
            raise exceptions.UnsupportedMediaType(media_type or "none")
        try:
            length = int(request.META.get("CONTENT_LENGTH") or 0)
        except ValueError:
            length = 0
        if length > vitals.MAX_BODY_BYTES:
            raise exceptions.ValidationError({"message": str(vitals.TOO_LARGE)})
        return request._request.read(vitals.MAX_BODY_BYTES + 1)


def _metric_schema(metric: vitals.Metric) -> dict:
    return {
        "type": "object",
        "required": ["name", "value"],
        "additionalProperties": False,
        "properties": {
            "name": {"type": "string", "enum": [metric.name]},
            "value": {"type": "number", "minimum": 0, "maximum": vitals.largest_accepted(metric)},
            "rating": {"type": "string", "enum": list(vitals.RATINGS)},
        },
    }


BEACON_SCHEMA = {
    "type": "object",
    "required": ["page", "language", "metrics"],
    "additionalProperties": False,
    "properties": {
        "page": {"type": "string", "enum": list(vitals.PAGES)},
        "language": {"type": "string", "enum": [code for code, _ in settings.LANGUAGES]},
        "connection": {"type": "string", "enum": ["", *vitals.CONNECTIONS]},
        "metrics": {
            "type": "array",
            "minItems": 1,
            "maxItems": vitals.MAX_METRICS,
            "items": {"oneOf": [_metric_schema(metric) for metric in vitals.METRICS.values()]},
        },
    },
}


class BeaconSchema(AutoSchema):
    """The beacon's body is required: drf-spectacular leaves a body given as a plain schema optional."""

    def _get_request_body(self, direction="request"):
        body = super()._get_request_body(direction)
        if body:
            body["required"] = True
        return body


class VitalsBeaconView(APIView):
    """`POST /api/vitals`: one page view's Core Web Vitals, counted into the day's aggregates.

    No authentication (a beacon carries no token, and nothing about the caller is kept), so no
    CSRF either; the body is read raw, up to 4 kB.
    """

    authentication_classes = ()
    permission_classes = ()
    parser_classes = ()
    throttle_classes = [VitalsThrottle, VitalsDailyThrottle]
    schema = BeaconSchema()

    @extend_schema(
        summary="A page view's Core Web Vitals (navigator.sendBeacon), counted anonymously",
        request={"application/json": BEACON_SCHEMA},
        responses={
            204: OpenApiResponse(description="Counted"),
            400: OpenApiResponse(description='{"message"}: not a report, unknown page or metric, out of range'),
            415: OpenApiResponse(description='{"message"}: neither text/plain nor application/json'),
            429: OpenApiResponse(description='{"message", "retryAfter"}: too many reports from this address'),
        },
    )
    def post(self, request: Request) -> Response:
        beacon = vitals.beacon_parse(BeaconBody.read(request))
        vitals.vitals_record(beacon=beacon)
        return Response(status=status.HTTP_204_NO_CONTENT)


class MetricSummarySerializer(serializers.Serializer):
    p75 = serializers.FloatField(help_text="75th percentile, in the metric's unit")
    unit = serializers.CharField(help_text='"ms", or "" for CLS')
    count = serializers.IntegerField(help_text="samples")
    rating = serializers.ChoiceField(choices=vitals.RATINGS, help_text="of the p75")
    good = serializers.FloatField(help_text="share of samples rated good, 0 to 1")
    needsImprovement = serializers.FloatField(source="needs_improvement")
    poor = serializers.FloatField()


class PageVitalsSerializer(serializers.Serializer):
    page = serializers.CharField()
    title = serializers.SerializerMethodField(help_text="the page's name for people, in the caller's language")
    count = serializers.IntegerField(help_text="samples of its most reported metric")
    metrics = serializers.DictField(child=MetricSummarySerializer(), help_text="by metric: LCP, INP, CLS, FCP, TTFB")

    def get_title(self, page: vitals.PageVitals) -> str:
        return str(self.context.get("titles", {}).get(page.page, page.page))


class VitalsReportSerializer(serializers.Serializer):
    days = serializers.IntegerField()
    pages = PageVitalsSerializer(many=True)


class VitalsReportView(APIView):
    """`GET /api/reports/vitals?days=28`: p75 per page and metric, for staff."""

    permission_classes = [IsAdmin]
    # Each kind of page's name for people (its key when none): the project's page table gives them
    # (shop/urls.py), as common knows no page.
    page_titles: dict = {}

    @extend_schema(
        summary="Shoppers' Core Web Vitals: p75 per page and metric over the last days",
        parameters=[
            OpenApiParameter(
                "days",
                {"type": "integer", "minimum": 1, "maximum": vitals.KEEP_DAYS, "default": 28},
                description="the last days, today included",
                required=False,
            )
        ],
        responses={200: VitalsReportSerializer, 400: OpenApiResponse(description='{"message"}: days out of range')},
    )
    def get(self, request: Request) -> Response:
        days = vitals.vitals_days(request.query_params.get("days", 28))
        pages = vitals.vitals_p75(days=days)
        answer = VitalsReportSerializer({"days": days, "pages": pages}, context={"titles": self.page_titles})
        return Response(answer.data)
