"""The orders wire format (see "Orders" in the contracts): camelCase names, ids as strings, money as
JSON numbers (`common.fields.MoneyField`).

An order answer says which moves its caller may make next (`allowedMoves`), so serialize orders
with the request in the context.

Input serializers check the shape and types of a request; the rules (pack count range, address,
prices, stock) are `orders.services`'.
"""

from decimal import Decimal

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from catalog.labels import pack_label
from common.fields import MoneyField, PageNumberField, PageSizeField, TextField, WholeNumberField, money
from common.ids import WireIdField
from common.money import rupees_in_words, to_rupees
from common.openapi import PINCODE, JudgedInput, text, whole_number
from common.pagination import ADMIN_ORDER_LIST
from orders.board import (
    BULK_MAX_ORDERS,
    MOVES_TOGETHER,
    NOTHING_CHOSEN,
    SEARCH_MAX_LENGTH,
    SEARCH_TOO_LONG,
    TOO_MANY,
)
from orders.models import DeliveryWindow, Holiday, Order, OrderItem, OrderLineChange, Weekday
from orders.pipeline import allowed_moves, line_changes_allowed, may_cancel
from orders.rules import ITEM_PROBLEM, MAX_LINES, MAX_QTY, MIN_QTY, QTY_RULE
from orders.selectors import booking_of
from orders.slots import day_label, slot_label, time_label
from orders.tax import DELIVERY_SAC, TaxInvoice, line_split, tax_invoice

# The label the shop's current client sends for spec section 7's 'Cash Or UPI'; stored and answered
# as the spec's name.
PAYMENT_METHOD_ALIASES = {"Cash/UPI": Order.PaymentMethod.CASH_OR_UPI}


class PackRecordSerializer(serializers.Serializer):
    """A pack as the cart refreshes it (the catalog's batch record): the items of a refused order
    (409 `price_changed` / `out_of_stock`) and the source of each order line's snapshot. Reads a
    `Financial` with its brand and product loaded."""

    productId = WireIdField(source="detail.product_id")
    brandId = WireIdField(source="detail_id")
    financialId = WireIdField(source="pk")
    name = serializers.CharField(source="detail.product.name")
    slug = serializers.CharField(source="detail.product.slug")
    brand = serializers.CharField(source="detail.brand")
    quantity = serializers.CharField(source="quantity_display")
    units = serializers.CharField()
    price = MoneyField()
    dprice = MoneyField()
    Discount = serializers.IntegerField(source="discount")
    countInStock = serializers.IntegerField(source="count_in_stock")
    image = serializers.CharField(source="detail.image")


def pack_records(packs) -> list[dict]:
    return [dict(record) for record in PackRecordSerializer(packs, many=True).data]


class OrderLineInSerializer(JudgedInput):
    productId = WireIdField()
    brandId = WireIdField()
    financialId = WireIdField()
    qty = WholeNumberField(error_messages={key: QTY_RULE for key in ("invalid", "null", "required", "out_of_range")})

    accepted = {"qty": whole_number(minimum=MIN_QTY, maximum=MAX_QTY)}


class OrderItemsField(serializers.ListField):
    """The cart lines; a bad line is reported as `Item 2: <what is wrong>`."""

    child = OrderLineInSerializer()

    def run_child_validation(self, data):
        lines = []
        for position, item in enumerate(data, start=1):
            try:
                lines.append(self.child.run_validation(item))
            except serializers.ValidationError as error:
                detail = error.detail
                if isinstance(detail, dict):
                    detail = next(iter(detail.values()))
                if isinstance(detail, list):
                    detail = detail[0]
                raise serializers.ValidationError(ITEM_PROBLEM.format(position=position, problem=detail)) from error
        return lines


class AddressSerializer(JudgedInput):
    # A missing part is the service's "Enter address in account to complete order", not a field error.
    street = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=255)
    city = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=120)
    postalCode = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=20)

    accepted = {"street": text(max_length=255), "city": text(max_length=120), "postalCode": PINCODE}
    accepted_required = ("street", "city", "postalCode")


@extend_schema_field({"type": "string", "enum": [*Order.PaymentMethod.values, *PAYMENT_METHOD_ALIASES]})
class PaymentMethodField(serializers.CharField):
    def to_internal_value(self, data):
        method = super().to_internal_value(data)
        return PAYMENT_METHOD_ALIASES.get(method, method)


