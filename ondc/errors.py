"""The network's error codes the shop answers with (ONDC retail 1.2 error codes), named once."""

from dataclasses import dataclass

INVALID_REQUEST = ("CONTEXT-ERROR", "10000")
ORDER_NOT_FOUND = ("DOMAIN-ERROR", "30004")  # "Order not found"
ITEM_NOT_FOUND = ("DOMAIN-ERROR", "30004")
NOT_SERVICEABLE = ("DOMAIN-ERROR", "30009")  # "Location Serviceability Error"
QUOTE_UNAVAILABLE = ("DOMAIN-ERROR", "40002")  # "Item quantity unavailable"
PRICE_CHANGED = ("DOMAIN-ERROR", "40003")  # "Quote no longer available"
ORDER_REFUSED = ("DOMAIN-ERROR", "40000")  # "Business Error": a rule of the shop refused it
CANCEL_REFUSED = ("DOMAIN-ERROR", "50001")  # "Cancellation not possible"
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
