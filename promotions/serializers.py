"""How promotions, rewards and draws read on the wire (camelCase, money as JSON numbers)."""

from rest_framework import serializers

from common.fields import MoneyField, PageNumberField, PageSizeField
from common.pagination import REWARD_LIST
from promotions.models import Reward


def month_text(month) -> str:
    return f"{month:%Y-%m}"


class PromotionSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    title = serializers.CharField()
    description = serializers.CharField()
    titleTe = serializers.CharField(source="title_te")
    descriptionTe = serializers.CharField(source="description_te")
    image = serializers.CharField()
    startsOn = serializers.DateField(source="starts_on")
    endsOn = serializers.DateField(source="ends_on", allow_null=True)
    monthlyThreshold = MoneyField(source="monthly_threshold", allow_null=True, read_only=True)
    monthlyCap = serializers.IntegerField(source="monthly_cap", allow_null=True)
    winners = serializers.IntegerField(allow_null=True)
    couponsLeft = serializers.SerializerMethodField(help_text="Coupons still to give this month (gold-coin only)")
    coinStep = MoneyField(source="coin_step", allow_null=True, read_only=True)
    earphonesThreshold = MoneyField(source="earphones_threshold", allow_null=True, read_only=True)

    def get_couponsLeft(self, promotion) -> int | None:
        if promotion.monthly_cap is None:
            return None
        return max(promotion.monthly_cap - promotion.coupons_taken, 0)


class RewardSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    promotionId = serializers.IntegerField(source="promotion_id")
    promotion = serializers.CharField(source="promotion.title")
    prize = serializers.CharField()
    prizeLabel = serializers.CharField(source="get_prize_display")
    quantity = serializers.IntegerField()
    status = serializers.CharField()
    statusLabel = serializers.CharField(source="get_status_display")
    month = serializers.SerializerMethodField()
    orderId = serializers.CharField(source="order.public_id", default=None, allow_null=True)
    createdAt = serializers.DateTimeField(source="created_at")
    handedOverAt = serializers.DateTimeField(source="handed_over_at", allow_null=True)

    def get_month(self, reward) -> str:
        return month_text(reward.month)


class AdminRewardSerializer(RewardSerializer):
    customer = serializers.SerializerMethodField()

    def get_customer(self, reward) -> dict:
        return {"id": reward.customer_id, "name": reward.customer.name, "phoneNo": reward.customer.phone_no}


class GoldProgressSerializer(serializers.Serializer):
    promotionId = serializers.IntegerField(source="promotion.pk")
    title = serializers.CharField(source="promotion.title")
    threshold = MoneyField(source="promotion.monthly_threshold", read_only=True)
    spent = MoneyField(read_only=True, help_text="Delivered and paid this month")
    onTheWay = MoneyField(source="on_the_way", read_only=True, help_text="Orders not yet delivered and paid")
    moreForCoupon = MoneyField(source="more", read_only=True, help_text="Still to spend this month; 0 once earned")
    couponsLeft = serializers.IntegerField(source="coupons_left")
    coupon = RewardSerializer(allow_null=True)


class PrizeTallySerializer(serializers.Serializer):
    earned = serializers.IntegerField()
    pending = serializers.IntegerField()


class MyDrawSerializer(serializers.Serializer):
    promotion = serializers.CharField(source="draw.promotion.title")
    month = serializers.SerializerMethodField()
    ranAt = serializers.DateTimeField(source="draw.ran_at")
    eligible = serializers.SerializerMethodField()
    winners = serializers.IntegerField(source="draw.winner_count")
    youWon = serializers.BooleanField(source="won")

    def get_month(self, entry) -> str:
        return month_text(entry["draw"].month)

    def get_eligible(self, entry) -> int:
        return len(entry["draw"].eligible)


class MyRewardsSerializer(serializers.Serializer):
    month = serializers.SerializerMethodField()
    gold = GoldProgressSerializer(many=True)
    coins = PrizeTallySerializer()
    earphones = PrizeTallySerializer()
    rewards = RewardSerializer(many=True)
    draws = MyDrawSerializer(many=True)

    def get_month(self, summary) -> str:
        return month_text(summary["month"])


class OrderRewardsSerializer(serializers.Serializer):
    orderId = serializers.CharField(source="order.public_id")
    status = serializers.CharField(source="order.status")
    rewards = RewardSerializer(many=True)


class DrawSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    promotion = serializers.CharField(source="promotion.title")
    month = serializers.SerializerMethodField()
    seed = serializers.CharField(help_text="As a string: it may exceed what JavaScript numbers hold exactly")
    eligible = serializers.JSONField()
    winners = AdminRewardSerializer(many=True, source="winners.all")
    ranBy = serializers.CharField(source="ran_by.name", default=None, allow_null=True)
    ranAt = serializers.DateTimeField(source="ran_at")

    def get_month(self, draw) -> str:
        return month_text(draw.month)


class AdminRewardListInSerializer(serializers.Serializer):
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=REWARD_LIST)
    status = serializers.ChoiceField(choices=Reward.Status.values, required=False, allow_blank=True)
