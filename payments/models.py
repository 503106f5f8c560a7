"""Payments: one record per attempt to pay an order online, with its history.

A Payment is created when the shopper starts paying and changes only when the gateway's own
status answer says so (`payments.services`). Its events keep every answer and notification, with
secrets redacted. The constraints are the last guard of "every event counts once".
"""

from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from common.money import to_rupees
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
        REVERSED = "reversed", "Charged, then reversed by the gateway"
        CHARGEBACK = "chargeback", "Charged, then disputed by the shopper's bank (chargeback)"

    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, related_name="payments")
    gateway = models.CharField(max_length=20)
    gateway_order_id = models.CharField(max_length=21, unique=True, default=new_gateway_order_id, editable=False)
    gateway_reference = models.CharField(max_length=64, blank=True, help_text="The gateway's own id for the order")
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.NEW)
    gateway_status = models.CharField(max_length=40, blank=True)
    payment_link = models.CharField(max_length=500, blank=True)
    # The shop's existing client on another origin (`https://client.example.in`) that started it:
    # the shopper's browser goes back there after paying; blank for the shop's own pages.
    return_origin = models.CharField(max_length=200, blank=True, default="")
    # Money that reached the shop without paying the order: staff refund it or re-confirm the order.
    flag = models.CharField(max_length=30, choices=Flag.choices, blank=True, default=Flag.NONE)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    charged_at = models.DateTimeField(null=True, blank=True)
    # When reconciliation last asked the gateway about this payment after it was charged (a lost
    # reversal or chargeback webhook): each run takes those asked least recently first.
    rechecked_at = models.DateTimeField(null=True, blank=True)
    # Money, in paise, that the gateway captured, and the part of it promised back by refunds that
    # have not failed. Only `payments.refunds` changes `refunded_paise` (with F(), under the
    # payment's row lock); the CHECK below holds whatever a racing writer does.
    captured_paise = models.BigIntegerField(default=0)
    refunded_paise = models.BigIntegerField(default=0)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["status", "created_at"], name="payment_status_created")]
        constraints = [
            models.CheckConstraint(condition=Q(amount__gt=0), name="payment_amount_positive"),
            models.CheckConstraint(
                condition=Q(refunded_paise__gte=0) & Q(refunded_paise__lte=F("captured_paise")),
                name="payment_refunds_within_capture",
            ),
            # At most one charge pays an order; any other is flagged for staff.
            models.UniqueConstraint(
                fields=["order"], condition=Q(status="charged", flag=""), name="payment_one_charge_pays_an_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.gateway_order_id} ({self.get_status_display()})"

    @property
    def refundable_paise(self) -> int:
        return self.captured_paise - self.refunded_paise


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


def new_refund_request_id() -> str:
    """`R` and 20 random letters and digits: our refund's own id, sent as Juspay's `unique_request_id`."""
    return f"R{new_public_id()}"


class Refund(models.Model):
    """Money going back to the card, UPI or bank a payment came from, through the gateway.

    Created pending by `payments.refunds` (in the transaction that decided it), submitted by a
    Celery task after commit, and settled only by the gateway's word (its answer, a webhook, or
    reconciliation). `unique_request_id` is ours, made once: every retry of this refund sends the
    same one, so the gateway never pays it twice.
    """

    class State(models.TextChoices):
        PENDING = "pending", "Pending"
        SUCCEEDED = "succeeded", "Succeeded"
        FAILED = "failed", "Failed"
        MANUAL_REVIEW = "manual_review", "Manual review"

    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, related_name="refunds")
    payment = models.ForeignKey(Payment, on_delete=models.PROTECT, related_name="refunds")
    amount_paise = models.BigIntegerField()
    reason = models.CharField(max_length=300)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    state = models.CharField(max_length=15, choices=State.choices, default=State.PENDING)
    unique_request_id = models.CharField(max_length=21, unique=True, default=new_refund_request_id, editable=False)
    gateway_refund_id = models.CharField(max_length=64, blank=True, help_text="The gateway's own refund id")
    gateway_reference = models.CharField(max_length=64, blank=True, help_text="The bank's reference (ARN / RRN)")
    gateway_status = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(default=timezone.now, db_index=True)
    updated_at = models.DateTimeField(auto_now=True)
    submitted_at = models.DateTimeField(null=True, blank=True)
    settled_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["state", "created_at"], name="refund_state_created")]
        constraints = [
            models.CheckConstraint(condition=Q(amount_paise__gt=0), name="refund_amount_positive"),
            models.CheckConstraint(
                condition=Q(state__in=["pending", "succeeded", "failed", "manual_review"]), name="refund_state_known"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.unique_request_id} ({self.get_state_display()})"

    @property
    def amount(self) -> Decimal:
        return to_rupees(self.amount_paise)

    @property
    def is_final(self) -> bool:
        return self.state in (self.State.SUCCEEDED, self.State.FAILED)


class RefundEvent(models.Model):
    """One thing that happened to a refund: requested, submitted, a webhook, a status answer."""

    class Source(models.TextChoices):
        REQUEST = "request", "Requested"
        SUBMIT = "submit", "Submitted to the gateway"
        WEBHOOK = "webhook", "Webhook"
        RECONCILE = "reconcile", "Reconciliation"
        STAFF = "staff", "Staff"

    refund = models.ForeignKey(Refund, on_delete=models.CASCADE, related_name="events")
    source = models.CharField(max_length=10, choices=Source.choices)
    # The webhook's own id, so a repeated webhook is recognised.
    event_id = models.CharField(max_length=100, null=True, blank=True)  # noqa: DJ001 - NULL: no id to repeat
    from_state = models.CharField(max_length=15, choices=Refund.State.choices, blank=True)
    to_state = models.CharField(max_length=15, choices=Refund.State.choices)
    gateway_status = models.CharField(max_length=40, blank=True)
    note = models.CharField(max_length=300, blank=True)
    raw = models.JSONField(default=dict, blank=True, help_text="The gateway's answer, secrets redacted")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["refund", "event_id"], condition=Q(event_id__isnull=False), name="refund_event_once"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.refund_id}: {self.source} {self.from_state} → {self.to_state}"


