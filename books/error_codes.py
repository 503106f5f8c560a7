"""The books' error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class BooksErrorCode(ErrorCode):
    INVALID_PERIOD = (
        "invalid_period",
        "The period asked for is not one offered (a return: MMYYYY, a quarter by its last month; a report: the dashboard's)",
    )
    PERIOD_IN_FUTURE = "period_in_future", "The return period has not started yet"
    INVALID_DATE = "invalid_date", "A register's 'from' or 'to' is not a YYYY-MM-DD date"
    INVALID_RANGE = (
        "invalid_range",
        "The dates are not a range that can be answered (a date is malformed, backwards or too long)",
    )
    RANGE_ACROSS_YEARS = "range_across_years", "A register's dates are in two financial years"
    RANGE_IN_FUTURE = "range_in_future", "A register's 'from' is after today"
    PERIOD_NOT_OVER = "period_not_over", "A GSTR-1 is marked filed only after its period's last day"
    ALREADY_FILED = "already_filed", "This GSTR-1 (or one overlapping its period) is already marked filed"
