"""Orders: what a customer bought, at which price, delivered where, and how far along it is.

Every order line is a snapshot (name, brand, pack, image, MRP, price paid) so an order reads the
same after the catalog changes. The rules that create and move orders live in `orders/services.py`
and `orders/pipeline.py`; the constraints below are the database's last guard.

Money is kept as decimal rupees (two places), as the wire, the invoices and the services speak it,
and every constraint that adds or subtracts amounts compares them as whole paise
(`common.money.sql_paise`: each column rounded to an integer number of paise, then integer
arithmetic). SQLite keeps decimals as binary floating point, where `taxable_value = line_total - tax`
was false for a line of 299.97 with 14.28 tax (285.69000000000005) and placing the order failed;
integer paise compare exactly there and on PostgreSQL alike. Integer paise columns would have done
the same at the cost of converting every reader and writer of these fields; rounding inside the
constraint keeps the columns as they are.
"""

import secrets
import string
from decimal import Decimal

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce
from django.db.models.lookups import Exact
from django.utils import timezone
from django.utils.translation import gettext_lazy

from catalog.labels import pack_label
from common.gstin import BUYER_NAME_LIMIT
from common.money import sql_paise

# The GST documents' models (series numbering, credit notes) live beside these; re-exported here.
from .document_models import CreditNote, CreditNoteLine, CreditNoteSequence, DocumentSeries, InvoiceSequence  # noqa: F401

PUBLIC_ID_LENGTH = 20
_PUBLIC_ID_ALPHABET = string.ascii_letters + string.digits


def new_public_id() -> str:
    """20 random letters and digits (about 119 bits).

    Unguessable and not enumerable, and within the payment gateway's 21-character, alphanumeric
    limit for its order id.
    """
    return "".join(secrets.choice(_PUBLIC_ID_ALPHABET) for _ in range(PUBLIC_ID_LENGTH))