class OrderPlaceInSerializer(JudgedInput):
    orderItems = OrderItemsField(allow_empty=True, max_length=MAX_LINES)
    shippingAddress = AddressSerializer()
    paymentMethod = PaymentMethodField(
        allow_blank=True, max_length=40, help_text="'Cash Or UPI' (also accepted as 'Cash/UPI') or 'Online'"
    )
    itemsPrice = MoneyField()
    shippingPrice = MoneyField()
    totalPrice = MoneyField()
    # Anything but a known choice is the service's "Please choose what we should do ...".
    substitutionPreference = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=Order.SubstitutionPreference.CALL,
        max_length=20,
        help_text="What to do with a pack unavailable at packing: call (the default), replace or remove",
    )
    storeCredit = MoneyField(
        required=False,
        allow_null=True,
        default=None,
        min_value=Decimal("0"),
        error_messages={"min_value": gettext_lazy("The store credit to use can't be negative.")},
        help_text="Store credit the shopper wants to use; the order uses at most their balance and its total",
    )
    # Anything that names no slot on offer is the booking's 400 "This delivery time is not one we offer".
    deliverySlot = serializers.CharField(
        required=False,
        allow_null=True,
        allow_blank=True,
        default=None,
        max_length=40,
        help_text="The slot's id from GET /api/slots; none: the next free slot is chosen (and answered)",
    )

    accepted_limits = {"orderItems": {"minItems": 1}}  # an empty order is the service's "Order is empty"
    accepted = {"substitutionPreference": {"type": "string", "enum": Order.SubstitutionPreference.values}}


class StoreCreditQuoteInSerializer(serializers.Serializer):
    total = MoneyField(
        min_value=Decimal("0"),
        help_text="The order's total as checkout shows it",
        error_messages={"min_value": gettext_lazy("The total can't be negative.")},
    )


class StoreCreditQuoteSerializer(serializers.Serializer):
    """What checkout shows before placing: the same figures placement then charges."""

    balance = MoneyField(help_text="The shopper's store credit")
    applicable = MoneyField(help_text="What an order of this total would use: at most the balance and the total")
    toPay = MoneyField(source="to_pay", help_text="total - applicable")


# Whole numbers from 0 (a line removed) to the most a line can hold; the service words the rest
# (more than the line has).
LINE_QTY_RULE = format_lazy(gettext_lazy("The pack count must be a whole number from 0 to {max}."), max=MAX_QTY)
REPLACEMENT_QTY_RULE = format_lazy(
    gettext_lazy("The replacement's pack count must be a whole number from {min} to {max}."), min=MIN_QTY, max=MAX_QTY
)
_EVERY_QTY_ERROR = ("invalid", "null", "required", "out_of_range")


class OrderLineQtyInSerializer(JudgedInput):
    qty = WholeNumberField(
        min_value=0, max_value=MAX_QTY, error_messages={key: LINE_QTY_RULE for key in _EVERY_QTY_ERROR}
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)

    accepted = {"qty": whole_number(minimum=0, maximum=MAX_QTY)}
    accepted_required = ("qty",)


class OrderLineReplaceInSerializer(JudgedInput):
    financialId = WireIdField()
    qty = WholeNumberField(
        min_value=MIN_QTY, max_value=MAX_QTY, error_messages={key: REPLACEMENT_QTY_RULE for key in _EVERY_QTY_ERROR}
    )
    shopperAgreed = serializers.BooleanField(
        required=False, default=False, help_text="The shopper agreed to this pack at its own price"
    )
    reason = serializers.CharField(required=False, allow_blank=True, default="", max_length=500)

    accepted = {"qty": whole_number(minimum=MIN_QTY, maximum=MAX_QTY)}
    accepted_required = ("financialId", "qty")


class OrderStatusInSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED],
        error_messages={"invalid_choice": gettext_lazy("Status must be one of packed, dispatched or delivered.")},
    )


class OrderCancelInSerializer(serializers.Serializer):
    # Empty or too long is the pipeline's "Please give a reason ..." (`orders.pipeline.clean_cancel_reason`).
    reason = serializers.CharField(allow_blank=True, allow_null=True, required=False, default="", trim_whitespace=False)


class AdminOrderListInSerializer(serializers.Serializer):
    pageNumber = PageNumberField()
    pageSize = PageSizeField(sizes=ADMIN_ORDER_LIST)
    status = serializers.ChoiceField(choices=Order.Status.values, required=False, allow_blank=True)


