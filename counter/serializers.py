"""The counter's wire format: bills, tenders, returns, the day's figures (money in rupees)."""

from decimal import Decimal

from django.conf import settings
from django.core.validators import RegexValidator
from rest_framework import serializers

from common.fields import MoneyField, TextField, money
from common.ids import WireIdField
from common.money import to_rupees
from common.openapi import SPACE, JudgedInput
from common.text import REASON_MAX_LENGTH
from counter import services
from counter.models import Counter, CounterReturn, Tender
from orders.serializers import (
    BusinessBuyerIn,
    InvoiceBuyerSerializer,
    OrderItemSerializer,
    OrderSerializer,
    PaiseField,
)

# The limits each input states in the OpenAPI schema (the services check the same, in the staff
# member's language): a till's code, how many lines and tenders a bill may hold, a phone or nothing.
# No maxLength beside a pattern: the server trims spaces before it counts (the pattern bounds the rest).
TILL_CODE = {"type": "string", "pattern": rf"^[{SPACE}]*[A-Za-z0-9]{{1,8}}[{SPACE}]*$"}
PHONE_OR_NOTHING = {"type": "string", "pattern": rf"^[{SPACE}]*([6-9][0-9]{{9}})?[{SPACE}]*$"}
SOMETHING = {"pattern": rf"[^{SPACE}]"}
# The same rules on the values the serializer has trimmed (an offline sync answers each bill's
# refusal in its 200, so what the schema forbids must be refused here, before the services).
TILL_CODE_RULE = RegexValidator(r"^[A-Za-z0-9]{1,8}$", message=services.TILL_CODE_RULE_TEXT)


def PHONE_RULE(value: str) -> None:  # noqa: N802  (named as the rule beside it)
    """The customer's phone, as `counter.services.customer_for` checks it (its code and message)."""
    services.customer_for(value)


KEY_HELP = "The till's key for this bill (also sent as Idempotency-Key): one bill per key"


class CounterSerializer(serializers.ModelSerializer):
    class Meta:
        model = Counter
        fields = ("code", "name")


class CountersSerializer(serializers.Serializer):
    counters = CounterSerializer(many=True)
    upiId = serializers.CharField()
    storeName = serializers.CharField()


class BillLineInSerializer(serializers.Serializer):
    financialId = WireIdField(help_text="The pack")
    qty = serializers.IntegerField(min_value=1, max_value=999)
    price = MoneyField(required=False, min_value=Decimal("0"), help_text="Offline bills only: the till's price")


class TenderInSerializer(serializers.Serializer):
    method = serializers.ChoiceField(choices=Tender.values)
    amount = MoneyField(min_value=Decimal("0.01"))
    tendered = MoneyField(required=False, min_value=Decimal("0"), help_text="Cash handed over (for the change)")
    reference = TextField(required=False, allow_blank=True, max_length=64, help_text="Card slip / UPI ref")


class QuoteInSerializer(JudgedInput):
    accepted_limits = {"lines": {"minItems": 1, "maxItems": 200}}

    lines = BillLineInSerializer(many=True, allow_empty=False, max_length=200)


class QuoteSerializer(serializers.Serializer):
    lines = OrderItemSerializer(many=True)
    total = MoneyField()


class BillInSerializer(BusinessBuyerIn, JudgedInput):
    accepted = {"counter": TILL_CODE, "customerPhone": PHONE_OR_NOTHING}
    accepted_limits = {"lines": {"minItems": 1, "maxItems": 200}, "tenders": {"minItems": 1, "maxItems": 8}}

    counter = TextField(max_length=8, validators=[TILL_CODE_RULE])
    lines = BillLineInSerializer(many=True, allow_empty=False, max_length=200)
    tenders = TenderInSerializer(many=True, allow_empty=False, max_length=8)
    customerPhone = TextField(required=False, allow_blank=True, max_length=10, validators=[PHONE_RULE])


class OfflineBillInSerializer(BillInSerializer):
    accepted_limits = {**BillInSerializer.accepted_limits, "key": SOMETHING, "number": SOMETHING}

    buyerGstin = None  # a business buyer needs the connection: not on an offline bill
    buyerName = None
    key = TextField(max_length=64, help_text=KEY_HELP)
    number = TextField(max_length=32, help_text="From the counter's reserved block")
    billedAt = serializers.DateTimeField()


