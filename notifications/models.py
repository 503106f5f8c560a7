from django.conf import settings
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


class SmsSent(models.Model):
    """A text the backend took, by the key its task carries (`notifications/sms.py`, `sms_send_once`).

    The Celery worker acknowledges a task only after it ran (acks late), so a worker killed after
    sending and before that acknowledgement gets the same task handed out again; its key is here,
    and the text is not sent twice. Rows older than `SENT_KEYS_KEPT` are deleted by a beat task.
    """

    key = models.CharField(max_length=64, unique=True)
    sent_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        verbose_name = "sent SMS key"

    def __str__(self) -> str:
        return f"SMS {self.key} sent at {self.sent_at:%Y-%m-%d %H:%M}"


class StockAlert(models.Model):
    """A shopper's wish to be told by SMS when an out-of-stock pack is back (issue 26, "Notify me").

    A row is an alert still waiting; it is deleted when its text is sent (or when the shopper removes
    it), so a later restock texts nobody unless they ask again (`notifications/alerts.py`).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stock_alerts")
    financial = models.ForeignKey("catalog.Financial", on_delete=models.CASCADE, related_name="stock_alerts")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "financial"], name="stock_alert_once_per_pack")]

    def __str__(self) -> str:
        return f"alert of user {self.user_id} for pack {self.financial_id}"
