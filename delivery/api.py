"""Thin HTTP views for delivery: the delivery check and place search (anyone), checkout's slots
(anyone), staff's weekly plan (admin) and its coming days (staff read, admin sets a date's capacity). Parse, call one service or selector, serialize."""

from django.utils.cache import patch_cache_control
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import PublicView
from common.errors import InvalidValue, NotFound
from common.ids import as_row_id
from common.openapi import LATITUDE, LONGITUDE, PINCODE
from common.permissions import HasRole, IsAdmin
from common.roles import Role
from delivery import selectors, services, slots
from delivery.check import delivery_check
from delivery.error_codes import DeliveryErrorCode
from delivery.places import MIN_QUERY_CHARS, place_search
from delivery.serializers import (
    ComingDaysSerializer,
    DayCapacityInput,
    DeliveryCheckInput,
    DeliveryOutput,
    DeliveryWindowSerializer,
    HolidaySerializer,
    OverBookedSerializer,
    PlaceSearchInput,
    PlacesOutput,
    SlotsSerializer,
)


class DeliveryCheckView(PublicView):
    """Does the shop deliver to this pincode, or to the pincode nearest lat/lng?"""

    @extend_schema(
        parameters=[
            OpenApiParameter("pincode", PINCODE, description="6-digit pincode; wins over lat/lng"),
            OpenApiParameter("lat", LATITUDE, description="Latitude, with lng, when there is no pincode"),
            OpenApiParameter("lng", LONGITUDE, description="Longitude"),
        ],
        responses=DeliveryOutput,
        auth=[],
    )
    def get(self, request):
        serializer = DeliveryCheckInput(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        query = serializer.validated_data
        result = delivery_check(pincode=query.get("pincode"), lat=query.get("lat"), lng=query.get("lng"))
        return Response(DeliveryOutput(result).data)


class PlaceSearchView(PublicView):
    """Towns and localities by post-office name, for the delivery checker without a maps key."""

    @extend_schema(
        parameters=[OpenApiParameter("q", str, description=f"What the shopper typed; {MIN_QUERY_CHARS}+ characters")],
        responses=PlacesOutput,
        auth=[],
    )
    def get(self, request):
        serializer = PlaceSearchInput(data=request.query_params)
        serializer.is_valid(raise_exception=True)
        places = place_search(q=serializer.validated_data["q"])
        response = Response(PlacesOutput({"places": places}).data)
        # The post-office data only changes with a package upgrade.
        patch_cache_control(response, public=True, max_age=3600)
        return response


# Delivery slots: checkout's offer (anyone) and staff's weekly plan (admin).

NOTHING_TO_CHANGE = gettext_lazy("Send the window's fields to change.")

PlanSerializer = inline_serializer(
    "SlotPlan",
    fields={
        "windows": DeliveryWindowSerializer(many=True),
        "holidays": HolidaySerializer(many=True),
        "warning": OverBookedSerializer(required=False, help_text="After closing a date: the orders booked on it"),
    },
)


def _row_id(value: str, message) -> int:
    row_id = as_row_id(value)
    if row_id is None:
        raise NotFound(str(message))
    return row_id


class SlotsView(APIView):
    """`GET /api/slots`: the next days' delivery slots, each open (with places left), full or closed."""

    permission_classes = [AllowAny]

    @extend_schema(
        summary="The next 3 days' delivery slots with places left; full and closed ones say why",
        responses=SlotsSerializer,
    )
    def get(self, request: Request) -> Response:
        offers = slots.slot_offers()
        return Response(SlotsSerializer({"enabled": slots.slots_defined(), "slots": offers}).data)


def _plan() -> dict:
    return {
        "windows": DeliveryWindowSerializer(selectors.windows_all(), many=True).data,
        "holidays": HolidaySerializer(selectors.holidays_coming(), many=True).data,
    }


class WindowsView(APIView):
    """Staff's weekly plan: every window and the coming holidays; POST adds a window."""

    parser_classes = [JSONParser]

    def get_permissions(self):
        # Packers and riders read the plan to choose a window's pick list or delivery sheet.
        reading = getattr(self.request, "method", "GET") == "GET"
        return [HasRole(Role.PACKER, Role.RIDER)()] if reading else [IsAdmin()]

    @extend_schema(summary="Every delivery window and the coming holidays (admin)", responses=PlanSerializer)
    def get(self, request: Request) -> Response:
        return Response(_plan())

    @extend_schema(
        summary="Add a delivery window (admin)",
        request=DeliveryWindowSerializer,
        responses={
            201: PlanSerializer,
            400: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.WINDOW_OVERLAP}"}}'),
        },
    )
    def post(self, request: Request) -> Response:
        body = DeliveryWindowSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.window_create(**body.validated_data)
        return Response(_plan(), status=status.HTTP_201_CREATED)


