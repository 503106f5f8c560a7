"""The back office's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class BackofficeErrorCode(ErrorCode):
    TOO_MANY_ORDERS = "too_many_orders", "More orders chosen than one move may take"
