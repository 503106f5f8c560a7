"""Stock coming in and put right: suppliers, their invoices (purchases), what goes back to them
(purchase returns, each with a debit note), the input tax both leave for the GST returns, and
stock takes. The stock itself is the catalog's (`catalog.stock`): these rows say why it moved."""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from common.gstin import gstin_state


class Supplier(models.Model):
    """A distributor or wholesaler the shop buys from, on its GST invoices."""

    name = models.CharField(max_length=200)
    gstin = models.CharField("GSTIN", max_length=15, unique=True)
    phone = models.CharField(max_length=15, blank=True)
    address = models.TextField(blank=True)
    lead_time_days = models.PositiveSmallIntegerField(
        "usual lead time (days)", default=2, help_text="Days from ordering to the goods on the shelf"
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["name", "id"]
        constraints = [models.CheckConstraint(condition=Q(lead_time_days__lte=90), name="supplier_lead_time_90_days")]

    def __str__(self) -> str:
        return f"{self.name} ({self.gstin})"

    @property
    def state(self) -> str:
        return gstin_state(self.gstin)


class Purchase(models.Model):
    """One supplier invoice as entered: a draft until posted, when its packs go on the shelf."""

    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        POSTED = "posted", _("Posted")

    supplier = models.ForeignKey(Supplier, on_delete=models.PROTECT, related_name="purchases")
    invoice_number = models.CharField(max_length=16)  # GST allows at most 16 characters
    invoice_date = models.DateField()
    # The supplier's financial year of the invoice: GST numbers are unique within one year.
    fy = models.CharField("financial year", max_length=7, editable=False)
    # From the supplier's GSTIN and the shop's state when entered: IGST, or CGST + SGST.
    interstate = models.BooleanField(editable=False)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.DRAFT, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    created_at = models.DateTimeField(default=timezone.now, editable=False)
    posted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    posted_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-invoice_date", "-id"]
        constraints = [
            models.UniqueConstraint(
                fields=["supplier", "fy", "invoice_number"], name="purchase_invoice_unique_per_supplier_year"
            ),
            models.CheckConstraint(
                condition=Q(status="draft", posted_at__isnull=True) | Q(status="posted", posted_at__isnull=False),
                name="purchase_posted_has_a_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.invoice_number} ({self.supplier.name})"

    @property
    def is_posted(self) -> bool:
        return self.status == self.Status.POSTED


class PurchaseLine(models.Model):
    """One pack of the invoice: how many, at what cost before GST, its tax, and the batch printed
    on it (number, packed and best-before dates, MRP)."""

    purchase = models.ForeignKey(Purchase, on_delete=models.CASCADE, related_name="lines")
    financial = models.ForeignKey("catalog.Financial", on_delete=models.PROTECT, related_name="+")
    qty = models.PositiveIntegerField("packs")
    unit_cost = models.DecimalField("unit cost before GST", max_digits=10, decimal_places=2)
    gst_rate = models.PositiveSmallIntegerField("GST rate (%)")
    taxable_value = models.DecimalField(max_digits=12, decimal_places=2)
    cgst = models.DecimalField("CGST", max_digits=12, decimal_places=2)
    sgst = models.DecimalField("SGST", max_digits=12, decimal_places=2)
    igst = models.DecimalField("IGST", max_digits=12, decimal_places=2)
    batch_number = models.CharField(max_length=40)
    packed_on = models.DateField("packed or manufactured on", null=True, blank=True)
    best_before = models.DateField("best before or expiry")
    mrp = models.DecimalField("MRP printed", max_digits=10, decimal_places=2)
    # The batch the line became when the purchase was posted (empty while a draft): returns to the
    # supplier leave from exactly this batch.
    batch = models.ForeignKey(
        "catalog.StockBatch", on_delete=models.PROTECT, null=True, blank=True, related_name="+", editable=False
    )

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(qty__gte=1), name="purchase_line_qty_positive"),
            models.CheckConstraint(condition=Q(unit_cost__gt=0), name="purchase_line_cost_positive"),
            models.CheckConstraint(condition=Q(mrp__gt=0), name="purchase_line_mrp_positive"),
            models.CheckConstraint(condition=Q(cgst=0, sgst=0) | Q(igst=0), name="purchase_line_cgst_sgst_or_igst"),
        ]

    def __str__(self) -> str:
        return f"{self.qty} × pack {self.financial_id} ({self.batch_number})"

    @property
    def tax(self):
        return self.cgst + self.sgst + self.igst

    @property
    def total(self):
        return self.taxable_value + self.tax


class PurchaseReturn(models.Model):
    """Goods sent back to a supplier (expired, damaged), against one purchase: a debit note."""

    class Reason(models.TextChoices):
        EXPIRED = "expired", _("Expired")
        DAMAGED = "damaged", _("Damaged")

    purchase = models.ForeignKey(Purchase, on_delete=models.PROTECT, related_name="returns")
    debit_note_number = models.CharField(max_length=24, unique=True, editable=False)
    reason = models.CharField(max_length=10, choices=Reason.choices)
    note = models.CharField(max_length=200, blank=True)
    made_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    made_at = models.DateTimeField(default=timezone.now, editable=False)

    class Meta:
        ordering = ["-made_at", "-id"]

    def __str__(self) -> str:
        return self.debit_note_number


class PurchaseReturnLine(models.Model):
    purchase_return = models.ForeignKey(PurchaseReturn, on_delete=models.CASCADE, related_name="lines")
    line = models.ForeignKey(PurchaseLine, on_delete=models.PROTECT, related_name="returned")
    qty = models.PositiveIntegerField("packs")
    taxable_value = models.DecimalField(max_digits=12, decimal_places=2)
    cgst = models.DecimalField("CGST", max_digits=12, decimal_places=2)
    sgst = models.DecimalField("SGST", max_digits=12, decimal_places=2)
    igst = models.DecimalField("IGST", max_digits=12, decimal_places=2)

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=Q(qty__gte=1), name="purchase_return_line_qty_positive")]

    def __str__(self) -> str:
        return f"{self.qty} × line {self.line_id}"


