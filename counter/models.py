"""The counter: in-store bills, their tenders, returns against them, and each day's close.

A counter bill is an `orders.Order` with `channel=counter`, paid and delivered the moment it is
made, numbered in its counter's own series per financial year (`CTR1/2027-28/000001`,
`orders.series`). The rows here are what the order does not hold: which till, who sold it, how it
was paid (the tenders), the key that makes a retry or an offline sync land once, and the drawer.

Money is in whole paise (integers), so the checks below are exact on every database. Written only
by `counter.services`.
"""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy

SERIES_CODE = RegexValidator(r"^[A-Z][A-Z0-9]{1,7}$", "2 to 8 capital letters and digits, a letter first (CTR1)")


class Counter(models.Model):
    """One till. Its code is its bills' series key (`CTR1` → `CTR1/2027-28/000001`)."""

    code = models.CharField(max_length=8, unique=True, validators=[SERIES_CODE])
    name = models.CharField(max_length=60)
    active = models.BooleanField(default=True)

    class Meta:
        ordering = ["code"]

    def __str__(self) -> str:
        return f"{self.code} ({self.name})"


class Tender(models.TextChoices):
    CASH = "cash", gettext_lazy("Cash")
    UPI = "upi", gettext_lazy("UPI")
    CARD = "card", gettext_lazy("Card")
    CREDIT = "credit", gettext_lazy("Store credit")


class CounterBill(models.Model):
    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="counter_bill")
    counter = models.ForeignKey(Counter, on_delete=models.PROTECT, related_name="bills")
    # The till's key for this bill (the `Idempotency-Key`, or the offline bill's own): one bill per key.
    key = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)
    cashier = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    customer_phone = models.CharField(max_length=10, blank=True, default="")
    day = models.DateField(help_text="The shop's day (IST) the bill belongs to")
    billed_at = models.DateTimeField(help_text="When the till made it (before it reached the server, if offline)")
    offline = models.BooleanField("made offline", default=False)
    change_paise = models.BigIntegerField("change given (paise)", default=0)
    # Offline bills are charged what the till showed; where that differs from the price then, the
    # manager sees it here (the shopper paid what the bill said).
    price_note = models.CharField(max_length=500, blank=True, default="")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["counter", "day"], name="counter_bill_day")]
        constraints = [
            models.UniqueConstraint(fields=["counter", "key"], name="counter_bill_key_once"),
            models.CheckConstraint(condition=Q(change_paise__gte=0), name="counter_bill_change_not_negative"),
        ]

    def __str__(self) -> str:
        return self.order.invoice_number


class BillTender(models.Model):
    """One way a bill was paid: cash (with what was handed over), UPI, card (its slip's reference),
    store credit. A bill's tenders add up to its total."""

    bill = models.ForeignKey(CounterBill, on_delete=models.CASCADE, related_name="tenders")
    method = models.CharField(max_length=10, choices=Tender.choices)
    amount_paise = models.BigIntegerField()
    tendered_paise = models.BigIntegerField(null=True, blank=True, help_text="Cash handed over")
    reference = models.CharField(max_length=64, blank=True, default="")

    class Meta:
        ordering = ["id"]
        constraints = [
            models.CheckConstraint(condition=Q(amount_paise__gt=0), name="bill_tender_amount_positive"),
            models.CheckConstraint(
                condition=Q(tendered_paise__isnull=True) | Q(tendered_paise__gte=F("amount_paise")),
                name="bill_tender_covers_amount",
            ),
            models.CheckConstraint(condition=Q(method__in=Tender.values), name="bill_tender_method_known"),
        ]

    def __str__(self) -> str:
        return f"{self.method} {self.amount_paise}"