class SyncInSerializer(JudgedInput):
    accepted_limits = {"bills": {"minItems": 1, "maxItems": 500}}

    bills = OfflineBillInSerializer(many=True, allow_empty=False, max_length=500)


class TenderSerializer(serializers.Serializer):
    method = serializers.CharField()
    amount = PaiseField(source="amount_paise")
    tendered = serializers.SerializerMethodField()
    reference = serializers.CharField()

    def get_tendered(self, tender) -> float | None:
        return None if tender.tendered_paise is None else money(to_rupees(tender.tendered_paise))


class ReceiptSellerSerializer(serializers.Serializer):
    legalName = serializers.CharField(source="STORE_LEGAL_NAME")
    name = serializers.CharField(source="STORE_NAME")
    address = serializers.CharField(source="STORE_ADDRESS")
    gstin = serializers.CharField(source="STORE_GST_NUMBER")
    fssai = serializers.CharField(source="STORE_FSSAI_NUMBER")
    phone = serializers.CharField(source="STORE_SUPPORT_PHONE")


class BillSerializer(serializers.Serializer):
    _id = serializers.CharField(source="order.public_id")
    number = serializers.CharField(source="order.invoice_number")
    counter = CounterSerializer()
    cashier = serializers.CharField(source="cashier.name")
    customerPhone = serializers.CharField(source="customer_phone")
    billedAt = serializers.DateTimeField(source="billed_at")
    offline = serializers.BooleanField()
    change = PaiseField(source="change_paise")
    priceNote = serializers.CharField(source="price_note")
    tenders = TenderSerializer(source="tenders.all", many=True)
    order = serializers.SerializerMethodField()
    seller = serializers.SerializerMethodField()
    buyer = serializers.SerializerMethodField()

    def get_order(self, bill) -> dict:
        return OrderSerializer(bill.order, context=self.context).data

    def get_seller(self, bill) -> dict:
        return ReceiptSellerSerializer(settings).data

    def get_buyer(self, bill) -> dict | None:
        """The business buyer the invoice names (GSTIN and legal name), or null."""
        buyer = getattr(bill.order, "invoice_buyer", None)
        return InvoiceBuyerSerializer(buyer).data if buyer is not None else None


class ReturnLineInSerializer(serializers.Serializer):
    line = WireIdField(help_text="The bill's order line (orderItems[]._id)")
    qty = serializers.IntegerField(min_value=1, max_value=999)
    damaged = serializers.BooleanField(default=False)


class ReturnInSerializer(JudgedInput):
    accepted = {"counter": TILL_CODE}
    accepted_limits = {"lines": {"minItems": 1, "maxItems": 200}}

    counter = TextField(max_length=8)
    lines = ReturnLineInSerializer(many=True, allow_empty=False, max_length=200)
    refund = serializers.ChoiceField(choices=CounterReturn.Refund.values)
    reason = TextField(required=False, allow_blank=True, max_length=REASON_MAX_LENGTH)


class ReturnSerializer(serializers.Serializer):
    creditNote = serializers.CharField(source="credit_note.number")
    bill = serializers.CharField(source="bill.order.invoice_number")
    refund = serializers.CharField()
    amount = PaiseField(source="amount_paise")
    cash = PaiseField(source="cash_paise")
    createdAt = serializers.DateTimeField(source="created_at")


class DayQuerySerializer(serializers.Serializer):
    counter = TextField(max_length=8)
    date = serializers.DateField(required=False)


class DayCloseInSerializer(JudgedInput):
    accepted = {"counter": TILL_CODE}

    counter = TextField(max_length=8)
    date = serializers.DateField(required=False)
    counted = MoneyField(min_value=Decimal("0"))
    openingFloat = MoneyField(required=False, min_value=Decimal("0"), default=Decimal("0"))
    reason = TextField(required=False, allow_blank=True, max_length=REASON_MAX_LENGTH)


class DayCloseSerializer(serializers.Serializer):
    counter = serializers.CharField(source="counter.code")
    day = serializers.DateField()
    openingFloat = PaiseField(source="opening_float_paise")
    expectedCash = PaiseField(source="expected_cash_paise")
    countedCash = PaiseField(source="counted_cash_paise")
    difference = PaiseField(source="difference_paise")
    totals = serializers.JSONField(help_text="The day's figures in paise, as closed")
    reason = serializers.CharField()
    by = serializers.CharField(source="by.name")
    closedAt = serializers.DateTimeField(source="closed_at")


