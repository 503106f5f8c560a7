"""Aftersale's wire format: staff's line changes at packing and a cancellation's reason."""

from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from common.fields import TextField, WholeNumberField
from common.ids import WireIdField
from common.openapi import JudgedInput, text, whole_number
from common.text import REASON_MAX_LENGTH
from orders.rules import MAX_QTY, MIN_QTY
from payments.serializers import GOODWILL_AMOUNT

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


class OrderCancelInSerializer(serializers.Serializer):
    # Empty or too long is the pipeline's "Please give a reason ..." (`orders.pipeline.clean_cancel_reason`).
    reason = serializers.CharField(allow_blank=True, allow_null=True, required=False, default="", trim_whitespace=False)


class OrderRefundInSerializer(JudgedInput):
    """`{amount, reason}` of a manual refund: judged by `aftersale.manual_refunds` (who may give how
    much, what is left to give back)."""

    amount = serializers.JSONField(help_text="Rupees to give back")
    reason = TextField(required=False, allow_blank=True, default="", help_text="Why (kept with the refund)")

    accepted = {"amount": GOODWILL_AMOUNT, "reason": text(max_length=REASON_MAX_LENGTH)}
    accepted_required = ("amount", "reason")
