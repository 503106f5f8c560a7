"""Writes for promotions: rewards recomputed from an order's state, staff handing a reward over,
and the monthly lucky draw.

`rewards_sync_order` is the one entry point from orders: it runs after every committed change to an
order (placed, moved, cancelled, paid; see `promotions/receivers.py`) and is idempotent, so calling
it again for the same order changes nothing. The rules themselves are in `promotions/rules.py`.

- Silver coins and earphones belong to an order: pending while it is on the way (or delivered and
  not yet paid), confirmed once delivered and paid; a pending one disappears if the order is cancelled.
- A gold-coin coupon belongs to a customer's month (India time, the month the order was
  delivered in): the customer's delivered and paid orders of that month must total more than the
  threshold. The first `monthly_cap` customers get one: the promotion's row is locked while a
  coupon is counted and written, so concurrent deliveries never give more.
"""

import logging
import secrets
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from common.errors import Conflict
from notifications.messages import lucky_draw_won_text
from notifications.services import sms_after_commit
from orders.models import Order
from promotions import rules
from promotions.error_codes import PromotionErrorCode
from promotions.models import Draw, Promotion, Reward
from promotions.selectors import month_spent

logger = logging.getLogger(__name__)

Prize, Status = Reward.Prize, Reward.Status
SEED_LIMIT = 2**62


def counts(order: Order) -> bool:
    """A purchase counts once the order is delivered and paid (online, or cash collected)."""
    return order.status == Order.Status.DELIVERED and order.is_paid


def rewards_sync_order(*, order_id: int) -> None:
    """Bring this order's rewards in line with its state (see the module docstring)."""
    with transaction.atomic():
        order = Order.objects.select_for_update().select_related("user").filter(pk=order_id).first()
        if order is None:
            return
        _sync_silver(order)
        if counts(order):
            _award_coupons(order)


def _sync_silver(order: Order) -> None:
    day = rules.india_date(order.delivered_at or order.created_at)
    existing = {(r.promotion_id, r.prize): r for r in Reward.objects.filter(order=order).exclude(prize=Prize.COUPON)}
    wanted: dict[tuple[int, str], int] = {}
    if order.status != Order.Status.CANCELLED:
        rewarded = {promotion_id for promotion_id, _prize in existing}
        promotions = Promotion.objects.filter(kind=Promotion.Kind.SILVER_COIN).filter(
            Q(is_active=True) | Q(pk__in=rewarded)
        )
        for promotion in promotions:
            if rules.covers(promotion, day):
                for prize, quantity in rules.silver_prizes(promotion, order.total_price).items():
                    wanted[(promotion.pk, prize)] = quantity

    status = Status.CONFIRMED if counts(order) else Status.PENDING
    now = timezone.now()
    for key, reward in existing.items():
        if key not in wanted and reward.status == Status.PENDING:
            reward.delete()
    for (promotion_id, prize), quantity in wanted.items():
        reward = existing.get((promotion_id, prize))
        if reward is None:
            Reward.objects.create(
                customer=order.user,
                promotion_id=promotion_id,
                order=order,
                month=day.replace(day=1),
                prize=prize,
                quantity=quantity,
                status=status,
                confirmed_at=now if status == Status.CONFIRMED else None,
            )
        elif reward.status in (Status.PENDING, Status.CONFIRMED):
            changed = reward.quantity != quantity or reward.status != status
            if changed:
                reward.quantity, reward.status = quantity, status
                reward.month = day.replace(day=1)
                reward.confirmed_at = now if status == Status.CONFIRMED else None
                reward.save(update_fields=["quantity", "status", "month", "confirmed_at"])


def _award_coupons(order: Order) -> None:
    month = rules.month_of(order.delivered_at)
    day = rules.india_date(order.delivered_at)
    for promotion in Promotion.objects.filter(kind=Promotion.Kind.GOLD_COUPON, is_active=True):
        if not rules.covers(promotion, day):
            continue
        if not rules.earns_coupon(promotion, month_spent(customer_id=order.user_id, month=month)):
            continue
        # One at a time per promotion: count this month's coupons and add one under the lock.
        Promotion.objects.select_for_update().only("pk").get(pk=promotion.pk)
        coupons = Reward.objects.filter(promotion=promotion, month=month, prize=Prize.COUPON)
        if coupons.filter(customer_id=order.user_id).exists():
            continue
        if Draw.objects.filter(promotion=promotion, month=month).exists():
            logger.warning("order %s crossed the line after the %s draw ran; no coupon", order.public_id, month)
            continue
        if coupons.count() >= promotion.monthly_cap:
            logger.info(
                "no coupon for order %s: the %s cap of %s is reached", order.public_id, month, promotion.monthly_cap
            )
            continue
        Reward.objects.create(
            customer_id=order.user_id,
            promotion=promotion,
            order=order,
            month=month,
            prize=Prize.COUPON,
            status=Status.CONFIRMED,
            confirmed_at=timezone.now(),
        )
        logger.info("coupon for %s in %s from order %s", order.user_id, month, order.public_id)


def rewards_sync_month(*, month: date) -> int:
    """Recompute the rewards of every order delivered in `month` (India time), earliest first.

    `order_changed` reaches promotions after the order's commit, so a process that died in between
    would leave an order uncounted; the draw runs this first, so every coupon of the month is in it.
    Returns how many orders were looked at.
    """
    start, end = rules.month_bounds(month)
    order_ids = list(
        Order.objects.filter(delivered_at__gte=start, delivered_at__lt=end)
        .order_by("delivered_at", "id")
        .values_list("pk", flat=True)
    )
    for order_id in order_ids:
        rewards_sync_order(order_id=order_id)
    return len(order_ids)


