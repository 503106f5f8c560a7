"""Support tickets: one queue with clocks for what goes wrong after the sale.

A ticket is a shopper's problem report about a delivered order (lines, problem, quantity, an
optional photo) or, later (issue 28), a grievance, which may name no order. Every ticket carries
the same clocks (opened, acknowledged, resolved) so the staff queue can show its age whatever its
kind. The rules that open and decide tickets live in `support/services.py`; the constraints below
are the database's last guard.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext_lazy


class Ticket(models.Model):
    class Kind(models.TextChoices):
        PROBLEM_REPORT = "problem_report", gettext_lazy("Problem report")
        GRIEVANCE = "grievance", gettext_lazy("Grievance")

    class Status(models.TextChoices):
        OPEN = "open", gettext_lazy("Open")
        APPROVED = "approved", gettext_lazy("Approved")
        REJECTED = "rejected", gettext_lazy("Rejected")
        RESOLVED = "resolved", gettext_lazy("Resolved")  # a grievance, answered (`decision_reason`)

    class Outcome(models.TextChoices):
        """What the approval gave back (`payments.refunds.MoneyBack.kind`)."""

        REFUND = "refund", gettext_lazy("Refund to the payment")
        CREDIT = "credit", gettext_lazy("Store credit")
        NONE = "none", gettext_lazy("Amount due reduced")

    number = models.CharField(max_length=20, unique=True, editable=False)
    kind = models.CharField(max_length=20, choices=Kind.choices, default=Kind.PROBLEM_REPORT)
    # Null for a grievance filed by someone not signed in, who is reached by `contact_*` instead.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="tickets"
    )
    contact_name = models.CharField(max_length=100, blank=True, default="")
    contact_phone = models.CharField(max_length=15, blank=True, default="")
    contact_email = models.EmailField(blank=True, default="")
    # Null for a grievance that names no order (issue 28).
    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, null=True, blank=True, related_name="tickets")
    status = models.CharField(max_length=20, choices=Status.choices, default=Status.OPEN)
    text = models.CharField("shopper's text", max_length=1000, blank=True, default="")
    # The cleaned photo (catalog.uploads.image_store) and its small copy; "" when none was sent.
    photo = models.CharField(max_length=500, blank=True, default="")
    photo_thumbnail = models.CharField(max_length=500, blank=True, default="")

    opened_at = models.DateTimeField(default=timezone.now, db_index=True)
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    resolved_at = models.DateTimeField(null=True, blank=True)

    decision_reason = models.CharField(
        max_length=500, blank=True, default="", help_text="Shown to the shopper (a rejection's reason)."
    )
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    amount_approved = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    outcome = models.CharField(max_length=10, choices=Outcome.choices, blank=True, default="")
    # The ids of what the approval made: the Refund (online order) or the store-credit entry (cash
    # order), and the GST credit note. Kept as ids here so this app's table does not depend on the
    # shape of the payments' and orders' tables; `support/selectors.py` reads them.
    refund_id = models.BigIntegerField(null=True, blank=True)
    credit_entry_id = models.BigIntegerField(null=True, blank=True)
    credit_note_id = models.BigIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["opened_at", "id"]
        indexes = [models.Index(fields=["status", "opened_at"], name="ticket_status_oldest")]
        constraints = [
            models.CheckConstraint(
                condition=Q(status__in=["open", "approved", "rejected", "resolved"]), name="ticket_status_known"
            ),
            models.CheckConstraint(
                condition=Q(user__isnull=False) | ~Q(contact_phone=""), name="ticket_has_someone_to_answer"
            ),
            models.CheckConstraint(
                condition=~Q(status="resolved") | (Q(kind="grievance") & ~Q(decision_reason="")),
                name="ticket_resolved_grievance_has_answer",
            ),
            models.CheckConstraint(condition=Q(kind__in=["problem_report", "grievance"]), name="ticket_kind_known"),
            models.CheckConstraint(
                condition=Q(kind="grievance") | Q(order__isnull=False), name="ticket_problem_report_has_order"
            ),
            models.CheckConstraint(
                condition=Q(status="open", resolved_at__isnull=True)
                | (~Q(status="open") & Q(resolved_at__isnull=False)),
                name="ticket_resolved_has_time",
            ),
            models.CheckConstraint(
                condition=~Q(status="approved") | Q(amount_approved__isnull=False, amount_approved__gte=0),
                name="ticket_approved_has_amount",
            ),
            models.CheckConstraint(
                condition=~Q(status="rejected") | ~Q(decision_reason=""), name="ticket_rejected_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return self.number

    @property
    def is_open(self) -> bool:
        return self.status == self.Status.OPEN


class TicketLine(models.Model):
    """One order line a problem report is about: what is wrong and with how many packs."""

    class Problem(models.TextChoices):
        MISSING = "missing", gettext_lazy("Missing")
        DAMAGED = "damaged", gettext_lazy("Damaged")
        WRONG_ITEM = "wrong_item", gettext_lazy("Wrong item")
        EXPIRED = "expired", gettext_lazy("Expired")
        OTHER = "other", gettext_lazy("Other")

    ticket = models.ForeignKey(Ticket, on_delete=models.CASCADE, related_name="lines")
    order_item = models.ForeignKey("orders.OrderItem", on_delete=models.PROTECT, related_name="ticket_lines")
    problem = models.CharField(max_length=20, choices=Problem.choices)
    quantity = models.PositiveSmallIntegerField("packs affected")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(quantity__gte=1) & Q(quantity__lte=10), name="ticket_line_qty_1_to_10"),
            models.CheckConstraint(
                condition=Q(problem__in=["missing", "damaged", "wrong_item", "expired", "other"]),
                name="ticket_line_problem_known",
            ),
            models.UniqueConstraint(fields=["ticket", "order_item"], name="ticket_line_once_per_item"),
        ]

    def __str__(self) -> str:
        return f"{self.quantity} × {self.order_item} ({self.problem})"


class TicketSequence(models.Model):
    """The last ticket number handed out in a year (T-2026-000001...), so numbers run without gaps.

    The row is locked last when a ticket opens (after the order's row), as placement does with the
    invoice sequence.
    """

    year = models.PositiveSmallIntegerField(primary_key=True)
    last_number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.year}: {self.last_number}"
