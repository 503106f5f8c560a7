"""The promotion rules as arithmetic, one place each: which month a moment belongs to (India time),
what an order's total earns in silver coins and earphones, when a month's purchases earn a coupon,
how far a customer is from one, and how a draw picks its winners from its seed.

No database access here; `promotions/services.py` applies these to orders and rewards.
"""

import random
from datetime import date, datetime
from decimal import Decimal
from zoneinfo import ZoneInfo

from promotions.models import Promotion, Reward

INDIA = ZoneInfo("Asia/Kolkata")
PAISA = Decimal("0.01")


def india_date(moment: datetime) -> date:
    return moment.astimezone(INDIA).date()


def month_of(moment: datetime) -> date:
    """The first day of the calendar month (India time) that `moment` falls in."""
    return india_date(moment).replace(day=1)


def next_month(month: date) -> date:
    return date(month.year + month.month // 12, month.month % 12 + 1, 1)


def month_bounds(month: date) -> tuple[datetime, datetime]:
    """The month as [start, end) instants, midnight India time."""
    start = datetime(month.year, month.month, 1, tzinfo=INDIA)
    following = next_month(month)
    return start, datetime(following.year, following.month, 1, tzinfo=INDIA)


def month_ended(month: date, *, now: datetime) -> bool:
    return now >= month_bounds(month)[1]


def covers(promotion: Promotion, day: date) -> bool:
    """Whether `day` is within the promotion's dates (whether it is switched on is asked separately)."""
    return promotion.starts_on <= day and (promotion.ends_on is None or day <= promotion.ends_on)


def overlaps_month(promotion: Promotion, month: date) -> bool:
    last_day = date.fromordinal(next_month(month).toordinal() - 1)
    return promotion.starts_on <= last_day and (promotion.ends_on is None or promotion.ends_on >= month)


def silver_prizes(promotion: Promotion, total: Decimal) -> dict[str, int]:
    """What one order's total earns: a coin per full `coin_step`, earphones at `earphones_threshold` or more."""
    prizes: dict[str, int] = {}
    coins = int(total // promotion.coin_step)
    if coins:
        prizes[Reward.Prize.SILVER_COIN] = coins
    if total >= promotion.earphones_threshold:
        prizes[Reward.Prize.EARPHONES] = 1
    return prizes


def earns_coupon(promotion: Promotion, spent: Decimal) -> bool:
    """A month's purchases must exceed the threshold: exactly the threshold earns nothing."""
    return spent > promotion.monthly_threshold


def more_for_coupon(promotion: Promotion, spent: Decimal) -> Decimal:
    """The smallest amount still to spend this month to earn the coupon (a paisa over the line)."""
    return max(promotion.monthly_threshold + PAISA - spent, Decimal("0.00"))


def pick_winners(coupon_ids: list[int], *, seed: int, count: int) -> list[int]:
    """`count` of the coupons (all of them when there are fewer), the same every time for the same
    seed and the same list (the draw stores both, so anyone can check it)."""
    ordered = sorted(coupon_ids)
    return sorted(random.Random(seed).sample(ordered, min(count, len(ordered))))
