"""The orders wire format (see "Orders" in the contracts): camelCase names, ids as strings, money as
JSON numbers (`common.fields.MoneyField`).

An order answer says which moves its caller may make next (`allowedMoves`), so serialize orders
with the request in the context.

Input serializers check the shape and types of a request; the rules (pack count range, address,
prices, stock) are the services'. Placement's input is `checkout.serializers`', packing's and
cancelling's `aftersale.serializers`'.
"""

from decimal import Decimal

from django.utils.translation import get_language, gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from accounts.roles import is_owner
from common.fields import MoneyField, PageNumberField, PageSizeField, ReasonField, TextField, money
from common.ids import WireIdField
from common.money import rupees_in_words, to_rupees
from common.pagination import ADMIN_ORDER_LIST
from delivery.serializers import ClockField, PlannedDaySerializer
from delivery.slots import slot_label
from orders.buyers import buyer_naming_allowed
from orders.models import Order, OrderItem, OrderLineChange
from orders.payment_state import PaymentState, payment_state, refunded_amount
from orders.pipeline import allowed_moves, line_changes_allowed, may_cancel, undo_to
from orders.selectors import booking_of
from orders.tax import DELIVERY_SAC, TaxInvoice, line_split, tax_invoice


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


class OrderUndoInSerializer(serializers.Serializer):
    reason = serializers.CharField(
        required=False, allow_blank=True, max_length=2000, help_text="Why the move is undone (required)"
    )


class OrderStatusInSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED],
        error_messages={"invalid_choice": gettext_lazy("Status must be one of packed, dispatched or delivered.")},
    )


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
    nameTe = serializers.CharField(
        source="order_item.name_te", default="", help_text="The Telugu name it was sold under; empty when none"
    )
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

    number = serializers.CharField(
        help_text="CN/<financial year>/<number>: its own series per financial year (older notes: CN-<year>-<number>)"
    )
    invoiceNumber = serializers.CharField(source="invoice_number", help_text="The original tax invoice")
    createdAt = serializers.DateTimeField(source="created_at")
    reason = ReasonField(help_text="Why, as staff wrote it (the shop's own reasons in the reader's language)")
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
        return rupees_in_words(to_rupees(note.total_paise), get_language())


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
    reason = ReasonField()
    createdAt = serializers.DateTimeField(source="created_at")


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


class BusinessBuyerIn(serializers.Serializer):
    """A business buyer's GSTIN and legal name on a sale (checkout, the counter, a phone order): both or
    neither, checked by `orders.buyers.buyer_checked`; an invoice naming them goes to GSTR-1's b2b."""

    buyerGstin = TextField(
        required=False, allow_blank=True, max_length=20, help_text="A business buyer's GSTIN (with buyerName)"
    )
    buyerName = TextField(required=False, allow_blank=True, max_length=200, help_text="The business buyer's legal name")


class InvoiceBuyerInSerializer(BusinessBuyerIn):
    """Staff naming the buyer on an existing invoice: both are needed (`invoice_buyer_set`)."""


