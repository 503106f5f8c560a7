"""Delivery's error codes (`common.error_codes`)."""

from common.error_codes import ErrorCode


class DeliveryErrorCode(ErrorCode):
    SLOT_UNKNOWN = "slot_unknown", "No such delivery slot, or it is closed"
    SLOT_PASSED = "slot_passed", "The delivery slot has passed"
    SLOT_CLOSED = "slot_closed", "The delivery slot is closed (a holiday, or closed by the shop)"
    SLOT_FULL = "slot_full", "The delivery slot has no places left (`nextSlot` offers the next free one)"
    WINDOW_OVERLAP = "window_overlap", "The delivery window overlaps another one"
    HOLIDAY_EXISTS = "holiday_exists", "That day is already a holiday"
