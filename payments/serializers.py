"""The payments wire format (spec section 7, "Payments and config")."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MoneyField, ReasonField, TextField
from common.money import to_rupees
from common.openapi import JudgedInput, text
from common.text import REASON_MAX_LENGTH


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
    web = serializers.SerializerMethodField(help_text="Absolute: the page to send the shopper to")

    def get_web(self, payment) -> str:
        request = self.context.get("request")
        link = payment.payment_link
        return request.build_absolute_uri(link) if request is not None and link.startswith("/") else link


class PaymentStartSerializer(serializers.Serializer):
    status = serializers.CharField()
    id = serializers.CharField(source="payment.gateway_reference")
    order_id = serializers.CharField(source="payment.gateway_order_id")
    payment_links = PaymentLinksSerializer(source="payment")


class PaymentStartOutSerializer(PaymentStartSerializer):
    """The gateway's session answer as both clients read it: the shop's islands read `status` and
    `payment_links.web` at the top; the existing client reads them under `data` (its old backend
    wrapped every answer in `{success, data}`), so the answer carries both."""

    success = serializers.SerializerMethodField()
    data = serializers.SerializerMethodField()

    def get_success(self, started) -> bool:
        return True

    @extend_schema_field(PaymentStartSerializer)
    def get_data(self, started) -> dict:
        return PaymentStartSerializer(started, context=self.context).data


# `GET /api/users/credit`: the shopper's own store credit (payments owns the ledger).
CREDIT_ENTRIES_SHOWN = 100


class CreditEntrySerializer(serializers.Serializer):
    _id = serializers.CharField(source="pk")
    kind = serializers.SerializerMethodField(help_text="credit: money in; debit: spent on an order")
    amount = serializers.SerializerMethodField(help_text="Rupees, always positive; `kind` says which way")
    reason = ReasonField(help_text="Why, as staff wrote it (the shop's own reasons in the reader's language)")
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


# Staff's view of a shopper's store credit (`/api/users/{ref}/credit`): who gave each entry, and
# goodwill given (issue 48).
GOODWILL_AMOUNT = {
    "oneOf": [
        {"type": "number", "exclusiveMinimum": True, "minimum": 0, "maximum": 999999.99, "multipleOf": 0.01},
        {"type": "string", "pattern": r"^\d{1,6}(\.\d{1,2})?$"},
    ],
    "description": "Rupees, more than 0 with at most two decimals; a cashier at most GOODWILL_CASHIER_LIMIT",
}


class StaffCreditEntrySerializer(CreditEntrySerializer):
    by = serializers.CharField(
        source="by.name", allow_null=True, default=None, help_text="The staff member who wrote it"
    )


class StaffStoreCreditSerializer(serializers.Serializer):
    balance = MoneyField(help_text="What the shopper can spend at checkout")
    entries = StaffCreditEntrySerializer(
        many=True, help_text=f"The newest {CREDIT_ENTRIES_SHOWN} entries, newest first"
    )
    limit = MoneyField(allow_null=True, help_text="The most the caller may give at once (null: no limit)")


class GoodwillInSerializer(JudgedInput):
    """`{amount, reason}`: the amount and reason are judged by `payments.credit.goodwill_check`."""

    amount = serializers.JSONField(help_text="Rupees to give")
    reason = TextField(required=False, allow_blank=True, default="", help_text="Why (shown in the ledger)")

    accepted = {"amount": GOODWILL_AMOUNT, "reason": text(max_length=REASON_MAX_LENGTH)}
    accepted_required = ("amount", "reason")


class GoodwillOutSerializer(StaffStoreCreditSerializer):
    entry = StaffCreditEntrySerializer(help_text="The entry just written")
