"""Orders' error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class OrderErrorCode(ErrorCode):
    ALREADY_PAID = "already_paid", "The order is already paid"
    INVALID_TRANSITION = "invalid_transition", "The order cannot move to that status from its own (`currentStatus`)"
    INVALID_QUANTITY = "invalid_quantity", "A pack count is not a whole number in the allowed range"
    LINE_NOT_ON_ORDER = "line_not_on_order", "That line is not part of this order"
    CREDIT_EXCEEDS_LINE = "credit_exceeds_line", "More packs to credit than the line has left"
    INVALID_CREDIT_VALUE = "invalid_credit_value", "A value to credit is not above ₹0 and within the packs' value"
    PLACING_TOO_FAST = "placing_too_fast", "Orders placed too quickly one after another (`retryAfter`)"
    TOO_MANY_UNPAID_ORDERS = "too_many_unpaid_orders", "The shopper has too many orders waiting for payment"
    PACK_HOARDED = "pack_hoarded", "The shopper's open orders already hold the most of a pack one may buy"
    ORDER_CANCELLED = "order_cancelled", "The order is cancelled"
    NOT_TAXED = "not_taxed", "The order was placed before GST was recorded"
