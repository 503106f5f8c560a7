"""Support's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class SupportErrorCode(ErrorCode):
    REPORT_WINDOW_CLOSED = "report_window_closed", "The time to report a problem with the order has passed"
    ALREADY_REPORTED = "already_reported", "A problem with that line is already reported"
    ALREADY_REFUNDED = "already_refunded", "Nothing is left of that line to give back"
    TICKET_DECIDED = "ticket_decided", "The ticket is already decided (`status`)"
