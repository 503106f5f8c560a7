"""Checkout's wire format: the order placement body (`POST /api/orders`) and the store-credit quote.

Input serializers check the shape and types of a request; the rules (pack count range, address,
prices, stock, store credit) are `checkout.placement`'s and `payments.credit`'s.
"""

from decimal import Decimal

from django.utils.translation import gettext_lazy
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MoneyField, WholeNumberField
from common.ids import WireIdField
from common.openapi import PINCODE, JudgedInput, text, whole_number
from orders.models import Order
from orders.rules import ITEM_PROBLEM, MAX_LINES, MAX_QTY, MIN_QTY, QTY_RULE
from orders.serializers import BusinessBuyerIn

# The label the shop's current client sends for spec section 7's 'Cash Or UPI'; stored and answered
# as the spec's name.
PAYMENT_METHOD_ALIASES = {"Cash/UPI": Order.PaymentMethod.CASH_OR_UPI}


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


class OrderPlaceInSerializer(BusinessBuyerIn, JudgedInput):
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