def reward_hand_over(*, reward: Reward, by) -> bool:
    """Staff hand a confirmed or won prize to the customer; False when it cannot be (pending, a
    coupon that did not win, or already handed over)."""
    with transaction.atomic():
        locked = Reward.objects.select_for_update().get(pk=reward.pk)
        ready = locked.status == Status.WON or (locked.status == Status.CONFIRMED and locked.prize != Prize.COUPON)
        if not ready:
            return False
        locked.status, locked.handed_over_at, locked.handed_over_by = Status.HANDED_OVER, timezone.now(), by
        locked.save(update_fields=["status", "handed_over_at", "handed_over_by"])
    return True


# --- The lucky draw ---------------------------------------------------------------------------------


@dataclass
class DrawOutcome:
    promotion: Promotion
    month: date
    seed: int
    eligible: list[Reward]
    winners: list[Reward] = field(default_factory=list)
    draw: Draw | None = None  # None for a dry run

    @property
    def everyone_wins(self) -> bool:
        return len(self.eligible) <= self.promotion.winners


def month_label(month: date) -> str:
    return f"{month:%B %Y}"


def draw_promotions_for(month: date):
    """The gold-coin promotions a month's draw is for: those running in that month or holding its coupons."""
    return [
        promotion
        for promotion in Promotion.objects.filter(kind=Promotion.Kind.GOLD_COUPON)
        if rules.overlaps_month(promotion, month) or promotion.rewards.filter(month=month, prize=Prize.COUPON).exists()
    ]


def draw_run(
    *,
    promotion: Promotion,
    month: date,
    seed: int | None = None,
    by=None,
    dry_run: bool = False,
    now: datetime | None = None,
) -> DrawOutcome:
    """Draw `promotion.winners` of the month's coupons with `seed` (a random one when None).

    Refuses (409) a month that has not ended in India and a month already drawn. The month's
    delivered orders are counted again first (`rewards_sync_month`), the draw is stored with its
    seed and every eligible coupon, the winning coupons become won, and each winner gets an SMS
    once it commits.

    A dry run does all of that (the recount too: coupons an uncounted order earns are in it) inside
    a transaction it rolls back, so it answers exactly what the real run with the same seed will
    do, and stores and sends nothing (SMS go after commit, and there is none).
    """
    if dry_run:
        with transaction.atomic():
            outcome = _draw(promotion=promotion, month=month, seed=seed, by=by, now=now, store=False)
            transaction.set_rollback(True)
        return outcome
    return _draw(promotion=promotion, month=month, seed=seed, by=by, now=now, store=True)


def _draw(*, promotion: Promotion, month: date, seed: int | None, by, now: datetime | None, store: bool) -> DrawOutcome:
    month = month.replace(day=1)
    now = now or timezone.now()
    if not rules.month_ended(month, now=now):
        raise Conflict(
            f"{month_label(month)} has not ended yet (India time); its draw can run from "
            f"{rules.next_month(month):%-d %B %Y}.",
            code=PromotionErrorCode.MONTH_NOT_ENDED,
        )
    if seed is None:
        seed = secrets.randbelow(SEED_LIMIT)
    if not Draw.objects.filter(promotion=promotion, month=month).exists():
        rewards_sync_month(month=month)
    with transaction.atomic():
        Promotion.objects.select_for_update().only("pk").get(pk=promotion.pk)
        done = Draw.objects.filter(promotion=promotion, month=month).first()
        if done is not None:
            raise Conflict(
                f"The {month_label(month)} draw of {promotion} already ran on {rules.india_date(done.ran_at):%-d %B %Y} "
                f"(seed {done.seed}).",
                code=PromotionErrorCode.ALREADY_DRAWN,
            )
        eligible = list(
            Reward.objects.filter(promotion=promotion, month=month, prize=Prize.COUPON, status=Status.CONFIRMED)
            .select_related("customer")
            .order_by("id")
        )
        chosen = set(rules.pick_winners([r.pk for r in eligible], seed=seed, count=promotion.winners))
        outcome = DrawOutcome(
            promotion=promotion,
            month=month,
            seed=seed,
            eligible=eligible,
            winners=[r for r in eligible if r.pk in chosen],
        )
        if not store:
            return outcome
        outcome.draw = Draw.objects.create(
            promotion=promotion,
            month=month,
            seed=seed,
            eligible=[{"reward": r.pk, "customer": r.customer_id} for r in eligible],
            ran_by=by if by is not None and getattr(by, "is_authenticated", False) else None,
            ran_at=now,
        )
        outcome.draw.winners.set(outcome.winners)
        Reward.objects.filter(pk__in=chosen).update(status=Status.WON)
        for reward in outcome.winners:
            reward.status = Status.WON
            sms_after_commit(
                phone_no=reward.customer.phone_no,
                text=lucky_draw_won_text(promotion=promotion.title, month=month, language=reward.customer.language),
                about=f"lucky draw SMS for coupon {reward.pk}",
            )
    logger.info("%s drawn with seed %s: %s of %s coupons win", outcome.draw, seed, len(chosen), len(eligible))
    return outcome
