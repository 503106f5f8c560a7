"""What the books remember: which GSTR-1 returns were filed, and which invoices were amended after
their return was filed (`books.filing` is the one writer of both)."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from common.gstin import BUYER_NAME_LIMIT


class Gstr1Filing(models.Model):
    """A GSTR-1 the owner marked filed on the portal, with what it reported that a later change can
    move: the business buyers it named (invoice number → GSTIN), its `b2cl` invoices and its `b2cs`
    rows in paise (and the `b2csa` rows it reported for earlier returns). A later return amends
    from these, whatever the invoices say by then."""

    fp = models.CharField("return period (MMYYYY)", max_length=6)
    quarterly = models.BooleanField(default=False)
    first = models.DateField("first day (IST)")
    last = models.DateField("last day (IST)")
    reported = models.JSONField(default=dict, help_text="b2b {inum: ctin}, b2cl [inum], b2cs and b2csa rows")
    filed_at = models.DateTimeField(default=timezone.now)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["first", "id"]
        constraints = [
            models.UniqueConstraint(fields=["first"], name="gstr1_filed_once_per_start"),
            models.CheckConstraint(condition=Q(last__gte=F("first")), name="gstr1_filing_dates_in_order"),
        ]

    def __str__(self) -> str:
        return f"GSTR-1 {self.fp}{' (quarter)' if self.quarterly else ''}"


class Gstr1Amendment(models.Model):
    """An invoice whose buyer changed after its return was filed (a GSTIN named on a consumer's
    invoice, or a GSTIN corrected), as a later return reported it: `b2ba`, and out of the original
    period's `b2cs` by a `b2csa` row."""

    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, related_name="+")
    invoice_number = models.CharField(max_length=32)
    original = models.ForeignKey(Gstr1Filing, on_delete=models.PROTECT, related_name="amended")
    reported_in = models.ForeignKey(Gstr1Filing, on_delete=models.PROTECT, related_name="amendments")
    old_gstin = models.CharField("GSTIN as filed (blank: a consumer)", max_length=15, blank=True)
    new_gstin = models.CharField("GSTIN as amended", max_length=15)
    new_name = models.CharField("buyer's name as amended", max_length=BUYER_NAME_LIMIT)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["id"]
        constraints = [
            models.UniqueConstraint(fields=["order", "reported_in"], name="gstr1_amended_once_per_return"),
        ]

    def __str__(self) -> str:
        return f"{self.invoice_number}: {self.old_gstin or 'consumer'} → {self.new_gstin}"