class TaxPartField(MoneyField):
    """One part (cgst, sgst or igst) of an order line's tax, split as its order was placed (null
    for a line placed before GST was recorded). Reads the line's order, which the selectors load."""

    def __init__(self, part: str, **kwargs):
        self.part = part
        super().__init__(source="*", read_only=True, allow_null=True, **kwargs)

    def to_representation(self, item: OrderItem):
        split = line_split(item, interstate=item.order.gst_interstate)
        return None if split is None else money(getattr(split, self.part))


class OrderItemSerializer(serializers.Serializer):
    _id = WireIdField(source="pk", read_only=True, help_text="The line's id (staff change lines by it at packing)")
    productId = WireIdField(source="product_id")
    brandId = WireIdField(source="brand_id")
    financialId = WireIdField(source="financial_id")
    name = serializers.CharField()
    nameTe = serializers.CharField(source="name_te", help_text="The product's Telugu name as sold; empty when none")
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()
    qty = serializers.IntegerField()
    price = MoneyField()
    mrp = MoneyField()
    image = serializers.CharField()
    lineTotal = MoneyField(source="line_total")
    hsnCode = serializers.CharField(source="hsn_code")
    gstRate = serializers.IntegerField(
        source="gst_rate", allow_null=True, help_text="Per cent; null before GST was recorded"
    )
    taxableValue = MoneyField(source="taxable_value", allow_null=True)
    tax = MoneyField(allow_null=True, help_text="The GST inside lineTotal: cgst + sgst, or igst")
    cgst = TaxPartField("cgst")
    sgst = TaxPartField("sgst")
    igst = TaxPartField("igst")


class RateTotalSerializer(serializers.Serializer):
    rate = serializers.IntegerField(help_text="GST rate, per cent")
    taxableValue = MoneyField(source="taxable_value")
    cgst = MoneyField(source="split.cgst")
    sgst = MoneyField(source="split.sgst")
    igst = MoneyField(source="split.igst")
    tax = MoneyField()
    total = MoneyField(help_text="taxableValue + tax")


class TaxInvoiceSerializer(serializers.Serializer):
    """The tax part of the invoice, every figure computed by the server (`orders.tax`)."""

    storeGstin = serializers.CharField(source="store_gstin")
    storeState = serializers.CharField(source="store_state")
    storeStateCode = serializers.CharField(source="store_state_code")
    placeOfSupply = serializers.CharField(source="place_of_supply", help_text="The delivery state")
    placeOfSupplyCode = serializers.CharField(source="place_of_supply_code")
    interstate = serializers.BooleanField(help_text="true: IGST; false: CGST + SGST")
    deliverySac = serializers.SerializerMethodField()
    delivery = RateTotalSerializer(allow_null=True, help_text="The tax inside the delivery charge; null when none")
    rates = RateTotalSerializer(many=True, help_text="Goods and delivery by rate, lowest rate first")
    totals = RateTotalSerializer(help_text="The whole invoice; totals.total is the order's totalPrice")

    def get_deliverySac(self, invoice: TaxInvoice) -> str:
        return DELIVERY_SAC


class PaiseField(MoneyField):
    """An amount kept in whole paise, on the wire in rupees like every other amount."""

    def __init__(self, **kwargs):
        super().__init__(read_only=True, **kwargs)

    def to_representation(self, value: int):
        return money(to_rupees(value))


class CreditNoteLineSerializer(serializers.Serializer):
    name = serializers.CharField()
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()
    hsnCode = serializers.CharField(source="hsn_code")
    gstRate = serializers.IntegerField(source="gst_rate", help_text="Per cent")
    qty = serializers.IntegerField(help_text="Packs given back")
    price = PaiseField(source="unit_price_paise", help_text="Unit price paid")
    taxableValue = PaiseField(source="taxable_value_paise")
    tax = PaiseField(source="tax_paise")
    cgst = PaiseField(source="cgst_paise")
    sgst = PaiseField(source="sgst_paise")
    igst = PaiseField(source="igst_paise")
    amount = PaiseField(source="amount_paise", help_text="taxableValue + tax")


