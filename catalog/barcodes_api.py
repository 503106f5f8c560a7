"""Thin views for pack barcodes: the counter's scan (`GET /api/products/barcode/<code>`), a brand's
codes for the product edit screen, and the label sheet of the shop's own codes.

The scan and the label sheet are for the staff who use the counter (owner and cashier); a brand's
codes are the owner's, as the edit screen is. None of these answers is cached: stock and price
are read at the moment of the scan.
"""

from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from common.errors import NotFound
from common.fields import money
from common.permissions import HasRole, IsAdmin
from common.roles import Role

from . import barcodes, label_sheet, selectors
from .models import Barcode

CODE_PARAMETER = OpenApiParameter(
    "code",
    str,
    OpenApiParameter.PATH,
    description="8, 12 or 13 digits (EAN-8, UPC-A, EAN-13; a 13-digit code with a leading 0 is its UPC-A); "
    "a wrong check digit is a 404 that says so (no pack can carry it)",
    pattern=r"^([0-9]{8}|[0-9]{12,13})$",
)


class PackScanSerializer(serializers.Serializer):
    """A scanned pack as the counter bills it (prices and stock now)."""

    code = serializers.CharField()
    kind = serializers.ChoiceField(choices=barcodes.Kind.choices)
    financialId = serializers.CharField()
    brandId = serializers.CharField()
    productId = serializers.CharField()
    name = serializers.CharField()
    nameTe = serializers.CharField()
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()
    price = serializers.FloatField()
    dprice = serializers.FloatField()
    countInStock = serializers.IntegerField()


def scan_data(barcode: Barcode) -> dict:
    pack = barcode.pack
    product = pack.detail.product
    return {
        "code": barcode.code,
        "kind": barcode.kind,
        "financialId": str(pack.pk),
        "brandId": str(pack.detail_id),
        "productId": str(product.pk),
        "name": product.name,
        "nameTe": product.name_te,
        "brand": pack.detail.brand,
        "quantity": pack.quantity_display,
        "units": pack.units,
        "price": money(pack.price),
        "dprice": money(pack.dprice),
        "countInStock": pack.count_in_stock,
    }


class DetailBarcodeSerializer(serializers.Serializer):
    financialId = serializers.CharField()
    code = serializers.CharField()
    kind = serializers.ChoiceField(choices=barcodes.Kind.choices)


class DetailBarcodesSerializer(serializers.Serializer):
    barcodes = DetailBarcodeSerializer(many=True)


class LabelSerializer(PackScanSerializer):
    svg = serializers.CharField(help_text="The EAN-13 symbol, an inline SVG element (python-barcode)")


class LabelsSerializer(serializers.Serializer):
    labels = LabelSerializer(many=True)


class LabelsQuerySerializer(serializers.Serializer):
    pack = serializers.ListField(
        child=serializers.IntegerField(min_value=1), required=False, max_length=200, help_text="Only these packs"
    )


def _product(ref: str):
    product = selectors.product_find(ref)
    if product is None:
        raise NotFound(selectors.PRODUCT_NOT_FOUND)
    return product


def _private(response: Response) -> Response:
    patch_cache_control(response, private=True, no_store=True)
    return response


class BarcodeView(APIView):
    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(
        summary="The pack a barcode names, as the counter bills it (owner, cashier)",
        parameters=[CODE_PARAMETER],
        responses={200: PackScanSerializer},
    )
    def get(self, request, code: str):
        return _private(Response(scan_data(selectors.barcode_find(code=code))))


class DetailBarcodesView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(summary="The barcodes on a brand's packs (admin)", responses={200: DetailBarcodesSerializer})
    def get(self, request, ref: str, detail_id: int):
        detail = selectors.detail_get(product=_product(ref), detail_id=detail_id)
        rows = [
            {"financialId": str(barcode.pack_id), "code": barcode.code, "kind": barcode.kind}
            for barcode in selectors.detail_barcodes(detail=detail)
        ]
        return _private(Response({"barcodes": rows}))


class LabelsView(APIView):
    permission_classes = [HasRole(Role.CASHIER)]

    @extend_schema(
        summary="The shop's own barcodes with their symbols, for the A4 label sheet (owner, cashier)",
        parameters=[LabelsQuerySerializer],
        responses={200: LabelsSerializer},
    )
    def get(self, request):
        query = LabelsQuerySerializer(
            data={"pack": request.query_params.getlist("pack")} if "pack" in request.query_params else {}
        )
        query.is_valid(raise_exception=True)
        found = selectors.shop_labels(pack_ids=query.validated_data.get("pack"))
        return _private(
            Response(
                {"labels": [{**scan_data(barcode), "svg": label_sheet.ean13_svg(barcode.code)} for barcode in found]}
            )
        )
