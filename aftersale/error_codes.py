"""After-sale's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class AftersaleErrorCode(ErrorCode):
    ORDER_NOT_EDITABLE = "order_not_editable", "The order's lines can no longer be changed"
    LAST_LINE = "last_line", "The order's last line cannot be removed (cancel the order instead)"
    OTHER_PRODUCT = "other_product", "A replacement must be a pack of the same product"
    REPLACEMENT_COSTS_MORE = "replacement_costs_more", "The replacement costs more and the shopper has not agreed"
    TICKET_WITHOUT_ORDER = "ticket_without_order", "The ticket is about no order, so nothing can be given back"
    ORDER_UNPAID = "order_unpaid", "The order was not paid, so nothing can be given back"
    AMOUNT_EXCEEDS_CLAIM = "amount_exceeds_claim", "More money back than the reported packs cost (`most`)"
