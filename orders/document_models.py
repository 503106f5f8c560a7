"""The orders app's models of its GST documents: the numbering of each document series per
financial year (and the calendar-year counters before it), and the credit notes with their lines.

Moved out of `orders/models.py` (which re-exports them, so `orders.models.CreditNote` still works)
to keep each module under 500 lines; the tables, fields and migrations are unchanged.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils import timezone

from catalog.labels import pack_label


class DocumentSeries(models.Model):
    """The last number handed out in one document series in one financial year (`orders.series`).

    One row per series key (`SMLR` online invoices, `CN` credit notes, `CTR1` a counter's bills,
    `DN` debit notes) and financial year (`2027-28`); numbers run 1, 2, 3... without gaps, and
    restart on 1 April. Written only by `orders.series`, under the row's lock.
    """

    key = models.CharField(max_length=12)
    fy = models.CharField("financial year", max_length=7)
    last_number = models.PositiveIntegerField(default=0)

    class Meta:
        ordering = ["key", "fy"]
        verbose_name_plural = "document series"
        constraints = [models.UniqueConstraint(fields=["key", "fy"], name="document_series_key_fy")]

    def __str__(self) -> str:
        return f"{self.key}/{self.fy}: {self.last_number}"


class InvoiceSequence(models.Model):
    """Before the financial-year series (`DocumentSeries`): the last invoice number of a calendar
    year (`SMLR-2026-000123`). Kept as history; no new number comes from it."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last_number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.year}: {self.last_number}"


class CreditNoteSequence(models.Model):
    """Before the financial-year series (`DocumentSeries`): the last credit note number of a
    calendar year (`CN-2026-000001`). Kept as history; no new number comes from it."""

    year = models.PositiveSmallIntegerField(primary_key=True)
    last_number = models.PositiveIntegerField(default=0)

    def __str__(self) -> str:
        return f"{self.year}: {self.last_number}"


def _paise_field(verbose_name: str) -> models.BigIntegerField:
    return models.BigIntegerField(f"{verbose_name} (paise)")


class CreditNote(models.Model):
    """A GST credit note: what an order gives back, against its tax invoice (`orders.credit_notes`).

    Money is kept in whole paise, so its checks are exact on every database. Written only by
    `orders.credit_notes.credit_note_issue`; never changed afterwards.
    """

    order = models.ForeignKey("orders.Order", on_delete=models.PROTECT, related_name="credit_notes")
    number = models.CharField(max_length=32, unique=True, editable=False)
    invoice_number = models.CharField("original invoice", max_length=32)
    reason = models.CharField(max_length=500)
    place_of_supply = models.CharField(max_length=60, blank=True, default="")
    interstate = models.BooleanField("inter-state supply (IGST)")
    taxable_value_paise = _paise_field("taxable value")
    tax_paise = _paise_field("GST")
    cgst_paise = _paise_field("CGST")
    sgst_paise = _paise_field("SGST")
    igst_paise = _paise_field("IGST")
    total_paise = _paise_field("total")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        indexes = [models.Index(fields=["order", "created_at"], name="credit_note_order_at")]
        constraints = [
            models.CheckConstraint(
                condition=Q(taxable_value_paise__gte=0)
                & Q(tax_paise__gte=0)
                & Q(cgst_paise__gte=0)
                & Q(sgst_paise__gte=0)
                & Q(igst_paise__gte=0),
                name="credit_note_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(total_paise=F("taxable_value_paise") + F("tax_paise")),
                name="credit_note_total_is_value_plus_tax",
            ),
            models.CheckConstraint(
                condition=Q(tax_paise=F("cgst_paise") + F("sgst_paise") + F("igst_paise")),
                name="credit_note_tax_is_its_split",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.number} (against {self.invoice_number})"


class CreditNoteLine(models.Model):
    """Some packs of one order line given back, frozen as the credit note printed them."""

    credit_note = models.ForeignKey(CreditNote, on_delete=models.CASCADE, related_name="lines")
    # The line reversed; the snapshot below is what the note shows (the line may change later).
    order_item = models.ForeignKey(
        "orders.OrderItem", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    name = models.CharField(max_length=200)
    brand = models.CharField(max_length=100)
    quantity = models.CharField(max_length=20)
    units = models.CharField(max_length=10)
    hsn_code = models.CharField("HSN code", max_length=8, blank=True, default="")
    gst_rate = models.PositiveSmallIntegerField("GST rate (%)")
    qty = models.PositiveSmallIntegerField("packs")
    unit_price_paise = _paise_field("unit price")
    taxable_value_paise = _paise_field("taxable value")
    tax_paise = _paise_field("GST")
    cgst_paise = _paise_field("CGST")
    sgst_paise = _paise_field("SGST")
    igst_paise = _paise_field("IGST")
    amount_paise = _paise_field("amount")

    class Meta:
        ordering = ["id"]
        indexes = [models.Index(fields=["order_item"], name="credit_note_line_item")]
        constraints = [
            models.CheckConstraint(condition=Q(qty__gte=1), name="credit_note_line_qty_positive"),
            models.CheckConstraint(
                condition=Q(unit_price_paise__gte=0)
                & Q(taxable_value_paise__gte=0)
                & Q(tax_paise__gte=0)
                & Q(cgst_paise__gte=0)
                & Q(sgst_paise__gte=0)
                & Q(igst_paise__gte=0),
                name="credit_note_line_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(amount_paise=F("taxable_value_paise") + F("tax_paise")),
                name="credit_note_line_amount_is_value_plus_tax",
            ),
            models.CheckConstraint(
                condition=Q(tax_paise=F("cgst_paise") + F("sgst_paise") + F("igst_paise")),
                name="credit_note_line_tax_is_its_split",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.qty} × {pack_label(self, named=True)}"
