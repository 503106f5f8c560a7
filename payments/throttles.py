"""How often the existing client's Pay button may be tried without a token
(`POST /api/payments/initiateJuspayPaymentAtDelivery` with `customerId`): per client address, and
per order named, so that neither one client nor many can try phone numbers against an order id at
leisure. The rates are settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"] (`guest_payment`,
`guest_payment_order`)."""

from accounts.throttles import IpRateThrottle


class GuestPaymentThrottle(IpRateThrottle):
    scope = "guest_payment"


class GuestPaymentOrderThrottle(IpRateThrottle):
    """Counted per order id named in the body, whichever client names it."""

    scope = "guest_payment_order"

    def get_cache_key(self, request, view) -> str | None:
        order_id = request.data.get("order_id") if isinstance(request.data, dict) else None
        if not isinstance(order_id, str) or not order_id.strip():
            return None  # nothing named: the body is refused as it is (400), counted per client only
        return self.cache_format % {"scope": self.scope, "ident": order_id.strip()[:40]}
