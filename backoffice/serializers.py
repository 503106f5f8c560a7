"""The back office's wire format: the day's sheets of a delivery window and the staff's live board.
camelCase names, ids as strings, money as JSON numbers (`common.fields.MoneyField`)."""

from decimal import Decimal

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from backoffice.board import (
    BULK_MAX_ORDERS,
    MOVES_TOGETHER,
    NOTHING_CHOSEN,
    SEARCH_MAX_LENGTH,
    SEARCH_TOO_LONG,
    TOO_MANY,
    is_late,
)
from catalog.labels import pack_label
from common.fields import MoneyField, TextField
from common.ids import WireIdField
from common.money import rupees, to_rupees
from orders.models import Order, OrderItem
from orders.payment_state import refunded_paise
from orders.serializers import OrderSerializer, PaiseField

# The day's sheets for a delivery window (`backoffice.picking`).


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


# The staff's live board (`backoffice.board`, issue 27).

PAYMENT_PAID = gettext_lazy("Paid")
PAYMENT_CASH_DUE = gettext_lazy("Cash/UPI to collect")
PAYMENT_ONLINE_DUE = gettext_lazy("Online, not paid yet")
PAYMENT_CANCELLED = gettext_lazy("Cancelled, nothing paid")
PAYMENT_CANCELLED_REFUNDED = gettext_lazy("Cancelled, {amount} refunded")
PAYMENT_PAID_PART_REFUNDED = gettext_lazy("Paid, {amount} refunded")


class BoardOrderSerializer(OrderSerializer):
    """A row of the staff board: the order without its lines, tax and documents (reads an order
    from `backoffice.board`, annotated with `problem_open`)."""

    orderItems = None
    lineChanges = None
    canChangeLines = None
    gst = None
    totalInWords = None
    creditNotes = None
    refunds = None
    problem = serializers.BooleanField(source="problem_open", help_text="A problem ticket about it is open")
    paymentState = serializers.SerializerMethodField()
    late = serializers.SerializerMethodField()

    def get_paymentState(self, order: Order) -> str:
        """The order's real money state, in the answer's language: cancelled (with what went back),
        paid (less any refund), cash to collect, or online not paid yet. What went back is
        `orders.payment_state`'s figure (the board's rows prefetch the refunds and credit it reads)."""
        given_back = refunded_paise(order)
        amount = f"₹{rupees(to_rupees(given_back))}"
        if order.status == Order.Status.CANCELLED:
            return str(PAYMENT_CANCELLED_REFUNDED).format(amount=amount) if given_back else str(PAYMENT_CANCELLED)
        if order.is_paid:
            return str(PAYMENT_PAID_PART_REFUNDED).format(amount=amount) if given_back else str(PAYMENT_PAID)
        if order.payment_method == Order.PaymentMethod.ONLINE:
            return str(PAYMENT_ONLINE_DUE)
        return str(PAYMENT_CASH_DUE)

    def get_late(self, order: Order) -> bool:
        """Booked for a day before today and still in the shop (placed or packed): do it first."""
        return is_late(order)


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
        choices=[Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED],
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


# The rider's round (`backoffice.rider`, `counter.rounds`, issue 48).


class RiderStopSerializer(StopSerializer):
    mapUrl = serializers.SerializerMethodField(help_text="A maps search for the address")

    def get_mapUrl(self, stop) -> str:
        from backoffice.rider import map_link

        return map_link(stop.order)


class DoorCollectionSerializer(serializers.Serializer):
    _id = serializers.CharField(source="order.public_id")
    invoiceNumber = serializers.CharField(source="order.invoice_number")
    customer = serializers.CharField(source="order.user.name")
    method = serializers.CharField()
    amount = PaiseField(source="amount_paise")
    collectedAt = serializers.DateTimeField(source="collected_at")


class RoundFiguresSerializer(serializers.Serializer):
    rider = WireIdField(source="rider.pk")
    riderName = serializers.CharField(source="rider.name")
    deliveries = serializers.IntegerField()
    cash = MoneyField()
    upi = MoneyField()


class RiderRoundSerializer(serializers.Serializer):
    stops = RiderStopSerializer(many=True, help_text="Dispatched orders, in route order")
    toCollect = MoneyField(source="to_collect")
    delivered = DoorCollectionSerializer(many=True, help_text="Collected since the last handover")
    figures = RoundFiguresSerializer()


class DoorDeliverInSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=["cash", "upi"], required=False)
    amount = MoneyField(required=False, min_value=Decimal("0"))
    reference = serializers.CharField(required=False, allow_blank=True, max_length=64)


class HandoverInSerializer(serializers.Serializer):
    rider = WireIdField(
        required=False, help_text="The rider (the owner or a cashier taking the cash); yourself if left out"
    )
    handedOver = MoneyField(min_value=Decimal("0"))
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)


class HandoverSerializer(serializers.Serializer):
    _id = WireIdField(source="pk")
    rider = WireIdField(source="rider_id")
    collectedCash = PaiseField(source="collected_cash_paise")
    collectedUpi = PaiseField(source="collected_upi_paise")
    handedOver = PaiseField(source="handed_over_paise")
    difference = PaiseField(source="difference_paise", help_text="Handed over less collected: negative is missing")
    reason = serializers.CharField()
    by = serializers.CharField(source="by.name")
    closedAt = serializers.DateTimeField(source="closed_at")
