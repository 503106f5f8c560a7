"""The counter's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class CounterErrorCode(ErrorCode):
    BILL_EMPTY = "bill_empty", "The bill has no lines"
    TOO_MANY_LINES = "too_many_lines", "The bill has more lines than one bill may"
    UNKNOWN_PACK = "unknown_pack", "A line names a pack the shop does not sell"
    INVALID_PHONE = "invalid_phone", "The customer's phone number is not a 10-digit number"
    TENDER_METHOD = "tender_method", "A payment's method is not cash, UPI, card or store credit"
    TENDER_AMOUNT = "tender_amount", "A payment's amount is not more than ₹0"
    CARD_REFERENCE = "card_reference", "A card payment needs the terminal's reference"
    ONE_CASH = "one_cash", "A bill takes at most one cash payment"
    TENDER_BELOW_TOTAL = "tender_below_total", "The payments add up to less than the bill"
    TENDER_ABOVE_TOTAL = "tender_above_total", "The payments add up to more than the bill"
    CASH_SHORT = "cash_short", "Less cash handed over than the cash payment"
    CREDIT_NEEDS_CUSTOMER = "credit_needs_customer", "Store credit needs a customer with an account"
    NUMBER_NOT_RESERVED = "number_not_reserved", "An offline bill's number is not from a block the till holds"
    NUMBER_TAKEN = "number_taken", "An offline bill's number is already used"
    DAY_CLOSED = "day_closed", "The counter's day is closed"
    DAY_ALREADY_CLOSED = "day_already_closed", "The counter's day was already closed"
    BLOCK_SIZE = "block_size", "A block of offline numbers holds 1 to 1000 numbers"
    RETURN_EMPTY = "return_empty", "The return has no lines"
    LINE_NOT_ON_BILL = "line_not_on_bill", "That line is not on the bill"
    REFUND_METHOD = "refund_method", "Money back is in cash or store credit"
    PACK_EXPIRED = "pack_expired", "Every batch of a pack passed its best-before date: not sold"
    # Phone and WhatsApp orders (issue 48).
    PAID_AT_DOOR = "paid_at_door", "A phone order paid at the door has no payment link"