class CreditNoteSerializer(serializers.Serializer):
    """A GST credit note against the order's invoice (`orders.credit_notes`), printable like it."""

    number = serializers.CharField(help_text="CN-<year>-<number>, its own series")
    invoiceNumber = serializers.CharField(source="invoice_number", help_text="The original tax invoice")
    createdAt = serializers.DateTimeField(source="created_at")
    reason = serializers.CharField()
    placeOfSupply = serializers.CharField(source="place_of_supply")
    interstate = serializers.BooleanField(help_text="true: IGST; false: CGST + SGST")
    lines = CreditNoteLineSerializer(source="lines.all", many=True)
    taxableValue = PaiseField(source="taxable_value_paise")
    tax = PaiseField(source="tax_paise")
    cgst = PaiseField(source="cgst_paise")
    sgst = PaiseField(source="sgst_paise")
    igst = PaiseField(source="igst_paise")
    total = PaiseField(source="total_paise")
    totalInWords = serializers.SerializerMethodField()

    def get_totalInWords(self, note) -> str:
        return rupees_in_words(to_rupees(note.total_paise))


class OrderUserSerializer(serializers.Serializer):
    name = serializers.CharField()
    phoneNo = serializers.CharField(source="phone_no")


class ShippingAddressOutSerializer(serializers.Serializer):
    street = serializers.CharField(source="shipping_street")
    city = serializers.CharField(source="shipping_city")
    postalCode = serializers.CharField(source="shipping_postal_code")


class PaymentAlertSerializer(serializers.Serializer):
    reference = serializers.CharField(source="gateway_order_id")
    amount = MoneyField()
    problem = serializers.CharField(source="get_flag_display")


class OrderLineChangeSerializer(serializers.Serializer):
    """A change staff made to a line at packing, as the shopper and staff read it."""

    kind = serializers.ChoiceField(choices=OrderLineChange.Kind.values)
    kindLabel = serializers.CharField(source="get_kind_display")
    oldPack = serializers.CharField(source="old_pack")
    oldQty = serializers.IntegerField(source="old_qty")
    newPack = serializers.CharField(source="new_pack", help_text="Empty when the line was removed")
    newQty = serializers.IntegerField(source="new_qty")
    amount = MoneyField(help_text="How much the order's total fell")
    reason = serializers.CharField()
    at = serializers.DateTimeField()


@extend_schema_field({"type": "string", "pattern": "^(pending|succeeded|failed|manual_review)$"})
class RefundStateField(serializers.CharField):
    """A refund's state: pending, succeeded, failed or manual_review (a pattern: an enum would become a
    schema component named after the field, which other apps' `state` fields would share)."""


class RefundOutSerializer(serializers.Serializer):
    """Money going back to the card, UPI or bank the order was paid from (`payments.Refund`)."""

    _id = serializers.CharField(source="unique_request_id")
    amount = MoneyField()
    state = RefundStateField()
    reason = serializers.CharField()
    createdAt = serializers.DateTimeField(source="created_at")


# Delivery slots: camelCase names, ids as strings, times as `HH:MM` in the shop's time zone.

STATES = ("open", "full", "closed", "holiday")
CLOCK = {"type": "string", "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$", "example": "07:00"}


@extend_schema_field(CLOCK)
class ClockField(serializers.TimeField):
    """A time of day as `HH:MM` (the shop's time zone), read and written."""

    def __init__(self, **kwargs):
        super().__init__(format="%H:%M", input_formats=["%H:%M"], **kwargs)


class SlotOfferSerializer(serializers.Serializer):
    """A window on a date as checkout offers it. Reads an `orders.slots.SlotOffer`."""

    id = serializers.CharField(help_text="`<date>.<window id>`: send it as the order's deliverySlot")
    date = serializers.DateField()
    start = ClockField(source="window.start")
    end = ClockField(source="window.end")
    label = serializers.CharField(help_text="In the answer's language, e.g. 'Fri 27 Nov, 7:00–10:00'")
    dayLabel = serializers.SerializerMethodField(help_text="'Fri 27 Nov'")
    timeLabel = serializers.SerializerMethodField(help_text="'7:00–10:00'")
    state = serializers.ChoiceField(choices=STATES)
    choosable = serializers.BooleanField(help_text="Only an open slot can be chosen")
    placesLeft = serializers.IntegerField(source="places_left")
    reason = serializers.CharField(help_text="Why it can't be chosen (full, closed at ..., holiday); empty when open")
    closesAt = serializers.DateTimeField(source="closes_at")

    def get_dayLabel(self, offer) -> str:
        return day_label(offer.date)

    def get_timeLabel(self, offer) -> str:
        return time_label(offer.window.start, offer.window.end)