class Order(models.Model):
    class Status(models.TextChoices):
        PLACED = "placed", gettext_lazy("Placed")
        PACKED = "packed", gettext_lazy("Packed")
        DISPATCHED = "dispatched", gettext_lazy("Dispatched")
        DELIVERED = "delivered", gettext_lazy("Delivered")
        CANCELLED = "cancelled", gettext_lazy("Cancelled")

    class PaymentMethod(models.TextChoices):
        CASH_OR_UPI = "Cash Or UPI", "Cash/UPI on delivery"
        ONLINE = "Online", "Online"

    class SubstitutionPreference(models.TextChoices):
        """What the shopper wants done with a pack that turns out unavailable at packing."""

        CALL = "call", gettext_lazy("Call me")
        REPLACE = "replace", gettext_lazy("Replace with a similar item")
        REMOVE = "remove", gettext_lazy("Remove it")

    class Channel(models.TextChoices):
        """Where the order came from; every report and return splits by it and adds up the same."""

        WEBSITE = "website", gettext_lazy("Website")
        COUNTER = "counter", gettext_lazy("Counter")
        PHONE = "phone", gettext_lazy("Phone")
        ONDC = "ondc", gettext_lazy("ONDC")

    public_id = models.CharField("order id", max_length=21, unique=True, default=new_public_id, editable=False)
    invoice_number = models.CharField(max_length=32, unique=True, editable=False)
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="orders")
    channel = models.CharField(max_length=10, choices=Channel.choices, default=Channel.WEBSITE)

    shipping_street = models.CharField(max_length=255)
    shipping_city = models.CharField(max_length=120)
    shipping_postal_code = models.CharField(max_length=6)

    payment_method = models.CharField(max_length=20, choices=PaymentMethod.choices)
    substitution_preference = models.CharField(
        "if something is unavailable",
        max_length=10,
        choices=SubstitutionPreference.choices,
        default=SubstitutionPreference.CALL,
    )
    items_price = models.DecimalField(max_digits=12, decimal_places=2)
    shipping_price = models.DecimalField(max_digits=12, decimal_places=2)
    total_price = models.DecimalField(max_digits=12, decimal_places=2)
    # Store credit spent on the order at checkout (`payments.credit`); the shopper pays the rest
    # (`amount_due`). Given back once if the order is cancelled.
    store_credit_applied = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    # GST as placed (`orders.tax`): the delivery state, whether that is another state than the
    # store's (IGST) or not (CGST + SGST), and the tax inside the delivery charge. Null for orders
    # placed before GST was recorded.
    place_of_supply = models.CharField(max_length=60, blank=True, default="")
    gst_interstate = models.BooleanField("inter-state supply (IGST)", null=True, blank=True)
    shipping_gst_rate = models.PositiveSmallIntegerField(null=True, blank=True)
    shipping_taxable_value = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    shipping_tax = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)

    status = models.CharField(max_length=20, choices=Status.choices, default=Status.PLACED)
    packed_at = models.DateTimeField(null=True, blank=True)
    dispatched_at = models.DateTimeField(null=True, blank=True)
    delivered_at = models.DateTimeField(null=True, blank=True)
    cancelled_at = models.DateTimeField(null=True, blank=True)
    cancel_reason = models.CharField(max_length=500, blank=True, default="")

    is_paid = models.BooleanField(default=False)
    paid_at = models.DateTimeField(null=True, blank=True)
    # The wire's `orderId`: the gateway's reference for an online payment, CASH-<invoice> for cash.
    payment_reference = models.CharField(max_length=64, null=True, blank=True, unique=True)
    # What reached the shop when the order was marked paid (`orders.services.order_mark_paid`): the
    # amount due then. Money given back later is capped by it (`payments.refunds`).
    amount_paid = models.DecimalField(max_digits=12, decimal_places=2, default=0)

    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["user", "-created_at"], name="order_user_newest"),
            models.Index(fields=["status", "-created_at"], name="order_status_newest"),
            # The dashboard (`backoffice.reports`): a period's orders read from the index alone on
            # PostgreSQL (INCLUDE; a plain index on SQLite), and the few cancelled ones by their time.
            models.Index(
                fields=["created_at"],
                include=["status", "payment_method", "total_price", "user"],
                name="order_placed_report",
            ),
            models.Index(fields=["cancelled_at"], condition=Q(cancelled_at__isnull=False), name="order_cancelled_at"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=Q(items_price__gte=0) & Q(shipping_price__gte=0) & Q(total_price__gte=0),
                name="order_money_not_negative",
            ),
            models.CheckConstraint(
                condition=Exact(sql_paise("total_price"), sql_paise("items_price") + sql_paise("shipping_price")),
                name="order_total_is_items_plus_shipping",
            ),
            models.CheckConstraint(
                condition=Q(is_paid=False, paid_at__isnull=True) | Q(is_paid=True, paid_at__isnull=False),
                name="order_paid_has_time",
            ),
            models.CheckConstraint(condition=Q(store_credit_applied__gte=0), name="order_store_credit_not_negative"),
            models.CheckConstraint(
                condition=Q(channel__in=["website", "counter", "phone", "ondc"]), name="order_channel_known"
            ),
            models.CheckConstraint(
                condition=Q(status__in=["placed", "packed", "dispatched", "delivered", "cancelled"]),
                name="order_status_known",
            ),
            models.CheckConstraint(
                condition=Q(status="cancelled", cancelled_at__isnull=False)
                | (~Q(status="cancelled") & Q(cancelled_at__isnull=True)),
                name="order_cancelled_has_time",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.invoice_number} ({self.public_id})"

    @property
    def stock_reference(self) -> str:
        """The order as its stock movements name it (`catalog.stock`): a cancellation, a line taken
        out at packing or a counter return gives the packs back to the batches this reference took
        them from."""
        return f"order {self.public_id}"

    @property
    def is_packed(self) -> bool:
        return self.packed_at is not None

    @property
    def is_dispatched(self) -> bool:
        return self.dispatched_at is not None

    @property
    def is_delivered(self) -> bool:
        return self.delivered_at is not None

    @property
    def is_cancelled(self) -> bool:
        return self.status == self.Status.CANCELLED

    @property
    def amount_due(self) -> Decimal:
        """What the shopper still has to pay for the order: its total less the store credit spent
        on it at checkout. Payments compare the gateway's amount with this, never with
        `total_price`. (A reduction below the credit spent makes it negative until
        `payments.refunds.money_back` gives that part of the credit back; the wire's `amountDue`
        never shows less than 0.)"""
        return self.total_price - self.store_credit_applied


