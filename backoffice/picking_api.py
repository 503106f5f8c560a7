"""Thin HTTP views for the day's sheets of one delivery window (`backoffice.picking`), printed by
staff: admins only."""

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from backoffice import picking
from backoffice.serializers import (
    DeliverySheetSerializer,
    PackingSlipsSerializer,
    PickingQuerySerializer,
    PickListSerializer,
)
from common.permissions import HasRole
from common.roles import Role
from delivery.services import window_get

PICKING_ERRORS = {
    400: OpenApiResponse(description='{"message"}: no window or date, or not a date'),
    404: OpenApiResponse(description='{"message"}: no such window'),
}


def _picking_window(request: Request):
    """The window and date the query names; 400 when either is missing or malformed, 404 for an
    unknown window."""
    query = PickingQuerySerializer(data=request.query_params)
    query.is_valid(raise_exception=True)
    return window_get(window_id=query.validated_data["window"]), query.validated_data["date"]


class PickListView(APIView):
    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="The pick list of a delivery window on a date (admin): each pack summed over the live orders, "
        "by category in shelf order",
        parameters=[PickingQuerySerializer],
        responses={200: PickListSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(PickListSerializer(picking.pick_list(window, day)).data)


class PackingSlipsView(APIView):
    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="The packing slips of a delivery window on a date (admin): one per live order, in route order",
        parameters=[PickingQuerySerializer],
        responses={200: PackingSlipsSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(PackingSlipsSerializer(picking.packing_slips(window, day)).data)


class DeliverySheetView(APIView):
    permission_classes = [HasRole(Role.PACKER, Role.RIDER)]

    @extend_schema(
        summary="The delivery sheet of a delivery window on a date (admin): the stops in route order with "
        "phone numbers, what to collect and the payment state",
        parameters=[PickingQuerySerializer],
        responses={200: DeliverySheetSerializer, **PICKING_ERRORS},
    )
    def get(self, request: Request) -> Response:
        window, day = _picking_window(request)
        return Response(DeliverySheetSerializer(picking.delivery_sheet(window, day)).data)