class SlotsSerializer(serializers.Serializer):
    """What checkout needs: whether the shop delivers in slots, and the next days' slots."""

    enabled = serializers.BooleanField(help_text="false: no windows are defined; orders are placed without one")
    slots = SlotOfferSerializer(many=True)


class BookedSlotSerializer(serializers.Serializer):
    """The slot an order is booked in (reads a `SlotBooking`), as the order page, invoice and staff list show it."""

    id = serializers.SerializerMethodField()
    date = serializers.DateField()
    start = ClockField()
    end = ClockField()
    label = serializers.SerializerMethodField()
    released = serializers.SerializerMethodField()

    def get_id(self, booking) -> str:
        return f"{booking.date:%Y-%m-%d}.{booking.slot.window_id}"

    def get_label(self, booking) -> str:
        return slot_label(booking.date, booking.start, booking.end)

    def get_released(self, booking) -> bool:
        """true once a cancellation gave its place back."""
        return booking.released_at is not None


class DeliveryWindowSerializer(serializers.ModelSerializer):
    """A weekly window, read and written by staff."""

    _id = WireIdField(source="pk", read_only=True)
    weekday = serializers.ChoiceField(
        choices=Weekday.choices,
        error_messages={"invalid_choice": gettext_lazy("Weekday must be 0 (Monday) to 6 (Sunday).")},
    )
    weekdayLabel = serializers.CharField(source="get_weekday_display", read_only=True)
    start = ClockField()
    end = ClockField()
    capacity = serializers.IntegerField(min_value=1, max_value=10_000)
    cutoffHours = serializers.IntegerField(source="cutoff_hours", min_value=0, max_value=72)
    active = serializers.BooleanField(required=False, default=True)

    class Meta:
        model = DeliveryWindow
        fields = ["_id", "weekday", "weekdayLabel", "start", "end", "capacity", "cutoffHours", "active"]
        validators = []  # the service words the overlap and duplicate rules

    def validate(self, attrs):
        start, end = attrs.get("start"), attrs.get("end")
        if start is not None and end is not None and end <= start:
            raise serializers.ValidationError(gettext_lazy("The window must end after it starts."))
        return attrs


class HolidaySerializer(serializers.ModelSerializer):
    _id = WireIdField(source="pk", read_only=True)
    date = serializers.DateField()
    name = serializers.CharField(max_length=120, required=False, allow_blank=True, default="")

    class Meta:
        model = Holiday
        fields = ["_id", "date", "name"]
        validators = []


