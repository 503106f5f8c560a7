"""Reads for payments."""

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import F, Q
from django.utils import timezone

from orders.models import Order
from payments.models import Payment

OPEN_STATUSES = (Payment.Status.NEW, Payment.Status.PENDING)


def payments_to_reconcile(*, since: datetime | None = None, settled_for: timedelta | None = None) -> list[Payment]:
    """Payments to ask the gateway about again, oldest first, with their order and customer loaded.

    Those still new or pending; and failed ones of unpaid orders while the shopper may still be
    retrying on the gateway's page (the abandoned-order timeout), as a retry can turn a failed
    gateway order into a charged one.
    """
    now = timezone.now()
    if since is None:
        since = now - timedelta(hours=settings.PAYMENT_RECONCILE_WINDOW_HOURS)
    if settled_for is None:
        settled_for = timedelta(minutes=settings.PAYMENT_RECONCILE_AFTER_MINUTES)
    retry_window = now - timedelta(minutes=settings.UNPAID_ONLINE_ORDER_TIMEOUT_MINUTES)
    return list(
        Payment.objects.select_related("order__user")
        .filter(created_at__gte=since, created_at__lte=now - settled_for)
        .filter(
            Q(status__in=OPEN_STATUSES)
            | Q(status=Payment.Status.FAILED, order__is_paid=False, created_at__gte=retry_window)
        )
        .order_by("created_at", "id")
    )


def charged_payments_to_recheck(*, limit: int) -> list[Payment]:
    """Payments charged in the last PAYMENT_RECHECK_CHARGED_DAYS and not yet reversed or charged
    back, at most `limit`, those never rechecked first and then the least recently rechecked."""
    if settings.PAYMENT_RECHECK_CHARGED_DAYS <= 0 or limit <= 0:
        return []
    since = timezone.now() - timedelta(days=settings.PAYMENT_RECHECK_CHARGED_DAYS)
    return list(
        Payment.objects.select_related("order__user")
        .filter(status=Payment.Status.CHARGED, charged_at__gte=since)
        .exclude(flag__in=(Payment.Flag.REVERSED, Payment.Flag.CHARGEBACK))
        .order_by(F("rechecked_at").asc(nulls_first=True), "charged_at", "id")[:limit]
    )


def abandoned_online_orders(*, placed_before: datetime) -> list[Order]:
    """Online orders placed before then, still unpaid and not yet packed, oldest first."""
    return list(
        Order.objects.select_related("user")
        .filter(
            payment_method=Order.PaymentMethod.ONLINE,
            is_paid=False,
            status=Order.Status.PLACED,
            created_at__lt=placed_before,
        )
        .order_by("created_at", "id")
    )


def refunds_to_reconcile() -> list:
    """Refunds still pending, oldest first, with their payment, order and customer loaded."""
    from payments.models import Refund

    return list(
        Refund.objects.select_related("payment", "order__user")
        .filter(state=Refund.State.PENDING)
        .order_by("created_at", "id")
    )