class OrderItem(models.Model):
    """One pack line of an order, frozen as it was sold."""

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="items")
    # Kept for history; the line's own snapshot below is what the order shows.
    financial = models.ForeignKey(
        "catalog.Financial", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    product_id = models.BigIntegerField()
    brand_id = models.BigIntegerField(help_text="The catalog Detail (brand variant) id")

    name = models.CharField(max_length=200)
    # The product's Telugu name as sold, for Telugu invoices; empty when it had none.
    name_te = models.CharField("name (Telugu)", max_length=200, blank=True, default="")
    brand = models.CharField(max_length=100)
    quantity = models.CharField(max_length=20, help_text="Pack size as written in the cart, e.g. 500 or 1.5")
    units = models.CharField(max_length=10)
    image = models.CharField(max_length=500, blank=True)
    mrp = models.DecimalField("MRP", max_digits=10, decimal_places=2)
    price = models.DecimalField("unit price paid", max_digits=10, decimal_places=2)
    qty = models.PositiveSmallIntegerField("packs")
    # The packs on the tax invoice as placed; `qty` may fall later (packing), this does not. Credit
    # notes (`orders.credit_notes`) count what they reverse against it. Null on lines placed before
    # it was recorded (read as `qty`).
    invoiced_qty = models.PositiveSmallIntegerField("packs invoiced", null=True, blank=True, editable=False)
    line_total = models.DecimalField(max_digits=12, decimal_places=2)
    # GST as placed (`orders.tax`): the product's HSN code and rate then, and the line total taken
    # apart. Null for lines placed before GST was recorded.
    hsn_code = models.CharField("HSN code", max_length=8, blank=True, default="")
    gst_rate = models.PositiveSmallIntegerField("GST rate (%)", null=True, blank=True)
    taxable_value = models.DecimalField(max_digits=12, decimal_places=2, null=True, blank=True)
    tax = models.DecimalField("GST", max_digits=12, decimal_places=2, null=True, blank=True)
    # What the line's packs cost the shop, before GST, in paise, from the batches the sale took
    # (`catalog.stock.StockTaken.cost_paise`, first in first out); null when a batch's cost was not known.
    cost_paise = models.PositiveBigIntegerField("cost at sale (paise)", null=True, blank=True, editable=False)
    # A line put in at packing in place of another (a replacement) takes that line's place in the
    # order's list: the id of the first line there. Null for a line in its own place (its id).
    place = models.PositiveBigIntegerField(null=True, blank=True, editable=False)

    class Meta:
        ordering = [Coalesce("place", "id"), "id"]
        indexes = [
            # The dashboard's sales by pack (`backoffice.reports`): a period's lines, found by their
            # orders' id range, read from the index alone on PostgreSQL (INCLUDE).
            models.Index(
                fields=["order", "financial"], include=["product_id", "qty", "line_total"], name="order_item_report"
            ),
        ]
        constraints = [
            # Online carts hold at most 10 of a pack (`orders.rules.MAX_QTY`); the counter sells
            # what the shopper carries up (`counter.services.MAX_LINE_QTY`).
            models.CheckConstraint(condition=Q(qty__gte=1) & Q(qty__lte=999), name="order_item_qty_1_to_999"),
            models.CheckConstraint(
                condition=Q(gst_rate__isnull=True, taxable_value__isnull=True, tax__isnull=True)
                | (
                    Q(gst_rate__isnull=False, taxable_value__isnull=False, tax__isnull=False, tax__gte=0)
                    & Exact(sql_paise("taxable_value"), sql_paise("line_total") - sql_paise("tax"))
                ),
                name="order_item_tax_inside_line_total",
            ),
            models.CheckConstraint(
                condition=Q(mrp__gte=0) & Q(price__gte=0) & Q(line_total__gte=0), name="order_item_money_not_negative"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.qty} × {pack_label(self, named=True)}"


class OrderEvent(models.Model):
    """One move along the pipeline: who moved the order, when, from which status to which, and why.

    Placement is the first event (from "" to placed, by the customer). Staff moving the order to
    another delivery slot is an event with the same status on both sides and the slots in its
    reason (`orders.slot_moves`). Written only by `orders.pipeline`, in the transaction that makes
    the move.
    """

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="events")
    from_status = models.CharField(max_length=20, blank=True, choices=Order.Status.choices)
    to_status = models.CharField(max_length=20, choices=Order.Status.choices)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=500, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["order", "at"], name="order_event_order_at")]

    def __str__(self) -> str:
        return f"{self.from_status or 'new'} → {self.to_status}"


