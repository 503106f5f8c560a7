"""Thin HTTP views for the rider's round on their phone (`backoffice.rider` reads it,
`counter.rounds` writes it): riders and the owner; the cashier who takes a rider's cash records
the handover too."""

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from backoffice.rider import rider_round
from backoffice.serializers import (
    DoorDeliverInSerializer,
    HandoverInSerializer,
    HandoverSerializer,
    RiderRoundSerializer,
)
from common.permissions import HasRole
from common.roles import Role
from counter import rounds


class RoundView(APIView):
    permission_classes = [HasRole(Role.RIDER)]

    @extend_schema(
        responses=RiderRoundSerializer,
        summary="The rider's round: dispatched orders in route order, and what they hold since the last handover",
    )
    def get(self, request: Request) -> Response:
        return Response(RiderRoundSerializer(rider_round(rider=request.user)).data)


class DeliverView(APIView):
    permission_classes = [HasRole(Role.RIDER)]
    parser_classes = [JSONParser]

    @extend_schema(
        request=DoorDeliverInSerializer,
        responses={200: RiderRoundSerializer},
        summary="Mark a dispatched order delivered, with the amount due collected in cash or UPI; the round after",
    )
    def post(self, request: Request, public_id: str) -> Response:
        body = DoorDeliverInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        rounds.door_deliver(
            public_id=public_id,
            rider=request.user,
            method=data.get("method"),
            amount=data.get("amount"),
            reference=data.get("reference", ""),
        )
        return Response(RiderRoundSerializer(rider_round(rider=request.user)).data)


class HandoverView(APIView):
    permission_classes = [HasRole(Role.RIDER, Role.CASHIER)]
    parser_classes = [JSONParser]

    @extend_schema(
        request=HandoverInSerializer,
        responses={201: HandoverSerializer},
        summary="End a rider's round: the cash handed over against the cash collected, a difference with its reason",
    )
    def post(self, request: Request) -> Response:
        body = HandoverInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        rider = rounds.rider_get(rider_id=data.get("rider"), by=request.user)
        handover = rounds.round_close(
            rider=rider, handed_over=data["handedOver"], reason=data.get("reason", ""), by=request.user
        )
        return Response(HandoverSerializer(handover).data, status=status.HTTP_201_CREATED)
