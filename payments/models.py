"""Payments: one record per attempt to pay an order online, with its history.

A Payment is created when the shopper starts paying and changes only when the gateway's own
status answer says so (`payments.services`). Its events keep every answer and notification, with
secrets redacted. The constraints are the last guard of "every event counts once".
"""

from django.db import models
from django.db.models import Q
from django.utils import timezone

from orders.models import new_public_id


def new_gateway_order_id() -> str:
    """`P` and 20 random letters and digits: the gateway's order id, at most 21 characters."""
    return f"P{new_public_id()}"


class Payment(models.Model):
    class Status(models.TextChoices):
        NEW = "new", "New (session created)"
        PENDING = "pending", "Pending"
        CHARGED = "charged", "Charged"
        FAILED = "failed", "Failed"

    class Flag(models.TextChoices):
        NONE = "", "—"
        AMOUNT_MISMATCH = "amount_mismatch", "Charged amount differs from the order"
        CHARGED_AFTER_CANCEL = "charged_after_cancel", "Charged after the order was cancelled"
        ALREADY_PAID = "already_paid", "Charged for an order that was already paid"
        IRREGULAR = "irregular", "Irregular gateway status"

    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, related_name="payments")
    gateway = models.CharField(max_length=20)
    gateway_order_id = models.CharField(max_length=21, unique=True, default=new_gateway_order_id, editable=False)
    gateway_reference = models.CharField(max_length=64, blank=True, help_text="The gateway's own id for the order")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEW)
    gateway_status = models.CharField(max_length=40, blank=True)
    payment_link = models.CharField(max_length=500, blank=True)
    # Money that reached the shop without paying the order: staff refund it or re-confirm the order.
    flag = models.CharField(max_length=30, choices=Flag.choices, blank=True, default=Flag.NONE)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    charged_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="payment_status_created")]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive"),
            # At most one charge pays an order; any other is flagged for staff.
            models.UniqueConstraint(
                fields=["order"], condition=Q(status="charged", flag=""), name="payment_one_charge_pays_an_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.gateway_order_id} ({self.get_status_display()})"


class PaymentEvent(models.Model):
    """One thing that happened to a payment: a session, a return, a webhook, a status answer."""

    class Source(models.TextChoices):
        SESSION = "session", "Session created"
        RETURN = "return", "Browser return"
        WEBHOOK = "webhook", "Webhook"
        RECONCILE = "reconcile", "Reconciliation"
        ABANDON = "abandon", "Abandoned-order check"

    payment = models.ForeignKey(Payment, on_delete=models.CASCADE, related_name="events")
    source = models.CharField(max_length=10, choices=Source.choices)
    # The webhook's own id, so a repeated webhook is recognised.
    event_id = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001 - NULL: no id to repeat
    from_status = models.CharField(max_length=10, choices=Payment.Status.choices)
    to_status = models.CharField(max_length=10, choices=Payment.Status.choices)
    gateway_status = models.CharField(max_length=40, blank=True)
    note = models.CharField(max_length=300, blank=True)
    raw = models.JSONField(default=dict, blank=True, help_text="The gateway's answer, secrets redacted")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["payment", "event_id"], condition=Q(event_id__isnull=False), name="payment_event_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.payment_id}: {self.source} {self.from_status} → {self.to_status}"

    @property
    def is_transition(self) -> bool:
        return self.from_status != self.to_status


class SandboxCharge(models.Model):
    """The sandbox gateway's own books: what its hosted page was asked to charge and what happened."""

    gateway_order_id = models.CharField(max_length=21, unique=True)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    customer_id = models.CharField(max_length=20, blank=True)
    description = models.CharField(max_length=200, blank=True)
    status = models.CharField(max_length=40, default="NEW")
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.gateway_order_id}: {self.status}"
