"""Thin HTTP views for promotions: the banners' offers, the customer's rewards, an order's rewards,
and the staff lists of rewards and draws."""

from django.utils import timezone
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.pagination import page_headers
from common.permissions import IsAdmin, IsCustomer
from orders.selectors import order_get_for
from promotions import selectors
from promotions.serializers import (
    AdminRewardListInSerializer,
    AdminRewardSerializer,
    DrawSerializer,
    MyRewardsSerializer,
    OrderRewardsSerializer,
    PromotionSerializer,
)

PUBLIC_MAX_AGE_SECONDS = 60


class PromotionsView(APIView):
    """`GET /api/promotions`: the offers running today, for the home banners (public, cacheable)."""

    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(summary="Active promotions, banner order", responses=PromotionSerializer(many=True))
    def get(self, request: Request) -> Response:
        response = Response(PromotionSerializer(selectors.active_promotions(now=timezone.now()), many=True).data)
        patch_cache_control(response, public=True, max_age=PUBLIC_MAX_AGE_SECONDS)
        return response


class MyRewardsView(APIView):
    """`GET /api/promotions/mine`: the caller's coupons, coins and progress toward this month's coupon."""

    permission_classes = [IsCustomer]

    @extend_schema(summary="The signed-in customer's rewards", responses=MyRewardsSerializer)
    def get(self, request: Request) -> Response:
        summary = selectors.customer_rewards(user=request.user, now=timezone.now())
        response = Response(MyRewardsSerializer(summary).data)
        patch_cache_control(response, private=True, no_store=True)
        return response


class OrderRewardsView(APIView):
    """`GET /api/promotions/orders/{id}`: what the order earned, or will earn on delivery (owner or admin)."""

    permission_classes = [IsCustomer]

    @extend_schema(summary="An order's rewards", responses=OrderRewardsSerializer)
    def get(self, request: Request, public_id: str) -> Response:
        order = order_get_for(user=request.user, public_id=public_id)
        data = OrderRewardsSerializer({"order": order, "rewards": selectors.order_rewards(order=order)}).data
        return Response(data)


class AdminRewardsView(APIView):
    """`GET /api/promotions/rewards` (admin): every reward, newest first; a JSON array paged by headers."""

    permission_classes = [IsAdmin]

    @extend_schema(
        summary="Every reward (admin)",
        parameters=[AdminRewardListInSerializer],
        responses=AdminRewardSerializer(many=True),
    )
    def get(self, request: Request) -> Response:
        query = AdminRewardListInSerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        size = query.validated_data["pageSize"]
        page = selectors.rewards_for_admin(
            status=query.validated_data.get("status") or None, page=query.validated_data["pageNumber"], page_size=size
        )
        return Response(
            AdminRewardSerializer(page.items, many=True).data, headers=page_headers(request, page=page, page_size=size)
        )


class AdminDrawsView(APIView):
    """`GET /api/promotions/draws` (admin): every draw with its seed, eligible coupons and winners."""

    permission_classes = [IsAdmin]

    @extend_schema(summary="Every lucky draw (admin)", responses=DrawSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(DrawSerializer(selectors.draws_for_admin(), many=True).data)