class SandboxRefund(models.Model):
    """The sandbox gateway's books of refunds, keyed by our `unique_request_id` as Juspay keys them."""

    unique_request_id = models.CharField(max_length=64, unique=True)
    gateway_order_id = models.CharField(max_length=21, db_index=True)
    amount = models.DecimalField(max_digits=12, decimal_places=2)
    status = models.CharField(max_length=20, default="PENDING")
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.unique_request_id}: {self.status}"


class StoreCreditAccount(models.Model):
    """A shopper's store credit: the balance, in paise, that `payments.credit` keeps equal to the
    sum of the account's entries. The CHECK is the last guard of "never negative"."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="store_credit")
    balance_paise = models.BigIntegerField(default=0)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.CheckConstraint(condition=Q(balance_paise__gte=0), name="store_credit_not_negative"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}: {self.balance}"

    @property
    def balance(self) -> Decimal:
        return to_rupees(self.balance_paise)


class StoreCreditEntry(models.Model):
    """One line of a shopper's store-credit ledger: credit in (positive) or spent (negative)."""

    class Kind(models.TextChoices):
        GRANT = "grant", "Granted"
        REFUND = "refund", "Money back (cash order)"
        SPEND = "spend", "Spent on an order"
        RETURN = "return", "Spent credit given back (order reduced)"
        RESTORE = "restore", "Spent credit given back (order cancelled)"

    account = models.ForeignKey(StoreCreditAccount, on_delete=models.PROTECT, related_name="entries")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    amount_paise = models.BigIntegerField(help_text="Positive: credit in; negative: credit spent")
    balance_after_paise = models.BigIntegerField()
    reason = models.CharField(max_length=300)
    order = models.ForeignKey(
        "orders.Order", on_delete=models.PROTECT, null=True, blank=True, related_name="store_credit_entries"
    )
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        verbose_name_plural = "store credit entries"
        constraints = [
            models.CheckConstraint(
                condition=(Q(kind="spend") & Q(amount_paise__lt=0)) | (~Q(kind="spend") & Q(amount_paise__gt=0)),
                name="store_credit_entry_sign",
            ),
            models.CheckConstraint(condition=Q(balance_after_paise__gte=0), name="store_credit_entry_balance"),
            # An order spends credit once (at placement) and gets it back in full once (cancelled).
            models.UniqueConstraint(fields=["order"], condition=Q(kind="spend"), name="store_credit_spent_once"),
            models.UniqueConstraint(fields=["order"], condition=Q(kind="restore"), name="store_credit_restored_once"),
        ]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.amount}"

    @property
    def amount(self) -> Decimal:
        return to_rupees(self.amount_paise)

    @property
    def balance_after(self) -> Decimal:
        return to_rupees(self.balance_after_paise)
