"""Thin views for "Notify me": the shopper's waiting alerts, asking for one, removing one."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.ids import WireIdField, as_row_id
from common.permissions import IsCustomer
from notifications import alerts as services
from notifications.models import StockAlert


class AlertInSerializer(serializers.Serializer):
    financialId = WireIdField(help_text="The out-of-stock pack")


class AlertSerializer(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    financialId = serializers.CharField(source="financial_id")
    productId = serializers.CharField(source="financial.detail.product_id")
    name = serializers.CharField(source="financial.detail.product.name")
    nameTe = serializers.CharField(source="financial.detail.product.name_te")
    slug = serializers.CharField(source="financial.detail.product.slug")
    brand = serializers.CharField(source="financial.detail.brand")
    quantity = serializers.CharField(source="financial.quantity_display")
    units = serializers.CharField(source="financial.units")
    image = serializers.CharField(source="financial.detail.image")
    createdAt = serializers.DateTimeField(source="created_at")


class AlertsView(APIView):
    """`GET /api/alerts`: the caller's waiting alerts, newest first; `POST`: ask for one."""

    permission_classes = [IsCustomer]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="The caller's waiting back-in-stock alerts, newest first", responses=AlertSerializer(many=True)
    )
    def get(self, request: Request) -> Response:
        alerts = StockAlert.objects.filter(user=request.user).select_related("financial__detail__product")
        return Response(AlertSerializer(alerts, many=True).data)

    @extend_schema(
        summary="Notify me by SMS (once) when this out-of-stock pack is back",
        request=AlertInSerializer,
        responses={
            201: AlertSerializer,
            200: OpenApiResponse(AlertSerializer, description="The alert was waiting already"),
            400: OpenApiResponse(description='{"message"}: no pack id'),
            404: OpenApiResponse(description='{"message"}: no such pack'),
            409: OpenApiResponse(description='{"message", "code"}: in_stock, or too_many_alerts'),
        },
    )
    def post(self, request: Request) -> Response:
        body = AlertInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        alert, created = services.alert_create(user=request.user, financial_id=body.validated_data["financialId"])
        alert = StockAlert.objects.select_related("financial__detail__product").get(pk=alert.pk)
        return Response(AlertSerializer(alert).data, status=status.HTTP_201_CREATED if created else status.HTTP_200_OK)


class AlertView(APIView):
    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Remove one of the caller's alerts", responses={200: OpenApiResponse(description='{"message"}')}
    )
    def delete(self, request: Request, alert_id: str) -> Response:
        services.alert_delete(user=request.user, alert_id=as_row_id(alert_id))
        return Response({"message": str(services.ALERT_REMOVED)})
