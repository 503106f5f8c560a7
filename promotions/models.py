"""Promotions: the offers on the home page, what customers earn from them, and the lucky draws.

A Promotion is data staff edit in Django admin (its thresholds, cap, dates and whether it is on).
Rewards are written only by `promotions/services.py` from the orders' own state; a Draw is the
permanent, auditable record of one month's lucky draw (seed, every eligible coupon, the winners).
The constraints below are the database's last guard for the rules in the services.
"""

from decimal import Decimal

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Promotion(models.Model):
    class Kind(models.TextChoices):
        GOLD_COUPON = "gold_coupon", "Gold-coin lucky draw (monthly coupon)"
        SILVER_COIN = "silver_coin", "Silver coins and earphones (per order)"

    kind = models.CharField(max_length=20, choices=Kind.choices)
    title = models.CharField(max_length=120)
    description = models.CharField(max_length=500, blank=True)
    # What Telugu pages show instead; left empty, they show the shop's own Telugu text for the offer.
    title_te = models.CharField("title (Telugu)", max_length=120, blank=True)
    description_te = models.CharField("description (Telugu)", max_length=500, blank=True)
    image = models.CharField(max_length=500, blank=True, help_text="Banner image URL")

    # Gold-coin lucky draw: a coupon for a month's purchases above `monthly_threshold`, for the
    # first `monthly_cap` customers of the month; `winners` coupons are drawn after the month.
    monthly_threshold = models.DecimalField(
        max_digits=10, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(Decimal("0"))]
    )
    monthly_cap = models.PositiveIntegerField(null=True, blank=True, help_text="Coupons given per month")
    winners = models.PositiveIntegerField(null=True, blank=True, help_text="Coupons drawn per month")

    # Silver coins: one per full `coin_step` of an order's total; earphones at `earphones_threshold` or more.
    coin_step = models.DecimalField(
        max_digits=10, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(Decimal("0.01"))]
    )
    earphones_threshold = models.DecimalField(
        max_digits=10, decimal_places=2, null=True, blank=True, validators=[MinValueValidator(Decimal("0"))]
    )

    starts_on = models.DateField(help_text="First day it counts (India time)")
    ends_on = models.DateField(null=True, blank=True, help_text="Last day it counts; empty for no end")
    is_active = models.BooleanField(default=True)
    sequence = models.PositiveSmallIntegerField(default=1, help_text="Order of the home banners")

    class Meta:
        ordering = ["sequence", "id"]
        constraints = [
            models.CheckConstraint(
                condition=~Q(kind="gold_coupon")
                | (Q(monthly_threshold__isnull=False) & Q(monthly_cap__isnull=False) & Q(winners__isnull=False)),
                name="promotion_gold_has_rules",
            ),
            models.CheckConstraint(
                condition=~Q(kind="silver_coin") | (Q(coin_step__gt=0) & Q(earphones_threshold__isnull=False)),
                name="promotion_silver_has_rules",
            ),
            models.CheckConstraint(
                condition=Q(ends_on__isnull=True) | Q(ends_on__gte=models.F("starts_on")),
                name="promotion_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.title

    def clean(self) -> None:
        missing = {
            self.Kind.GOLD_COUPON: ("monthly_threshold", "monthly_cap", "winners"),
            self.Kind.SILVER_COIN: ("coin_step", "earphones_threshold"),
        }.get(self.kind, ())
        errors = {name: "Needed for this kind of promotion." for name in missing if getattr(self, name) is None}
        if self.ends_on and self.starts_on and self.ends_on < self.starts_on:
            errors["ends_on"] = "The last day cannot be before the first."
        if errors:
            raise ValidationError(errors)


class Reward(models.Model):
    class Prize(models.TextChoices):
        COUPON = "coupon", "Gold-coin draw coupon"
        SILVER_COIN = "silver_coin", "Silver coin"
        EARPHONES = "earphones", "Earphones"

    class Status(models.TextChoices):
        PENDING = "pending", "Pending delivery"
        CONFIRMED = "confirmed", "Confirmed"
        WON = "won", "Won in the draw"
        HANDED_OVER = "handed_over", "Handed over"

    customer = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="rewards")
    promotion = models.ForeignKey(Promotion, on_delete=models.PROTECT, related_name="rewards")
    # A coupon belongs to a month (the order that crossed the line is kept for the record); coins
    # and earphones belong to their order.
    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    month = models.DateField(help_text="First day of the month it counts for (India time)")
    prize = models.CharField(max_length=20, choices=Prize.choices)
    quantity = models.PositiveSmallIntegerField(default=1)
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PENDING)
    created_at = models.DateTimeField(default=timezone.now)
    confirmed_at = models.DateTimeField(null=True, blank=True)
    handed_over_at = models.DateTimeField(null=True, blank=True)
    handed_over_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["promotion", "month", "prize", "status"], name="reward_month_prize")]
        constraints = [
            models.UniqueConstraint(
                fields=["promotion", "customer", "month"],
                condition=Q(prize="coupon"),
                name="reward_one_coupon_per_customer_month",
            ),
            models.UniqueConstraint(
                fields=["promotion", "order", "prize"],
                condition=Q(order__isnull=False) & ~Q(prize="coupon"),
                name="reward_one_prize_per_order",
            ),
            models.CheckConstraint(condition=Q(quantity__gte=1), name="reward_quantity_positive"),
            models.CheckConstraint(
                condition=~Q(prize="coupon") | ~Q(status="pending"), name="reward_coupon_never_pending"
            ),
            models.CheckConstraint(condition=Q(prize="coupon") | ~Q(status="won"), name="reward_only_coupons_win"),
        ]

    def __str__(self) -> str:
        what = self.get_prize_display() if self.quantity == 1 else f"{self.quantity} × {self.get_prize_display()}"
        return f"{what} for {self.customer} ({self.get_status_display().lower()})"


class Draw(models.Model):
    """One month's lucky draw of one gold-coin promotion: reproducible from `seed` and `eligible`.

    `eligible` is every coupon in the draw, in the order they were drawn from (reward id order):
    `random.Random(seed).sample(eligible_reward_ids, k)` gives the winners again.
    """

    promotion = models.ForeignKey(Promotion, on_delete=models.PROTECT, related_name="draws")
    month = models.DateField(help_text="First day of the month drawn")
    seed = models.BigIntegerField()
    eligible = models.JSONField(default=list, help_text="Every coupon in the draw: reward id, customer id")
    winners = models.ManyToManyField(Reward, related_name="draws_won", blank=True)
    ran_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    ran_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-month", "-id"]
        constraints = [models.UniqueConstraint(fields=["promotion", "month"], name="draw_once_per_month")]

    def __str__(self) -> str:
        return f"{self.promotion} draw for {self.month:%B %Y}"
