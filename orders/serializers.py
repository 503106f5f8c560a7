"""The orders wire format (see "Orders" in the contracts): camelCase names, ids as strings, money as
JSON numbers (`common.fields.MoneyField`).

Input serializers check the shape and types of a request; the rules (pack count range, address,
prices, stock) are `orders.services`'.
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers

from common.fields import MoneyField
from common.ids import WireIdField
from orders.models import Order
from orders.services import MAX_LINES, QTY_RULE


@extend_schema_field(OpenApiTypes.INT)
class WholeNumberField(serializers.Field):
    """A JSON integer: `2`, never `"2"`, `2.5` or `true`."""

    default_error_messages = {"invalid": QTY_RULE, "null": QTY_RULE, "required": QTY_RULE}

    def to_internal_value(self, data):
        if isinstance(data, bool) or not isinstance(data, int):
            self.fail("invalid")
        return data

    def to_representation(self, value):
        return value


class OrderLineInSerializer(serializers.Serializer):
    productId = WireIdField()
    brandId = WireIdField()
    financialId = WireIdField()
    qty = WholeNumberField()


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
                raise serializers.ValidationError(f"Item {position}: {detail}") from error
        return lines


class AddressSerializer(serializers.Serializer):
    # A missing part is the service's "Enter address in account to complete order", not a field error.
    street = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=255)
    city = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=120)
    postalCode = serializers.CharField(allow_blank=True, allow_null=True, default="", max_length=20)


class OrderPlaceInSerializer(serializers.Serializer):
    orderItems = OrderItemsField(allow_empty=True, max_length=MAX_LINES)
    shippingAddress = AddressSerializer()
    paymentMethod = serializers.CharField(allow_blank=True, max_length=40)
    itemsPrice = MoneyField()
    shippingPrice = MoneyField()
    totalPrice = MoneyField()


class OrderStatusInSerializer(serializers.Serializer):
    status = serializers.ChoiceField(
        choices=[Order.Status.PACKED, Order.Status.DISPATCHED, Order.Status.DELIVERED],
        error_messages={"invalid_choice": "Status must be one of packed, dispatched or delivered."},
    )


class AdminOrderListInSerializer(serializers.Serializer):
    pageNumber = serializers.IntegerField(min_value=1, max_value=1_000_000, default=1)
    status = serializers.ChoiceField(choices=Order.Status.values, required=False, allow_blank=True)


class OrderItemSerializer(serializers.Serializer):
    productId = WireIdField(source="product_id")
    brandId = WireIdField(source="brand_id")
    financialId = WireIdField(source="financial_id")
    name = serializers.CharField()
    brand = serializers.CharField()
    quantity = serializers.CharField()
    units = serializers.CharField()
    qty = serializers.IntegerField()
    price = MoneyField()
    mrp = MoneyField()
    image = serializers.CharField()
    lineTotal = MoneyField(source="line_total")


class OrderUserSerializer(serializers.Serializer):
    name = serializers.CharField()
    phoneNo = serializers.CharField(source="phone_no")


class ShippingAddressOutSerializer(serializers.Serializer):
    street = serializers.CharField(source="shipping_street")
    city = serializers.CharField(source="shipping_city")
    postalCode = serializers.CharField(source="shipping_postal_code")


class OrderSerializer(serializers.Serializer):
    _id = serializers.CharField(source="public_id")
    createdAt = serializers.DateTimeField(source="created_at")
    user = OrderUserSerializer()
    orderItems = OrderItemSerializer(source="items.all", many=True)
    shippingAddress = ShippingAddressOutSerializer(source="*")
    paymentMethod = serializers.CharField(source="payment_method")
    itemsPrice = MoneyField(source="items_price")
    shippingPrice = MoneyField(source="shipping_price")
    totalPrice = MoneyField(source="total_price")
    isPaid = serializers.BooleanField(source="is_paid")
    paidAt = serializers.DateTimeField(source="paid_at")
    isPacked = serializers.BooleanField(source="is_packed")
    packedAt = serializers.DateTimeField(source="packed_at")
    isDispatched = serializers.BooleanField(source="is_dispatched")
    dispatchedAt = serializers.DateTimeField(source="dispatched_at")
    isDelivered = serializers.BooleanField(source="is_delivered")
    deliveredAt = serializers.DateTimeField(source="delivered_at")
    status = serializers.CharField()
    invoiceNumber = serializers.CharField(source="invoice_number")
    orderId = serializers.CharField(source="payment_reference", allow_null=True)
