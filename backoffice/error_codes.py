"""The back office's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class BackofficeErrorCode(ErrorCode):
    TOO_MANY_ORDERS = "too_many_orders", "More orders chosen than one move may take"
    INVALID_PERIOD = "invalid_period", "The report's period is not one the dashboard offers"
    INVALID_RANGE = "invalid_range", "The export's dates are not a range it can answer"