class OrderSerializer(serializers.Serializer):
    _id = serializers.CharField(source="public_id")
    createdAt = serializers.DateTimeField(source="created_at")
    user = OrderUserSerializer()
    orderItems = OrderItemSerializer(source="items.all", many=True)
    shippingAddress = ShippingAddressOutSerializer(source="*")
    paymentMethod = serializers.CharField(source="payment_method")
    substitutionPreference = serializers.ChoiceField(
        source="substitution_preference", choices=Order.SubstitutionPreference.values
    )
    substitutionPreferenceLabel = serializers.CharField(
        source="get_substitution_preference_display", help_text="In the answer's language"
    )
    lineChanges = OrderLineChangeSerializer(source="line_changes.all", many=True)
    canChangeLines = serializers.SerializerMethodField()
    itemsPrice = MoneyField(source="items_price")
    shippingPrice = MoneyField(source="shipping_price")
    totalPrice = MoneyField(source="total_price")
    isPaid = serializers.BooleanField(source="is_paid")
    paidAt = serializers.DateTimeField(source="paid_at", allow_null=True)
    isPacked = serializers.BooleanField(source="is_packed")
    packedAt = serializers.DateTimeField(source="packed_at", allow_null=True)
    isDispatched = serializers.BooleanField(source="is_dispatched")
    dispatchedAt = serializers.DateTimeField(source="dispatched_at", allow_null=True)
    isDelivered = serializers.BooleanField(source="is_delivered")
    deliveredAt = serializers.DateTimeField(source="delivered_at", allow_null=True)
    status = serializers.ChoiceField(choices=Order.Status.values)
    isCancelled = serializers.BooleanField(source="is_cancelled")
    cancelledAt = serializers.DateTimeField(source="cancelled_at", allow_null=True)
    cancelReason = serializers.CharField(source="cancel_reason")
    allowedMoves = serializers.SerializerMethodField()
    invoiceNumber = serializers.CharField(source="invoice_number")
    orderId = serializers.CharField(source="payment_reference", allow_null=True)
    paymentAlerts = serializers.SerializerMethodField()
    totalInWords = serializers.SerializerMethodField()
    gst = serializers.SerializerMethodField()
    storeCreditApplied = MoneyField(source="store_credit_applied", help_text="Store credit spent on this order")
    amountDue = serializers.SerializerMethodField()
    canCancel = serializers.SerializerMethodField()
    creditNotes = CreditNoteSerializer(source="credit_notes.all", many=True, help_text="Oldest first")
    refunds = RefundOutSerializer(source="refunds.all", many=True, help_text="Oldest first")
    deliverySlot = serializers.SerializerMethodField()

    @extend_schema_field(BookedSlotSerializer(allow_null=True))
    def get_deliverySlot(self, order: Order) -> dict | None:
        """The delivery slot the order is booked in; null when the shop had no slots then."""
        booking = booking_of(order)
        return BookedSlotSerializer(booking).data if booking is not None else None

    def get_totalInWords(self, order: Order) -> str:
        """The total the Indian way: 'Rupees Seven Hundred Seventy-Eight Only'."""
        return rupees_in_words(order.total_price)

    @extend_schema_field(TaxInvoiceSerializer(allow_null=True))
    def get_gst(self, order: Order) -> dict | None:
        """The invoice's GST figures; null for an order placed before GST was recorded."""
        invoice = tax_invoice(order)
        return TaxInvoiceSerializer(invoice).data if invoice else None

    @extend_schema_field(PaymentAlertSerializer(many=True))
    def get_paymentAlerts(self, order: Order) -> list[dict]:
        """For admins: money a gateway charged that could not pay this order (refund or re-confirm)."""
        user = getattr(self.context.get("request"), "user", None)
        if not (user and user.is_staff):
            return []
        return PaymentAlertSerializer(getattr(order, "flagged_payments", []), many=True).data

    @extend_schema_field(MoneyField(help_text="What is left to pay: totalPrice less storeCreditApplied"))
    def get_amountDue(self, order: Order):
        return money(max(order.amount_due, Decimal("0.00")))

    def get_canCancel(self, order: Order) -> bool:
        """Whether the caller may cancel this order now (`orders.pipeline.may_cancel`)."""
        return may_cancel(order=order, user=getattr(self.context.get("request"), "user", None))

    def get_canChangeLines(self, order: Order) -> bool:
        """Whether the caller may reduce, remove or replace this order's lines now (staff, at packing)."""
        request = self.context.get("request")
        return line_changes_allowed(order=order, user=getattr(request, "user", None))

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(choices=Order.Status.values)))
    def get_allowedMoves(self, order: Order) -> list[str]:
        """The statuses the caller (the request in the context) may move this order to next."""
        request = self.context.get("request")
        return allowed_moves(order=order, user=getattr(request, "user", None))


class BuyAgainPackSerializer(serializers.Serializer):
    name = serializers.CharField()
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()


class BuyAgainLineSerializer(BuyAgainPackSerializer):
    """A cart line as the browser stores it (spec section 3), at today's price."""

    productId = serializers.CharField()
    nameTe = serializers.CharField()
    slug = serializers.CharField()
    category = serializers.CharField()
    brandId = serializers.CharField()
    financialId = serializers.CharField()
    price = MoneyField()
    dprice = MoneyField()
    Discount = serializers.IntegerField()
    image = serializers.CharField()
    countInStock = serializers.IntegerField()
    qty = serializers.IntegerField()


class BuyAgainUnavailableSerializer(BuyAgainPackSerializer):
    reason = serializers.ChoiceField(choices=["gone", "outOfStock"], help_text="gone: no longer sold")


class BuyAgainChangedSerializer(BuyAgainPackSerializer):
    was = MoneyField(help_text="The price the order paid")
    now = MoneyField(help_text="Today's price")


class BuyAgainReducedSerializer(BuyAgainPackSerializer):
    ordered = serializers.IntegerField()
    qty = serializers.IntegerField(help_text="What is left to buy (at most a cart line's cap)")


