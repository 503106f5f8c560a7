from django.db import models


class SmsMessage(models.Model):
    """A text the `outbox` SMS backend kept instead of sending (local runs and tests)."""

    class Status(models.TextChoices):
        SENT = "sent", "Sent"
        FAILED = "failed", "Failed"

    phone_no = models.CharField("phone number", max_length=10, db_index=True)
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.SENT)

    class Meta:
        # Created by accounts before SMS had an app of its own; the table keeps its name so no row is lost.
        db_table = "accounts_smsmessage"
        ordering = ["-created_at", "-id"]
        verbose_name = "SMS message"

    def __str__(self) -> str:
        return f"SMS to {self.phone_no} at {self.created_at:%Y-%m-%d %H:%M}"
