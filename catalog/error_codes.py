"""The catalog's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class CatalogErrorCode(ErrorCode):
    NOT_DELIVERED = (
        "not_delivered",
        "Not delivered yet: a problem report needs its order, a review an order of the product",
    )
    OUT_OF_STOCK = "out_of_stock", "Not enough of a pack in stock"
    NOT_ON_SALE = "not_on_sale", "A pack or its product is hidden from shoppers: not on sale"
    BAD_QUANTITY = "bad_quantity", "A stock quantity is not a whole number above zero"
    BAD_COST = "bad_cost", "A batch's cost is not a non-negative amount"
    BAD_BATCH = "bad_batch", "A batch number is missing or too long"
    BAD_REASON = "bad_reason", "A stock adjustment's reason is not one the shop records"
    EXPIRED = "expired", "The batch's best-before date has passed"