class BuyAgainSerializer(serializers.Serializer):
    """`POST /api/orders/<id>/buy-again`: what to add to the cart, and the lines to name."""

    cartItems = BuyAgainLineSerializer(source="lines", many=True)
    unavailable = BuyAgainUnavailableSerializer(many=True)
    changed = BuyAgainChangedSerializer(many=True)
    reduced = BuyAgainReducedSerializer(many=True)


# --- The day's sheets for a delivery window (orders/picking.py): admins only -----------------------


class PickingQuerySerializer(serializers.Serializer):
    """`?window=<id>&date=YYYY-MM-DD`: a window of the weekly plan on one date."""

    window = WireIdField(help_text="A delivery window's `_id` (GET /api/slots/windows)")
    date = serializers.DateField(input_formats=["iso-8601"], help_text="YYYY-MM-DD")


class PickLineSerializer(serializers.Serializer):
    _id = serializers.SerializerMethodField(help_text="The pack's id; null when the pack was deleted since")
    name = serializers.CharField()
    nameTe = serializers.CharField(source="name_te", help_text="May be empty")
    brand = serializers.CharField()
    pack = serializers.CharField(help_text="'500 g', '1.5 L'")
    packs = serializers.IntegerField(help_text="How many to take off the shelf")
    orders = serializers.IntegerField(help_text="In how many orders")

    @extend_schema_field({"type": "string", "nullable": True})
    def get__id(self, line) -> str | None:
        return None if line.financial_id is None else str(line.financial_id)


class PickCategorySerializer(serializers.Serializer):
    name = serializers.CharField(help_text="Empty for products deleted since")
    nameTe = serializers.CharField(source="name_te")
    packs = serializers.IntegerField()
    lines = PickLineSerializer(many=True)


class PickListSerializer(serializers.Serializer):
    window = WireIdField(source="window.pk")
    date = serializers.DateField()
    slot = serializers.CharField(help_text="'Fri 27 Nov, 7:00–10:00', in the answer's language")
    orders = serializers.IntegerField()
    packs = serializers.IntegerField()
    categories = PickCategorySerializer(many=True, help_text="In shelf order")


class SlipLineSerializer(serializers.Serializer):
    name = serializers.CharField()
    nameTe = serializers.CharField(source="name_te")
    brand = serializers.CharField()
    pack = serializers.SerializerMethodField()
    qty = serializers.IntegerField()

    def get_pack(self, item: OrderItem) -> str:
        return pack_label(item)


class StopSerializer(serializers.Serializer):
    """One order in route order: on a packing slip (with its lines) or the delivery sheet."""

    number = serializers.IntegerField(help_text="Its place in the route, from 1")
    _id = serializers.CharField(source="order.public_id")
    invoiceNumber = serializers.CharField(source="order.invoice_number")
    customer = serializers.CharField(source="order.user.name")
    phoneNo = serializers.CharField(source="order.user.phone_no")
    street = serializers.CharField(source="order.shipping_street")
    city = serializers.CharField(source="order.shipping_city")
    postalCode = serializers.CharField(source="order.shipping_postal_code")
    status = serializers.CharField(source="order.status")
    paymentMethod = serializers.CharField(source="order.payment_method")
    paymentState = serializers.ChoiceField(
        choices=["paid", "cash_due", "online_unpaid"], source="payment_state", read_only=True
    )
    totalPrice = MoneyField(source="order.total_price", read_only=True)
    toCollect = MoneyField(source="to_collect", read_only=True, help_text="0 when paid")
    substitutionPreference = serializers.CharField(source="order.substitution_preference")


class SlipSerializer(StopSerializer):
    packs = serializers.SerializerMethodField()
    lines = SlipLineSerializer(source="order.items", many=True)

    def get_packs(self, stop) -> int:
        return sum(item.qty for item in stop.order.items.all())


class _SheetSerializer(serializers.Serializer):
    window = WireIdField(source="window.pk")
    date = serializers.DateField()
    slot = serializers.CharField(help_text="'Fri 27 Nov, 7:00–10:00', in the answer's language")
    count = serializers.SerializerMethodField()
    toCollect = MoneyField(source="to_collect", read_only=True)

    def get_count(self, sheet) -> int:
        return len(sheet.stops)


class PackingSlipsSerializer(_SheetSerializer):
    slips = SlipSerializer(source="stops", many=True, help_text="In route order")


class DeliverySheetSerializer(_SheetSerializer):
    stops = StopSerializer(many=True, help_text="In route order")


# The staff's live board (`orders.board`, issue 27).

