"""A shopper's wish to be told by SMS when an out-of-stock pack is back (issue 26, "Notify me").

A row is an alert still waiting; it is deleted when its text is sent (or when the shopper removes
it), so a later restock texts nobody unless they ask again.
"""

from django.conf import settings
from django.db import models


class StockAlert(models.Model):
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="stock_alerts")
    financial = models.ForeignKey("catalog.Financial", on_delete=models.CASCADE, related_name="stock_alerts")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.UniqueConstraint(fields=["user", "financial"], name="stock_alert_once_per_pack")]

    def __str__(self) -> str:
        return f"alert of user {self.user_id} for pack {self.financial_id}"
