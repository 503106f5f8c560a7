"""Notifications' error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class NotificationErrorCode(ErrorCode):
    IN_STOCK = "in_stock", "The pack is in stock: there is nothing to be told about"
    TOO_MANY_ALERTS = "too_many_alerts", "The shopper watches as many packs as one may"