class InputTax(models.Model):
    """Input tax credit as the GST returns read it (GSTR-3B table 4): one row per rate of each
    posted purchase, and a negative row per rate of each debit note that takes some of it back.
    Books reads this table; nothing else writes it but `inventory.services`."""

    class Document(models.TextChoices):
        INVOICE = "invoice", _("Supplier invoice")
        DEBIT_NOTE = "debit_note", _("Debit note")

    supplier = models.ForeignKey(Supplier, on_delete=models.PROTECT, related_name="+")
    supplier_gstin = models.CharField("supplier GSTIN", max_length=15)
    purchase = models.ForeignKey(Purchase, on_delete=models.PROTECT, related_name="input_tax")
    purchase_return = models.ForeignKey(
        PurchaseReturn, on_delete=models.PROTECT, null=True, blank=True, related_name="input_tax"
    )
    document = models.CharField(max_length=12, choices=Document.choices)
    document_number = models.CharField(max_length=24)
    document_date = models.DateField()
    recorded_on = models.DateField(help_text="The day it was posted: the return period it falls in")
    gst_rate = models.PositiveSmallIntegerField("GST rate (%)")
    taxable_value = models.DecimalField(max_digits=14, decimal_places=2)
    cgst = models.DecimalField("CGST", max_digits=14, decimal_places=2)
    sgst = models.DecimalField("SGST", max_digits=14, decimal_places=2)
    igst = models.DecimalField("IGST", max_digits=14, decimal_places=2)

    class Meta:
        ordering = ["recorded_on", "id"]
        verbose_name_plural = "input tax"
        indexes = [models.Index(fields=["recorded_on"], name="input_tax_period")]
        constraints = [
            models.UniqueConstraint(
                fields=["purchase", "gst_rate"],
                condition=Q(purchase_return__isnull=True),
                name="input_tax_once_per_invoice_rate",
            ),
            models.UniqueConstraint(
                fields=["purchase_return", "gst_rate"],
                condition=Q(purchase_return__isnull=False),
                name="input_tax_once_per_debit_note_rate",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.document_number} {self.gst_rate}%"


class StockTake(models.Model):
    """A count of the shelves of one category (or every pack): the expected count of each pack is
    taken when the sheet is made, and posting moves each pack by counted − expected, so sales made
    while staff counted are not lost."""

    class Status(models.TextChoices):
        COUNTING = "counting", _("Counting")
        POSTED = "posted", _("Posted")

    category = models.ForeignKey("catalog.Category", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.COUNTING, editable=False)
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    started_at = models.DateTimeField(default=timezone.now, editable=False)
    posted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+", editable=False
    )
    posted_at = models.DateTimeField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["-started_at", "-id"]

    def __str__(self) -> str:
        return f"stock take {self.pk}"


class StockTakeLine(models.Model):
    take = models.ForeignKey(StockTake, on_delete=models.CASCADE, related_name="lines")
    financial = models.ForeignKey("catalog.Financial", on_delete=models.CASCADE, related_name="+")
    expected = models.PositiveIntegerField(
        help_text="The pack's count when the sheet was made, then when it was counted"
    )
    counted = models.PositiveIntegerField(null=True, blank=True)
    # Why the count differs (`inventory.stock_takes.REASONS`), kept on the adjustment it posts.
    reason = models.CharField(max_length=24, default="count_correction")

    class Meta:
        ordering = ["id"]
        constraints = [models.UniqueConstraint(fields=["take", "financial"], name="stock_take_line_one_per_pack")]

    def __str__(self) -> str:
        return f"pack {self.financial_id}: {self.counted} of {self.expected}"

    @property
    def difference(self) -> int | None:
        return None if self.counted is None else self.counted - self.expected


class ExpiryWatch(models.Model):
    """How close to its best-before date a category's batch comes onto the near-expiry list: the
    'soon' band (discount it now) and the 'watch' band. Categories without a row use the shop's
    defaults (`inventory.expiry.SOON_DAYS`, `WATCH_DAYS`): 7 and 30 days."""

    category = models.OneToOneField("catalog.Category", on_delete=models.CASCADE, related_name="+")
    soon_days = models.PositiveSmallIntegerField(default=7)
    watch_days = models.PositiveSmallIntegerField(default=30)

    class Meta:
        verbose_name = "near-expiry threshold"
        constraints = [
            models.CheckConstraint(
                condition=Q(soon_days__lte=F("watch_days"), watch_days__lte=365), name="expiry_watch_bands_in_order"
            )
        ]

    def __str__(self) -> str:
        return f"{self.category_id}: {self.soon_days}/{self.watch_days} days"
