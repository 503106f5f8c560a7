"""The catalog's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class CatalogErrorCode(ErrorCode):
    NOT_DELIVERED = "not_delivered", "Only a shopper with a delivered order holding the product may review it"
    OUT_OF_STOCK = "out_of_stock", "Not enough of a pack in stock"
