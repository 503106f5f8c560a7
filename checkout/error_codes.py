"""Checkout's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class CheckoutErrorCode(ErrorCode):
    PRICE_CHANGED = "price_changed", "Prices changed since the cart was filled (`items` holds the current packs)"