class CounterReturn(models.Model):
    """Goods brought back against a bill: a GST credit note, money back, stock back or written off."""

    class Refund(models.TextChoices):
        CASH = "cash", gettext_lazy("Cash")
        CREDIT = "credit", gettext_lazy("Store credit")

    bill = models.ForeignKey(CounterBill, on_delete=models.PROTECT, related_name="returns")
    counter = models.ForeignKey(Counter, on_delete=models.PROTECT, related_name="returns")
    credit_note = models.OneToOneField("orders.CreditNote", on_delete=models.PROTECT, related_name="counter_return")
    key = models.CharField(max_length=64)
    fingerprint = models.CharField(max_length=64)
    refund = models.CharField(max_length=10, choices=Refund.choices)
    amount_paise = models.BigIntegerField(help_text="The credit note's total: all the money given back")
    cash_paise = models.BigIntegerField(default=0, help_text="The part paid out of the drawer")
    reason = models.CharField(max_length=500, blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    day = models.DateField()
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["counter", "day"], name="counter_return_day")]
        constraints = [
            models.UniqueConstraint(fields=["counter", "key"], name="counter_return_key_once"),
            models.CheckConstraint(
                condition=Q(cash_paise__gte=0) & Q(amount_paise__gte=F("cash_paise")),
                name="counter_return_cash_within_amount",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.credit_note.number} against {self.bill}"


class CounterReturnLine(models.Model):
    counter_return = models.ForeignKey(CounterReturn, on_delete=models.CASCADE, related_name="lines")
    order_item = models.ForeignKey("orders.OrderItem", on_delete=models.PROTECT, related_name="+")
    qty = models.PositiveSmallIntegerField()
    damaged = models.BooleanField(default=False, help_text="Written off, not put back on the shelf")

    class Meta:
        ordering = ["id"]
        constraints = [models.CheckConstraint(condition=Q(qty__gte=1), name="counter_return_line_qty_positive")]

    def __str__(self) -> str:
        return f"{self.qty} × line {self.order_item_id}" + (" (damaged)" if self.damaged else "")


class NumberBlock(models.Model):
    """Numbers of a counter's series set aside in advance, so it can bill while offline."""

    counter = models.ForeignKey(Counter, on_delete=models.PROTECT, related_name="blocks")
    fy = models.CharField("financial year", max_length=7)
    first = models.PositiveIntegerField()
    last = models.PositiveIntegerField()
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    reserved_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["counter", "fy", "first"]
        constraints = [models.CheckConstraint(condition=Q(last__gte=F("first")), name="number_block_not_empty")]

    def __str__(self) -> str:
        return f"{self.counter.code}/{self.fy}/{self.first}-{self.last}"


class DayClose(models.Model):
    """A counter's day closed: what the bills and returns came to by payment method, the cash that
    should be in the drawer, what the cashier counted, and the difference with who and why."""

    counter = models.ForeignKey(Counter, on_delete=models.PROTECT, related_name="closes")
    day = models.DateField()
    opening_float_paise = models.BigIntegerField(default=0)
    expected_cash_paise = models.BigIntegerField()
    counted_cash_paise = models.BigIntegerField()
    difference_paise = models.BigIntegerField(help_text="Counted less expected: negative is cash missing")
    # {"bills": n, "returns": n, "methods": {"cash": {"sales": paise, "refunds": paise}, ...}}
    totals = models.JSONField()
    reason = models.CharField(max_length=500, blank=True, default="")
    by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    closed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-day", "counter"]
        constraints = [
            models.UniqueConstraint(fields=["counter", "day"], name="day_close_once"),
            models.CheckConstraint(
                condition=Q(difference_paise=F("counted_cash_paise") - F("expected_cash_paise")),
                name="day_close_difference_is_counted_less_expected",
            ),
            models.CheckConstraint(
                condition=Q(counted_cash_paise__gte=0) & Q(opening_float_paise__gte=0),
                name="day_close_cash_not_negative",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.counter.code} {self.day:%Y-%m-%d}"


class PhoneOrder(models.Model):
    """An order a cashier took on the phone or from a WhatsApp message, for the customer's number.

    The order itself is an ordinary `orders.Order` (`channel=phone`) placed through
    `checkout.placement`; this row is what it does not hold: how it came in, who took it, whether
    the customer's account was made for it, and the payment link texted (written by
    `counter.phone_orders`)."""

    class Via(models.TextChoices):
        PHONE = "phone", gettext_lazy("Phone call")
        WHATSAPP = "whatsapp", gettext_lazy("WhatsApp")

    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="phone_order")
    via = models.CharField(max_length=10, choices=Via.choices, default=Via.PHONE)
    taken_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    customer_created = models.BooleanField(default=False, help_text="The account was made for this order")
    payment_link_sent_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [models.CheckConstraint(condition=Q(via__in=["phone", "whatsapp"]), name="phone_order_via_known")]

    def __str__(self) -> str:
        return f"{self.get_via_display()} order {self.order_id}"


class RiderHandover(models.Model):
    """The end of a rider's round: the cash their collections add up to, the cash they handed over,
    and the difference with who and why. Every collection it covers points at it."""

    rider = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    collected_cash_paise = models.BigIntegerField(help_text="Cash collected at the doors of this round")
    collected_upi_paise = models.BigIntegerField(default=0, help_text="UPI collected (not handed over in cash)")
    handed_over_paise = models.BigIntegerField()
    difference_paise = models.BigIntegerField(help_text="Handed over less collected: negative is cash missing")
    reason = models.CharField(max_length=500, blank=True, default="")
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+", help_text="Who recorded it"
    )
    closed_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-closed_at", "-id"]
        constraints = [
            models.CheckConstraint(
                condition=Q(difference_paise=F("handed_over_paise") - F("collected_cash_paise")),
                name="rider_handover_difference_is_handed_less_collected",
            ),
            models.CheckConstraint(
                condition=Q(handed_over_paise__gte=0) & Q(collected_cash_paise__gte=0) & Q(collected_upi_paise__gte=0),
                name="rider_handover_not_negative",
            ),
            models.CheckConstraint(
                condition=Q(difference_paise=0) | ~Q(reason=""), name="rider_handover_difference_has_reason"
            ),
        ]

    def __str__(self) -> str:
        return f"round of {self.rider_id} closed {self.closed_at:%Y-%m-%d %H:%M}"


class DoorCollection(models.Model):
    """The money a rider took at the door for one order (cash or UPI): at most one per order, so two
    riders marking the same order delivered give one collection. Cash waits in the rider's pocket
    until their round's handover."""

    class Method(models.TextChoices):
        CASH = "cash", gettext_lazy("Cash")
        UPI = "upi", gettext_lazy("UPI")

    order = models.OneToOneField("orders.Order", on_delete=models.PROTECT, related_name="door_collection")
    rider = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    method = models.CharField(max_length=4, choices=Method.choices)
    amount_paise = models.BigIntegerField()
    reference = models.CharField(max_length=64, blank=True, default="", help_text="The UPI reference, if noted")
    handover = models.ForeignKey(
        RiderHandover, on_delete=models.PROTECT, null=True, blank=True, related_name="collections"
    )
    collected_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["collected_at", "id"]
        indexes = [models.Index(fields=["rider", "handover"], name="door_collection_round")]
        constraints = [
            models.CheckConstraint(condition=Q(amount_paise__gt=0), name="door_collection_amount_positive"),
            models.CheckConstraint(condition=Q(method__in=["cash", "upi"]), name="door_collection_method_known"),
        ]

    def __str__(self) -> str:
        return f"{self.method} {self.amount_paise} for order {self.order_id}"