class WindowView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Change a delivery window (admin): the fields sent",
        request=DeliveryWindowSerializer(partial=True),
        responses={
            200: PlanSerializer,
            404: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.WINDOW_OVERLAP}"}}'),
        },
    )
    def put(self, request: Request, window_id: str) -> Response:
        row_id = _row_id(window_id, services.WINDOW_NOT_FOUND)
        if not request.data:
            raise InvalidValue(str(NOTHING_TO_CHANGE))
        window = services.window_get(window_id=row_id)
        body = DeliveryWindowSerializer(window, data=request.data, partial=True)
        body.is_valid(raise_exception=True)
        services.window_update(window_id=row_id, **body.validated_data)
        return Response(_plan())

    @extend_schema(
        summary="Delete a delivery window (admin); one that orders booked is switched off instead",
        request=None,
        responses={200: PlanSerializer, 404: OpenApiResponse(description='{"message"}')},
    )
    def delete(self, request: Request, window_id: str) -> Response:
        services.window_remove(window_id=_row_id(window_id, services.WINDOW_NOT_FOUND))
        return Response(_plan())


class HolidaysView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Close a date for deliveries (admin)",
        request=HolidaySerializer,
        responses={
            201: PlanSerializer,
            400: OpenApiResponse(description='{"message"}'),
            409: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.HOLIDAY_EXISTS}"}}'),
        },
    )
    def post(self, request: Request) -> Response:
        body = HolidaySerializer(data=request.data)
        body.is_valid(raise_exception=True)
        _, warning = services.holiday_add(day=body.validated_data["date"], name=body.validated_data["name"])
        answer = _plan()
        if warning is not None:
            answer["warning"] = OverBookedSerializer(warning).data
        return Response(answer, status=status.HTTP_201_CREATED)


class HolidayView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Open a closed date again (admin)",
        request=None,
        responses={200: PlanSerializer, 404: OpenApiResponse(description='{"message"}')},
    )
    def delete(self, request: Request, holiday_id: str) -> Response:
        services.holiday_remove(holiday_id=_row_id(holiday_id, services.HOLIDAY_NOT_FOUND))
        return Response(_plan())


def _coming_days(warning=None) -> dict:
    return ComingDaysSerializer({"days": selectors.coming_days(), "warning": warning}).data


class ComingDaysView(APIView):
    """`GET /api/slots/days`: the next 7 days' windows, booked against each date's capacity."""

    # Every staff member reads the load: the cashier books phone orders into slots, the packer and
    # the rider plan their day. Only the owner changes a date's capacity.
    permission_classes = [HasRole(Role.CASHIER, Role.PACKER, Role.RIDER)]

    @extend_schema(
        summary="The next 7 days' delivery slots, booked against capacity (staff)", responses=ComingDaysSerializer
    )
    def get(self, request: Request) -> Response:
        return Response(_coming_days())


class DayCapacityView(APIView):
    """`PUT /api/slots/days/<date>.<window id>`: one date's own capacity for a window, or null for
    the weekly one again."""

    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Set or clear a window's capacity on one date (admin); the answer warns of orders over it",
        request=DayCapacityInput,
        responses={
            200: ComingDaysSerializer,
            400: OpenApiResponse(description=f'{{"message", "code": "{DeliveryErrorCode.SLOT_PASSED}"}}'),
            404: OpenApiResponse(description='{"message"}'),
        },
    )
    def put(self, request: Request, slot_id: str) -> Response:
        body = DayCapacityInput(data=request.data)
        body.is_valid(raise_exception=True)
        _, warning = slots.slot_capacity_set(slot=slot_id, capacity=body.validated_data["capacity"])
        return Response(_coming_days(warning))
