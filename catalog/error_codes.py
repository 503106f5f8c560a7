"""The catalog's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class CatalogErrorCode(ErrorCode):
    NOT_DELIVERED = (
        "not_delivered",
        "Not delivered yet: a problem report needs its order, a review an order of the product",
    )
    OUT_OF_STOCK = "out_of_stock", "Not enough of a pack in stock"
