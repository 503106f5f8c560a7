"""Thin HTTP views for support tickets: the shopper's problem reports and the staff queue."""

from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.parsers import FormParser, JSONParser, MultiPartParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.roles import is_owner
from common.pagination import TOTAL_COUNT_HEADER, page_headers
from common.permissions import IsAdmin, IsCustomer
from support import grievances, selectors, services
from support.photos import ticket_photo_store
from support.serializers import (
    AdminTicketListInSerializer,
    AdminTicketSerializer,
    MyTicketsInSerializer,
    OrderReportSerializer,
    PhotoSerializer,
    TicketOpenInSerializer,
    TicketRejectInSerializer,
    TicketResolveInSerializer,
    TicketSerializer,
)
from support.throttles import PhotoUploadThrottle


def _ticket_data(request: Request, ticket) -> dict:
    serializer = AdminTicketSerializer if is_owner(request.user) else TicketSerializer
    return serializer(ticket).data


def _private(response: Response) -> Response:
    patch_cache_control(response, private=True, no_store=True)
    return response


class TicketsView(APIView):
    """`POST /api/support/tickets` opens the caller's problem report; `GET` is the staff queue (admin)."""

    parser_classes = [JSONParser]

    def get_permissions(self):
        listing = getattr(self.request, "method", "GET") == "GET"
        return [IsAdmin()] if listing else [IsCustomer()]

    @extend_schema(
        summary="The staff queue: tickets oldest first, with their age (admin); one page of a JSON array",
        parameters=[
            AdminTicketListInSerializer,
            OpenApiParameter(
                TOTAL_COUNT_HEADER, int, OpenApiParameter.HEADER, response=[200], description="Tickets in all pages"
            ),
            OpenApiParameter("Link", str, OpenApiParameter.HEADER, response=[200], description="RFC 8288 page links"),
        ],
        responses=AdminTicketSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        query = AdminTicketListInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        size = query.validated_data["pageSize"]
        page = selectors.tickets_for_admin(
            status=query.validated_data.get("status") or None, page=query.validated_data["pageNumber"], page_size=size
        )
        headers = page_headers(request, page=page, page_size=size)
        return _private(Response(AdminTicketSerializer(page.items, many=True).data, headers=headers))

    @extend_schema(
        summary="Report a problem with lines of your delivered order, within 48 hours of delivery",
        request=TicketOpenInSerializer,
        responses={
            201: TicketSerializer,
            400: OpenApiResponse(description='{"message"}: no line, a number of packs outside what is left'),
            404: OpenApiResponse(description='{"message"}: not your order, or not a line of it'),
            409: OpenApiResponse(
                description='{"message", "code"}: not_delivered, report_window_closed, already_reported, '
                "already_refunded"
            ),
        },
    )
    def post(self, request: Request) -> Response:
        body = TicketOpenInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        ticket = services.ticket_open_problem_report(
            user=request.user,
            public_id=data["order"],
            lines=[
                services.ReportedLine(item_id=line["item"], problem=line["problem"], quantity=line["quantity"])
                for line in data["lines"]
            ],
            text=data["text"],
            photo=data["photo"],
        )
        ticket = selectors.ticket_get_for(user=request.user, number=ticket.number)
        return Response(TicketSerializer(ticket).data, status=status.HTTP_201_CREATED)


class MyTicketsView(APIView):
    """`GET /api/support/tickets/mine[?order=<id>]`: the caller's tickets, newest first."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Your tickets, newest first (of one order with ?order=)",
        parameters=[MyTicketsInSerializer],
        responses=TicketSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        query = MyTicketsInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        tickets = selectors.tickets_for_user(user=request.user, public_id=query.validated_data.get("order") or None)
        return _private(Response(TicketSerializer(tickets, many=True).data))


class TicketDetailView(APIView):
    """`GET /api/support/tickets/{number}`: the ticket, for its shopper or staff."""

    permission_classes = [IsCustomer]

    @extend_schema(summary="A ticket (its shopper or admin)", responses=AdminTicketSerializer)
    def get(self, request: Request, number: str) -> Response:
        return _private(Response(_ticket_data(request, selectors.ticket_get_for(user=request.user, number=number))))


class TicketRejectView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Reject a ticket with a reason the shopper reads (admin)",
        request=TicketRejectInSerializer,
        responses={
            200: AdminTicketSerializer,
            400: OpenApiResponse(description='{"message"}: no reason, or one over 500 characters'),
            404: OpenApiResponse(description='{"message": "Ticket not found"}'),
            409: OpenApiResponse(description='{"message", "code": "ticket_decided"}: already approved or rejected'),
        },
    )
    def post(self, request: Request, number: str) -> Response:
        body = TicketRejectInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.ticket_reject(number=number, by=request.user, reason=body.validated_data["reason"])
        return Response(_ticket_data(request, selectors.ticket_get_for(user=request.user, number=number)))


class TicketAcknowledgeView(APIView):
    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Acknowledge a ticket (admin): stops its 48-hour clock",
        request=None,
        responses={200: AdminTicketSerializer, 404: OpenApiResponse(description='{"message": "Ticket not found"}')},
    )
    def post(self, request: Request, number: str) -> Response:
        grievances.ticket_acknowledge(number=number, by=request.user)
        return Response(_ticket_data(request, selectors.ticket_get_for(user=request.user, number=number)))


class TicketResolveView(APIView):
    permission_classes = [IsAdmin]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Resolve a grievance with the answer the person reads (admin)",
        request=TicketResolveInSerializer,
        responses={
            200: AdminTicketSerializer,
            400: OpenApiResponse(description='{"message"}: no answer, or one over 500 characters'),
            404: OpenApiResponse(description='{"message": "Ticket not found"}'),
            409: OpenApiResponse(description='{"message"}: a problem report, or already closed'),
        },
    )
    def post(self, request: Request, number: str) -> Response:
        body = TicketResolveInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        grievances.grievance_resolve(number=number, by=request.user, answer=body.validated_data["answer"])
        return Response(_ticket_data(request, selectors.ticket_get_for(user=request.user, number=number)))


class OrderReportView(APIView):
    """`GET /api/support/orders/{id}`: the report page's state for the caller's own order."""

    permission_classes = [IsCustomer]

    @extend_schema(
        summary="Whether your order can be reported about, until when, what is left to report, your tickets",
        responses=OrderReportSerializer,
    )
    def get(self, request: Request, public_id: str) -> Response:
        state = selectors.order_report_state(user=request.user, public_id=public_id)
        return _private(Response(OrderReportSerializer(state).data))


class PhotoUploadView(APIView):
    """A shopper's photo of the problem: checked, cleaned and stored like staff's product photos."""

    permission_classes = [IsCustomer]
    parser_classes = [MultiPartParser, FormParser]
    throttle_classes = [PhotoUploadThrottle]

    @extend_schema(
        summary="Upload a photo of the problem: JPEG, PNG or WebP in the multipart field `image`",
        request={
            "multipart/form-data": {"type": "object", "properties": {"image": {"type": "string", "format": "binary"}}}
        },
        responses={201: PhotoSerializer},
    )
    def post(self, request: Request) -> Response:
        stored = ticket_photo_store(request.FILES.get("image"))
        return Response(
            PhotoSerializer({"photo": stored.image, "thumbnail": stored.thumbnail}).data,
            status=status.HTTP_201_CREATED,
        )
