"""The payments wire format (spec section 7, "Payments and config")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MoneyField
from common.money import to_rupees
from common.openapi import JudgedInput, text


class PaymentStartInSerializer(JudgedInput):
    """`{order_id, amount, customerId, cartItems}`: only the order id is read as given; the amount,
    when sent, must be the order's total; the customer is the caller, or, without a token at
    `initiateJuspayPaymentAtDelivery`, the shopper whose phone number `customerId` is (that
    order's own); cart lines are ignored."""

    order_id = serializers.CharField(max_length=40, trim_whitespace=True)
    amount = MoneyField(required=False, allow_null=True)
    customerId = serializers.CharField(required=False, allow_blank=True, allow_null=True, max_length=20)
    cartItems = serializers.ListField(required=False, help_text="The cart's lines; ignored, the order is charged")

    accepted = {"order_id": text(max_length=40, description="The order's id (`_id`)")}


class PaymentLinksSerializer(serializers.Serializer):
    web = serializers.CharField(source="payment_link")


class PaymentStartOutSerializer(serializers.Serializer):
    """The gateway's session answer as the shop's clients read it: `data.status`, `data.payment_links.web`."""

    status = serializers.CharField()
    id = serializers.CharField(source="payment.gateway_reference")
    order_id = serializers.CharField(source="payment.gateway_order_id")
    payment_links = PaymentLinksSerializer(source="payment")


# `GET /api/users/credit`: the shopper's own store credit (payments owns the ledger).
CREDIT_ENTRIES_SHOWN = 100


class CreditEntrySerializer(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    kind = serializers.SerializerMethodField(help_text="credit: money in; debit: spent on an order")
    amount = serializers.SerializerMethodField(help_text="Rupees, always positive; `kind` says which way")
    reason = serializers.CharField(help_text="Why, as staff or the shop wrote it")
    orderId = serializers.CharField(source="order.public_id", allow_null=True, default=None)
    createdAt = serializers.DateTimeField(source="created_at")

    def get_kind(self, entry) -> str:
        return "debit" if entry.amount_paise < 0 else "credit"

    @extend_schema_field(MoneyField())
    def get_amount(self, entry):
        return MoneyField().to_representation(to_rupees(abs(entry.amount_paise)))


class StoreCreditSerializer(serializers.Serializer):
    balance = MoneyField(help_text="What the shopper can spend at checkout")
    entries = CreditEntrySerializer(many=True, help_text=f"The newest {CREDIT_ENTRIES_SHOWN} entries, newest first")
