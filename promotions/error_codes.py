"""Promotions' error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class PromotionErrorCode(ErrorCode):
    MONTH_NOT_ENDED = "month_not_ended", "The month's draw can be made only after the month ends"
    ALREADY_DRAWN = "already_drawn", "The month's draw was already made"
