"""Reads for promotions: the banners' active offers, a customer's rewards and progress, an order's
rewards, and the staff lists. Each answers in a fixed number of queries."""

from datetime import date, datetime
from decimal import Decimal

from django.db.models import Count, Q

from common.money import sql_paise_sum, to_rupees
from common.pagination import Page, paginate
from orders.models import Order
from promotions import rules
from promotions.models import Draw, Promotion, Reward

Prize, Status = Reward.Prize, Reward.Status
MY_REWARDS_LIMIT = 100


def month_spent(*, customer_id: int, month: date) -> Decimal:
    """What the customer's delivered and paid orders of `month` (India time) add up to, to the paisa
    on every database (added up as whole paise, `common.money.sql_paise_sum`)."""
    start, end = rules.month_bounds(month)
    paise = Order.objects.filter(
        user_id=customer_id,
        status=Order.Status.DELIVERED,
        is_paid=True,
        delivered_at__gte=start,
        delivered_at__lt=end,
    ).aggregate(paise=sql_paise_sum("total_price"))["paise"]
    return to_rupees(paise)


def _on_the_way(*, customer_id: int) -> Decimal:
    """Orders that will count once delivered and paid: not cancelled, not yet counted."""
    paise = (
        Order.objects.filter(user_id=customer_id)
        .exclude(status=Order.Status.CANCELLED)
        .exclude(status=Order.Status.DELIVERED, is_paid=True)
        .aggregate(paise=sql_paise_sum("total_price"))["paise"]
    )
    return to_rupees(paise)


def active_promotions(*, now: datetime) -> list[Promotion]:
    """Switched on and running today (India time), banner order; gold ones carry `coupons_taken` this month."""
    today, month = rules.india_date(now), rules.month_of(now)
    promotions = Promotion.objects.filter(is_active=True, starts_on__lte=today).filter(
        Q(ends_on__isnull=True) | Q(ends_on__gte=today)
    )
    # Explicit order: Django drops Meta.ordering from a GROUP BY query, and PostgreSQL then returns
    # rows in heap order (an edited offer jumped to the end of the banners).
    return list(
        promotions.annotate(
            coupons_taken=Count("rewards", filter=Q(rewards__month=month, rewards__prize=Prize.COUPON))
        ).order_by("sequence", "id")
    )


def customer_rewards(*, user, now: datetime) -> dict:
    """The signed-in customer's page: progress toward this month's coupon, coins, rewards, draws."""
    month = rules.month_of(now)
    spent = month_spent(customer_id=user.pk, month=month)
    on_the_way = _on_the_way(customer_id=user.pk)
    rewards = list(
        Reward.objects.filter(customer=user)
        .select_related("promotion", "order")
        .order_by("-month", "-id")[:MY_REWARDS_LIMIT]
    )
    coupon_months = {(r.promotion_id, r.month): r for r in rewards if r.prize == Prize.COUPON}
    draws = list(
        Draw.objects.filter(promotion_id__in={p for p, _m in coupon_months}, month__in={m for _p, m in coupon_months})
        .select_related("promotion")
        .annotate(winner_count=Count("winners"))
    )
    gold = []
    for promotion in active_promotions(now=now):
        if promotion.kind != Promotion.Kind.GOLD_COUPON:
            continue
        coupon = coupon_months.get((promotion.pk, month))
        gold.append(
            {
                "promotion": promotion,
                "spent": spent,
                "on_the_way": on_the_way,
                "more": Decimal("0.00") if coupon else rules.more_for_coupon(promotion, spent),
                "coupons_left": max(promotion.monthly_cap - promotion.coupons_taken, 0),
                "coupon": coupon,
            }
        )

    def tally(prize: str) -> dict[str, int]:
        counted = [r for r in rewards if r.prize == prize]
        return {
            "earned": sum(r.quantity for r in counted if r.status != Status.PENDING),
            "pending": sum(r.quantity for r in counted if r.status == Status.PENDING),
        }

    return {
        "month": month,
        "gold": gold,
        "coins": tally(Prize.SILVER_COIN),
        "earphones": tally(Prize.EARPHONES),
        "rewards": rewards,
        "draws": [
            {
                "draw": draw,
                "won": coupon_months[(draw.promotion_id, draw.month)].status in (Status.WON, Status.HANDED_OVER),
            }
            for draw in draws
        ],
    }


def order_rewards(*, order: Order) -> list[Reward]:
    return list(Reward.objects.filter(order=order).select_related("promotion", "order").order_by("id"))


def rewards_for_admin(*, status: str | None, page: int, page_size: int) -> Page[Reward]:
    rewards = Reward.objects.select_related("promotion", "order", "customer").order_by("-created_at", "-id")
    if status:
        rewards = rewards.filter(status=status)
    return paginate(rewards, page=page, page_size=page_size)


def draws_for_admin() -> list[Draw]:
    return list(Draw.objects.select_related("promotion", "ran_by").prefetch_related("winners__customer"))
