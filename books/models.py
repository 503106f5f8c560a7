"""What the books keep beside the orders: the business buyer an invoice names (B2B).

A buyer who gives a GSTIN (at the counter, on a phone order, or later from the invoice) gets a B2B
invoice: it names them, and GSTR-1 reports it in `b2b` (its credit notes in `cdnr`) instead of the
consumer sections. The GSTIN is checked (format, state code, check character) before it is kept,
by `books.buyers.invoice_buyer_set`, the only writer.
"""

from django.conf import settings
from django.db import models
from django.utils import timezone


class InvoiceBuyer(models.Model):
    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="books_buyer")
    gstin = models.CharField("buyer's GSTIN", max_length=15)
    name = models.CharField("buyer's legal name", max_length=200)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(gstin__regex=r"^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$"),
                name="invoice_buyer_gstin_format",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.gstin})"
