"""Orders in any state, made directly (the pipeline itself is tested in orders/), and the two
built-in promotions the migration adds."""

import importlib
import itertools
from datetime import date, datetime
from decimal import Decimal

import pytest
from django.utils import timezone

from orders.models import Order
from promotions.models import Promotion
from promotions.rules import INDIA

_invoices = itertools.count(1)


def india(year, month, day, hour=12, minute=0) -> datetime:
    return datetime(year, month, day, hour, minute, tzinfo=INDIA)


def make_order(user, total, *, status="placed", paid=False, at=None) -> Order:
    """An order of `total` rupees; `at` is when it was delivered (or placed, if it is not delivered)."""
    at = at or timezone.now()
    total = Decimal(str(total))
    stamps = {}
    if status in ("packed", "dispatched", "delivered"):
        stamps["packed_at"] = at
    if status in ("dispatched", "delivered"):
        stamps["dispatched_at"] = at
    if status == "delivered":
        stamps["delivered_at"] = at
    if status == "cancelled":
        stamps["cancelled_at"] = at
    return Order.objects.create(
        invoice_number=f"TEST-{next(_invoices)}",
        user=user,
        shipping_street="12 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method="Cash Or UPI",
        items_price=total,
        shipping_price=Decimal("0.00"),
        total_price=total,
        status=status,
        is_paid=paid,
        paid_at=at if paid else None,
        created_at=at,
        **stamps,
    )


def builtin_promotion(kind: str) -> Promotion:
    """The migration's offer of `kind` (made again when a transactional test has flushed the tables)."""
    offers = importlib.import_module("promotions.migrations.0002_builtin_offers").OFFERS
    offer = next(offer for offer in offers if offer["kind"] == kind)
    promotion, _created = Promotion.objects.get_or_create(
        kind=kind, title=offer["title"], defaults={**offer, "starts_on": date(2026, 1, 1)}
    )
    return promotion


@pytest.fixture
def gold(db) -> Promotion:
    return builtin_promotion(Promotion.Kind.GOLD_COUPON)


@pytest.fixture
def silver(db) -> Promotion:
    return builtin_promotion(Promotion.Kind.SILVER_COIN)


def shoppers(count: int, start: int = 0) -> list:
    """`count` customers (no password hashing: they never sign in)."""
    from accounts.models import User

    return [User.objects.create(phone_no=f"97{start + i:08d}", name=f"Shopper {start + i}") for i in range(count)]
