"""The network's error codes the shop answers with (ONDC retail 1.2 error codes), named once.

They are ONDC's (type, code) pairs, in the NACKs and `on_*` errors sent to buyer apps, not the
shop's own API error codes (`common.error_codes`): they are given as `kind=` and never as a `code=`.
"""

from dataclasses import dataclass

INVALID_REQUEST = ("CONTEXT-ERROR", "10000")
INVALID_SIGNATURE = ("CONTEXT-ERROR", "10001")  # "Invalid Signature" (or signed by another subscriber)
STALE_REQUEST = ("CONTEXT-ERROR", "10002")  # "Invalid / stale request": ttl passed, message id repeated
BAD_BODY = ("JSON-SCHEMA-ERROR", "10000")
CORE_UNAVAILABLE = ("CORE-ERROR", "10001")  # the registry could not be asked: the caller retries
ORDER_NOT_FOUND = ("DOMAIN-ERROR", "30004")  # "Order not found"
ITEM_NOT_FOUND = ("DOMAIN-ERROR", "30004")
NOT_SERVICEABLE = ("DOMAIN-ERROR", "30009")  # "Location Serviceability Error"
QUOTE_UNAVAILABLE = ("DOMAIN-ERROR", "40002")  # "Item quantity unavailable"
PRICE_CHANGED = ("DOMAIN-ERROR", "40003")  # "Quote no longer available"
ORDER_REFUSED = ("DOMAIN-ERROR", "40000")  # "Business Error": a rule of the shop refused it
CANCEL_REFUSED = ("DOMAIN-ERROR", "50001")  # "Cancellation not possible"
UPDATE_REFUSED = ("DOMAIN-ERROR", "50002")  # "Updation not possible": a return the shop cannot take
NOT_SUPPORTED = ("POLICY-ERROR", "21003")


class Refused(Exception):
    """The request is understood but the shop says no: the `on_*` answer carries this error."""

    def __init__(self, kind: tuple[str, str], message: str):
        super().__init__(message)
        self.error_type, self.code = kind
        self.message = str(message)

    def as_error(self) -> dict:
        return {"type": self.error_type, "code": self.code, "message": self.message}


@dataclass(frozen=True)
class Answer:
    """One `on_*` message to send: its body's `message`, an error when refused, the order it is about."""

    message: dict
    error: dict | None = None
    order_id: int | None = None