PAYMENT_PAID = gettext_lazy("Paid")
PAYMENT_CASH_DUE = gettext_lazy("Cash/UPI to collect")
PAYMENT_ONLINE_DUE = gettext_lazy("Online, not paid yet")
PAYMENT_NONE = gettext_lazy("Not paid")


class BoardOrderSerializer(OrderSerializer):
    """A row of the staff board: the order without its lines, tax and documents (reads an order
    from `orders.board`, annotated with `problem_open`)."""

    orderItems = None
    lineChanges = None
    canChangeLines = None
    gst = None
    totalInWords = None
    creditNotes = None
    refunds = None
    problem = serializers.BooleanField(source="problem_open", help_text="A problem ticket about it is open")
    paymentState = serializers.SerializerMethodField()

    def get_paymentState(self, order: Order) -> str:
        """Paid, cash to collect, online not paid yet, or not paid (cancelled), in the answer's language."""
        if order.is_paid:
            return str(PAYMENT_PAID)
        if order.status == Order.Status.CANCELLED:
            return str(PAYMENT_NONE)
        if order.payment_method == Order.PaymentMethod.ONLINE:
            return str(PAYMENT_ONLINE_DUE)
        return str(PAYMENT_CASH_DUE)


class BoardInSerializer(serializers.Serializer):
    since = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=2**63 - 1,
        help_text="A cursor the board saw: answer what changed after it",
    )
    status = serializers.ChoiceField(
        choices=[*Order.Status.values, "problem"],
        required=False,
        allow_blank=True,
        help_text="problem: a ticket is open",
    )
    date = serializers.DateField(required=False, help_text="The delivery slot's date")
    window = serializers.IntegerField(
        required=False, min_value=1, max_value=2**63 - 1, help_text="A delivery window id"
    )
    q = serializers.CharField(
        required=False,
        allow_blank=True,
        trim_whitespace=False,
        max_length=SEARCH_MAX_LENGTH,
        error_messages={"max_length": format_lazy(SEARCH_TOO_LONG, count=SEARCH_MAX_LENGTH)},
        help_text="Invoice number, phone or name",
    )

    def to_internal_value(self, data):
        # DRF skips an empty query value of an optional field (`?date=` reads as no date); the
        # schema says a date, a window id and a cursor are never empty, so say it.
        empty = {name: [gettext_lazy("This field may not be blank.")] for name in ("since", "date", "window")}
        refused = {name: message for name, message in empty.items() if data.get(name) == ""}
        if refused:
            raise serializers.ValidationError(refused)
        return super().to_internal_value(data)


class BoardSerializer(serializers.Serializer):
    cursor = serializers.CharField(help_text="Ask `since=<cursor>` next")
    more = serializers.BooleanField(help_text="More orders fit than were answered (a catch-up: ask again)")
    orders = BoardOrderSerializer(many=True)
    changed = serializers.ListField(
        child=serializers.CharField(),
        help_text="Catch-up: every order changed, shown or not (drop those not in `orders`)",
    )
    new = serializers.ListField(
        child=serializers.CharField(), help_text="Catch-up: the changed orders placed after `since`"
    )


class BulkMoveInSerializer(serializers.Serializer):
    ids = serializers.ListField(
        child=TextField(min_length=1, max_length=64),
        min_length=1,
        max_length=BULK_MAX_ORDERS,
        error_messages={
            "min_length": NOTHING_CHOSEN,
            "empty": NOTHING_CHOSEN,
            "max_length": format_lazy(TOO_MANY, count=BULK_MAX_ORDERS),
        },
        help_text="Order ids (`_id`), at most 200",
    )
    to = serializers.ChoiceField(
        choices=[Order.Status.PACKED, Order.Status.DISPATCHED],
        error_messages={"invalid_choice": MOVES_TOGETHER},
    )


class BulkMovedSerializer(serializers.Serializer):
    _id = serializers.CharField(source="public_id")
    invoiceNumber = serializers.CharField(source="invoice_number")
    status = serializers.CharField()


class BulkRefusedSerializer(serializers.Serializer):
    _id = serializers.CharField(source="public_id")
    invoiceNumber = serializers.CharField(source="invoice_number")
    reason = serializers.CharField()


class BulkMoveSerializer(serializers.Serializer):
    moved = BulkMovedSerializer(many=True)
    refused = BulkRefusedSerializer(many=True)