class OrderLineChange(models.Model):
    """One change staff made to a line at packing (a short pick or a substitution): who, when,
    which pack and how many before and after, the money that went back, and why.

    Written only by `orders.packing`, in the transaction that makes the change; the line itself may
    be gone since (removed), so the packs are kept as they were named then.
    """

    class Kind(models.TextChoices):
        REDUCED = "reduced", gettext_lazy("Reduced")
        REMOVED = "removed", gettext_lazy("Removed")
        REPLACED = "replaced", gettext_lazy("Replaced")

    order = models.ForeignKey(Order, on_delete=models.CASCADE, related_name="line_changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    # The line changed and, for a replacement, the line that took its place: plain ids, as either
    # may be gone later. They let a repeated request find that its change was already made.
    line_id = models.BigIntegerField("line")
    new_line_id = models.BigIntegerField("replacement line", null=True, blank=True)
    old_pack = models.CharField("pack before", max_length=300)
    old_qty = models.PositiveSmallIntegerField("packs before")
    old_price = models.DecimalField("unit price before", max_digits=10, decimal_places=2)
    new_pack = models.CharField("pack after", max_length=300, blank=True, default="")
    new_qty = models.PositiveSmallIntegerField("packs after", default=0)
    new_price = models.DecimalField("unit price after", max_digits=10, decimal_places=2, null=True, blank=True)
    amount = models.DecimalField("order total fell by", max_digits=12, decimal_places=2)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    reason = models.CharField(max_length=500, blank=True, default="")
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["at", "id"]
        indexes = [models.Index(fields=["order", "at"], name="order_line_change_order_at")]

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.old_qty} × {self.old_pack} → {self.new_qty} × {self.new_pack or '—'}"


# An order's place in a delivery slot (`delivery.Slot`), kept after a cancellation with the time its
# place was given back. `orders.slots` is the only writer of `SlotBooking`; the slot's count of
# places is `delivery.slots`'.


class SlotBooking(models.Model):
    """An order's place in a slot. The window's times are copied, so the order reads the same
    after staff move a window."""

    order = models.OneToOneField(Order, on_delete=models.CASCADE, related_name="slot_booking")
    slot = models.ForeignKey("delivery.Slot", on_delete=models.PROTECT, related_name="bookings")
    date = models.DateField()
    start = models.TimeField()
    end = models.TimeField()
    booked_at = models.DateTimeField(auto_now_add=True)
    released_at = models.DateTimeField(null=True, blank=True, help_text="When a cancellation gave the place back")

    class Meta:
        ordering = ["date", "start"]
        indexes = [models.Index(fields=["date", "start"], name="slot_booking_when")]

    def __str__(self) -> str:
        return f"{self.date:%Y-%m-%d} {self.start:%H:%M}-{self.end:%H:%M}"


class OrderChangeCounter(models.Model):
    """The last change cursor handed out (one row): the staff board's clock (`orders.changes`)."""

    last = models.PositiveBigIntegerField(default=0)

    def __str__(self) -> str:
        return str(self.last)


class OrderChange(models.Model):
    """An order's place on the staff board's clock: the cursor of its latest committed change, and
    of its first (its placement), so the board can tell a new order from a changed one.

    Written only by `orders.changes`, after the change commits; one row per order, overwritten.
    """

    order = models.OneToOneField(Order, on_delete=models.CASCADE, primary_key=True, related_name="board_change")
    cursor = models.PositiveBigIntegerField(db_index=True)
    first_cursor = models.PositiveBigIntegerField()

    def __str__(self) -> str:
        return f"{self.order_id} @ {self.cursor}"


class OrderChangePending(models.Model):
    """An order change that has committed (or is committing) but has no cursor yet: written in the
    change's own transaction, deleted by its stamp (`orders.changes`). One left behind, when the
    process died between the commit and the stamp, is stamped by the beat task
    `orders.tasks.stamp_lost_order_changes`, so the board and the order's page never miss it."""

    order = models.OneToOneField(Order, on_delete=models.CASCADE, primary_key=True, related_name="+")
    at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"{self.order_id} since {self.at:%H:%M:%S}"


class InvoiceBuyer(models.Model):
    """The business buyer a tax invoice names (B2B): given at the counter, on a phone order, or later
    from the invoice, with a GSTIN checked before it is kept (`orders.buyers.invoice_buyer_set`, the
    only writer). GSTR-1 (`books`) reports such an invoice in `b2b`, its credit notes in `cdnr`.
    The table keeps the name it had when the books app owned it (moved, no data copied)."""

    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="invoice_buyer")
    gstin = models.CharField("buyer's GSTIN", max_length=15)
    name = models.CharField("buyer's legal name", max_length=BUYER_NAME_LIMIT)
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        db_table = "books_invoicebuyer"
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(gstin__regex=r"^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$"),
                name="invoice_buyer_gstin_format",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.gstin})"
