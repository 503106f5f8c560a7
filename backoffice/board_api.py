"""Thin HTTP views for the staff's live order board (`backoffice.board`, issue 27): admins only."""

from drf_spectacular.utils import extend_schema
from rest_framework.parsers import JSONParser
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from backoffice import board
from backoffice.serializers import BoardInSerializer, BoardSerializer, BulkMoveInSerializer, BulkMoveSerializer
from common.permissions import HasRole
from common.roles import Role


class BoardView(APIView):
    """`GET /api/orders/board`: the board as it loads, or with `since` what changed after a cursor."""

    permission_classes = [HasRole(Role.PACKER)]

    @extend_schema(
        summary="The staff's order board (admin): filtered orders and a change cursor; with `since`, the catch-up",
        parameters=[BoardInSerializer],
        responses=BoardSerializer,
    )
    def get(self, request: Request) -> Response:
        query = BoardInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        data = query.validated_data
        board_filter = board.BoardFilter(
            state=data.get("status") or "",
            delivery_date=data.get("date"),
            window_id=data.get("window"),
            q=board.clean_search(data.get("q")),
        )
        if "since" in data:
            answer = board.board_changes(since=data["since"], board_filter=board_filter)
        else:
            answer = board.board_orders(board_filter=board_filter)
        return Response(
            BoardSerializer(
                {
                    "cursor": str(answer.cursor),
                    "more": answer.more,
                    "orders": answer.orders,
                    "changed": answer.changed,
                    "new": answer.new,
                },
                context={"request": request},
            ).data
        )


class BulkMoveView(APIView):
    """`POST /api/orders/bulk-move`: mark a set of orders packed, dispatched or delivered, each on its own."""

    permission_classes = [HasRole(Role.PACKER)]
    parser_classes = [JSONParser]

    @extend_schema(
        summary="Move up to 200 orders to packed, dispatched or delivered (admin); answers which moved and which did not, and why",
        request=BulkMoveInSerializer,
        responses=BulkMoveSerializer,
    )
    def post(self, request: Request) -> Response:
        body = BulkMoveInSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        result = board.orders_bulk_move(
            public_ids=body.validated_data["ids"], to_status=body.validated_data["to"], by=request.user
        )
        return Response(BulkMoveSerializer(result).data)
