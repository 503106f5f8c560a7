"""Payments' error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class PaymentErrorCode(ErrorCode):
    AMOUNT_MISMATCH = "amount_mismatch", "The amount sent is not the order's total"
    NOTHING_DUE = "nothing_due", "Nothing is due on the order"
    GATEWAY_UNAVAILABLE = "gateway_unavailable", "The payment gateway cannot be reached: try again"
    REFUND_EXCEEDS_PAYMENT = "refund_exceeds_payment", "More money back than the payment has left"
    INVALID_AMOUNT = "invalid_amount", "The amount is not a positive sum in rupees and paise"
    INSUFFICIENT_CREDIT = "insufficient_credit", "Not enough store credit (`balance`)"
    CREDIT_ALREADY_SPENT = "credit_already_spent", "Store credit was already applied to the order"
    GOODWILL_NOT_ALLOWED = "goodwill_not_allowed", "Only the owner, a manager or a cashier may give money back"
    GOODWILL_OVER_LIMIT = "goodwill_over_limit", "More than a cashier may give at once (`limit`, in rupees)"
    GOODWILL_TO_SELF = "goodwill_to_self", "Staff cannot give store credit to their own account"