class InvoiceBuyerSerializer(serializers.Serializer):
    gstin = serializers.CharField()
    name = serializers.CharField()
    stateCode = serializers.SerializerMethodField(help_text="The buyer's state: the GSTIN's first two digits")

    def get_stateCode(self, buyer) -> str:
        return buyer.gstin[:2]


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
    canNameBuyer = serializers.SerializerMethodField()
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
    undoTo = serializers.SerializerMethodField()
    invoiceNumber = serializers.CharField(source="invoice_number")
    paymentState = serializers.SerializerMethodField()
    refundedAmount = serializers.SerializerMethodField()
    canPay = serializers.SerializerMethodField()
    orderId = serializers.CharField(source="payment_reference", allow_null=True)
    paymentAlerts = serializers.SerializerMethodField()
    totalInWords = serializers.SerializerMethodField()
    gst = serializers.SerializerMethodField()
    buyer = serializers.SerializerMethodField()
    storeCreditApplied = MoneyField(source="store_credit_applied", help_text="Store credit spent on this order")
    amountDue = serializers.SerializerMethodField()
    canCancel = serializers.SerializerMethodField()
    creditNotes = CreditNoteSerializer(source="credit_notes.all", many=True, help_text="Oldest first")
    refunds = RefundOutSerializer(source="refunds.all", many=True, help_text="Oldest first")
    deliverySlot = serializers.SerializerMethodField()
    channel = serializers.ChoiceField(
        choices=Order.Channel.values, required=False, help_text="Where the order came from; answered to staff only"
    )

    def to_representation(self, order: Order) -> dict:
        data = super().to_representation(order)
        user = getattr(self.context.get("request"), "user", None)
        if not is_owner(user):
            data.pop("channel", None)
        return data

    @extend_schema_field(BookedSlotSerializer(allow_null=True))
    def get_deliverySlot(self, order: Order) -> dict | None:
        """The delivery slot the order is booked in; null when the shop had no slots then."""
        booking = booking_of(order)
        return BookedSlotSerializer(booking).data if booking is not None else None

    def get_totalInWords(self, order: Order) -> str:
        """The total the Indian way, in the reader's language: 'Rupees Seven Hundred Seventy-Eight Only'."""
        return rupees_in_words(order.total_price, get_language())

    @extend_schema_field(TaxInvoiceSerializer(allow_null=True))
    def get_gst(self, order: Order) -> dict | None:
        """The invoice's GST figures; null for an order placed before GST was recorded."""
        invoice = tax_invoice(order)
        return TaxInvoiceSerializer(invoice).data if invoice else None

    @extend_schema_field(InvoiceBuyerSerializer(allow_null=True))
    def get_buyer(self, order: Order) -> dict | None:
        """The business buyer the tax invoice names (B2B); null for a sale to a shopper without a GSTIN."""
        buyer = getattr(order, "invoice_buyer", None)
        return InvoiceBuyerSerializer(buyer).data if buyer is not None else None

    @extend_schema_field(PaymentAlertSerializer(many=True))
    def get_paymentAlerts(self, order: Order) -> list[dict]:
        """For admins: money a gateway charged that could not pay this order (refund or re-confirm)."""
        user = getattr(self.context.get("request"), "user", None)
        if not is_owner(user):
            return []
        return PaymentAlertSerializer(getattr(order, "flagged_payments", []), many=True).data

    @extend_schema_field(MoneyField(help_text="What is left to pay: totalPrice less storeCreditApplied"))
    def get_amountDue(self, order: Order):
        return money(max(order.amount_due, Decimal("0.00")))

    @extend_schema_field(serializers.ChoiceField(choices=PaymentState.values))
    def get_paymentState(self, order: Order) -> str:
        """Where the order's money stands (`orders.payment_state`): refunded, cancelled, paid,
        paid_at_delivery, pay_at_delivery or unpaid; My Orders shows it as it is."""
        return payment_state(order).value

    @extend_schema_field(MoneyField(help_text="Money gone back to the shopper: refunds to the source and store credit"))
    def get_refundedAmount(self, order: Order):
        return money(refunded_amount(order))

    def get_canPay(self, order: Order) -> bool:
        """Whether the caller may pay this order online now: their own order, unpaid, neither
        cancelled nor handed over yet (a delivered cash order was paid at the door)."""
        user = getattr(self.context.get("request"), "user", None)
        return bool(
            user is not None
            and order.user_id == getattr(user, "pk", None)
            and not order.is_paid
            and not order.is_cancelled
            and not order.is_delivered
        )

    def get_canCancel(self, order: Order) -> bool:
        """Whether the caller may cancel this order now (`orders.pipeline.may_cancel`)."""
        return may_cancel(order=order, user=getattr(self.context.get("request"), "user", None))

    def get_canChangeLines(self, order: Order) -> bool:
        """Whether the caller may reduce, remove or replace this order's lines now (staff, at packing)."""
        request = self.context.get("request")
        return line_changes_allowed(order=order, user=getattr(request, "user", None))

    def get_canNameBuyer(self, order: Order) -> bool:
        """Whether the caller may name the business buyer on this order's invoice (`PUT .../buyer`)."""
        return buyer_naming_allowed(order=order, user=getattr(self.context.get("request"), "user", None))

    @extend_schema_field(serializers.ListField(child=serializers.ChoiceField(choices=Order.Status.values)))
    def get_allowedMoves(self, order: Order) -> list[str]:
        """The statuses the caller (the request in the context) may move this order to next."""
        request = self.context.get("request")
        return allowed_moves(order=order, user=getattr(request, "user", None))

    @extend_schema_field(serializers.ChoiceField(choices=Order.Status.values, allow_null=True))
    def get_undoTo(self, order: Order) -> str | None:
        """The status the caller may undo this order's last move back to (`POST .../undo`): the
        manager only, from dispatched or delivered; null otherwise."""
        request = self.context.get("request")
        return undo_to(order=order, user=getattr(request, "user", None))


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


class SlotMoveInSerializer(serializers.Serializer):
    """`POST /api/slots/moves`: the orders to move (their invoice numbers) and the slot to move them to."""

    orders = serializers.ListField(
        child=serializers.CharField(min_length=1, max_length=40),
        min_length=1,
        max_length=200,
        help_text="Invoice numbers",
    )
    to = serializers.CharField(
        min_length=1, max_length=40, help_text="The slot, `<date>.<window id>`, one of the coming 7 days"
    )


class KeptOrderSerializer(serializers.Serializer):
    order = serializers.CharField(help_text="Invoice number")
    reason = serializers.CharField(help_text="Why it was not moved, in the answer's language")


class SlotMoveOutSerializer(serializers.Serializer):
    """Reads `{"moves": orders.slot_moves.SlotMoves, "days": delivery.selectors.coming_days()}`:
    what moved, and the coming days as they now stand."""

    message = serializers.CharField(source="moves.message", help_text="In the answer's language")
    slot = serializers.CharField(source="moves.target.id", help_text="The slot moved to")
    slotLabel = serializers.CharField(source="moves.target.label")
    moved = serializers.ListField(source="moves.moved", child=serializers.CharField(), help_text="Invoice numbers")
    notMoved = KeptOrderSerializer(source="moves.kept", many=True, help_text="Those left where they were, and why")
    days = PlannedDaySerializer(many=True)