class BlockInSerializer(JudgedInput):
    accepted = {"counter": TILL_CODE}

    counter = TextField(max_length=8)
    count = serializers.IntegerField(min_value=1, max_value=1000)


class UpiQuerySerializer(serializers.Serializer):
    amount = MoneyField(min_value=Decimal("0.01"))
    note = TextField(required=False, allow_blank=True, max_length=50)


class TillPackSerializer(serializers.Serializer):
    financialId = serializers.CharField()
    name = serializers.CharField()
    nameTe = serializers.CharField()
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()
    price = serializers.FloatField()
    dprice = serializers.FloatField()
    hsnCode = serializers.CharField()
    gstRate = serializers.IntegerField()
    codes = serializers.ListField(child=serializers.CharField())


class TillCatalogSerializer(serializers.Serializer):
    """What a till keeps to bill offline (`counter.offline`)."""

    packs = TillPackSerializer(many=True)
    seller = ReceiptSellerSerializer()


# Phone and WhatsApp orders (`counter.phone_orders`, issue 48).


class PhoneLineInSerializer(serializers.Serializer):
    financialId = WireIdField(help_text="The pack")
    qty = serializers.IntegerField(min_value=1, max_value=99)


class PhoneQuoteInSerializer(serializers.Serializer):
    lines = PhoneLineInSerializer(many=True, allow_empty=False, max_length=50)


class PhoneQuoteSerializer(serializers.Serializer):
    itemsPrice = MoneyField(source="items_price")
    shippingPrice = MoneyField(source="shipping_price")
    totalPrice = MoneyField(source="total_price")


class PhoneAddressInSerializer(serializers.Serializer):
    street = serializers.CharField(max_length=255)
    city = serializers.CharField(max_length=120)
    postalCode = serializers.CharField(max_length=6)


class PhoneOrderInSerializer(BusinessBuyerIn, PhoneQuoteInSerializer):
    phoneNo = serializers.CharField(max_length=10)
    name = serializers.CharField(required=False, allow_blank=True, max_length=100, help_text="For a new account")
    language = serializers.ChoiceField(choices=[code for code, _ in settings.LANGUAGES], required=False)
    address = PhoneAddressInSerializer(required=False, help_text="A new address; the saved one when left out")
    payment = serializers.ChoiceField(choices=["cash", "link"])
    via = serializers.ChoiceField(choices=["phone", "whatsapp"], default="phone")
    deliverySlot = serializers.CharField(required=False, allow_blank=True, max_length=40)
    substitutionPreference = serializers.ChoiceField(choices=["call", "replace", "remove"], default="call")
    itemsPrice = MoneyField(help_text="The quote read out to the shopper")
    shippingPrice = MoneyField()
    totalPrice = MoneyField()


class PhoneQuerySerializer(serializers.Serializer):
    phone = serializers.CharField(max_length=10)


class PhoneCustomerSerializer(serializers.Serializer):
    phoneNo = serializers.CharField(source="phone_no")
    name = serializers.CharField()
    street = serializers.CharField()
    city = serializers.CharField()
    postalCode = serializers.CharField(source="postal_code")
    language = serializers.CharField()
    hasAddress = serializers.BooleanField(source="has_complete_address")


class PhoneOrderSerializer(serializers.Serializer):
    _id = serializers.CharField(source="order.public_id")
    invoiceNumber = serializers.CharField(source="order.invoice_number")
    channel = serializers.CharField(source="order.channel")
    status = serializers.CharField(source="order.status")
    via = serializers.CharField()
    customer = serializers.CharField(source="order.user.name")
    phoneNo = serializers.CharField(source="order.user.phone_no")
    customerCreated = serializers.BooleanField(source="customer_created")
    paymentMethod = serializers.CharField(source="order.payment_method")
    isPaid = serializers.BooleanField(source="order.is_paid")
    totalPrice = MoneyField(source="order.total_price")
    orderItems = OrderItemSerializer(source="order.items", many=True)
    paymentLinkSentAt = serializers.DateTimeField(source="payment_link_sent_at", allow_null=True)
    whatsappUrl = serializers.CharField(source="whatsapp_url", help_text="wa.me link with the order's summary")
