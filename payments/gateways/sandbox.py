"""The offline gateway (the default): a hosted payment page inside the shop with Pay and Fail.

It keeps its own record of each payment (`SandboxCharge`), answers status calls from it, and sends
the shopper back through the same return URL with the same signature scheme as Juspay, signed
with the sandbox key. So the whole online flow, including the server-to-server check, runs with
no network.
"""

import hashlib
from collections.abc import Mapping
from decimal import Decimal

from django.conf import settings
from django.urls import reverse

from payments.gateways.base import (
    CHARGED,
    STATUS_IDS,
    Gateway,
    GatewayError,
    GatewayStatus,
    Notice,
    RefundAnswer,
    Session,
    Unauthenticated,
    amount_text,
    basic_credentials_match,
    notice_from_return,
    notice_from_webhook,
    signed,
)

PAID = CHARGED
FAILED = "AUTHENTICATION_FAILED"


def sandbox_key() -> str:
    """The sandbox's response key: PAYMENT_SANDBOX_KEY, else one derived from SECRET_KEY."""
    return (
        settings.PAYMENT_SANDBOX_KEY or hashlib.sha256(f"payments-sandbox:{settings.SECRET_KEY}".encode()).hexdigest()
    )


def sandbox_allowed() -> bool:
    """The sandbox takes no money: on with DEBUG, otherwise only when PAYMENT_SANDBOX says it is a demo
    (settings.py decides once, at start, from DEBUG as the environment sets it)."""
    return settings.PAYMENT_SANDBOX


class SandboxGateway(Gateway):
    name = "sandbox"

    def available(self) -> bool:
        return sandbox_allowed()

    def create_session(
        self, *, gateway_order_id: str, amount: Decimal, customer_id: str, return_url: str, description: str
    ) -> Session:
        from payments.models import SandboxCharge

        if not sandbox_allowed():
            raise GatewayError("The sandbox gateway is off with DEBUG off (PAYMENT_SANDBOX).")

        charge, _ = SandboxCharge.objects.get_or_create(
            gateway_order_id=gateway_order_id,
            defaults={"amount": amount, "customer_id": customer_id, "description": description},
        )
        link = reverse("payments-sandbox-page", args=[gateway_order_id])
        raw = {
            "status": charge.status,
            "id": f"sandbox_{gateway_order_id}",
            "order_id": gateway_order_id,
            "amount": amount_text(charge.amount),
            "payment_links": {"web": link},
        }
        return Session(status=charge.status, gateway_id=raw["id"], payment_link=link, raw=raw)

    def fetch_status(
        self, *, gateway_order_id: str, customer_id: str = "", shopper_waits: bool = False
    ) -> GatewayStatus:
        from payments.models import SandboxCharge

        charge = SandboxCharge.objects.filter(gateway_order_id=gateway_order_id).first()
        if charge is None:
            raise GatewayError(f"The sandbox has no payment {gateway_order_id}")
        raw = {
            "order_id": charge.gateway_order_id,
            "id": f"sandbox_{charge.gateway_order_id}",
            "status": charge.status,
            "status_id": STATUS_IDS.get(charge.status),
            "amount": float(charge.amount),
            "currency": "INR",
        }
        return GatewayStatus(status=charge.status, amount=charge.amount, gateway_id=raw["id"], raw=raw)

    def parse_return(self, params: Mapping[str, str]) -> Notice:
        return notice_from_return(params, sandbox_key())

    def parse_webhook(self, *, authorization: str, body: bytes) -> Notice:
        if not basic_credentials_match(
            authorization, settings.JUSPAY_WEBHOOK_USERNAME, settings.JUSPAY_WEBHOOK_PASSWORD
        ):
            raise Unauthenticated("Webhook credentials are missing or wrong.")
        return notice_from_webhook(body)

    # --- the hosted page ---------------------------------------------------------------------

    @staticmethod
    def settle(*, gateway_order_id: str, pay: bool) -> dict[str, str]:
        """The shopper pressed Pay or Fail: record it and return the signed return parameters.

        A charged sandbox payment stays charged; pressing Fail on it changes nothing.
        """
        from payments.models import SandboxCharge

        charge = SandboxCharge.objects.get(gateway_order_id=gateway_order_id)
        if charge.status != PAID:
            SandboxCharge.objects.filter(pk=charge.pk).exclude(status=PAID).update(status=PAID if pay else FAILED)
            charge.refresh_from_db()
        params = {
            "order_id": charge.gateway_order_id,
            "status": charge.status,
            "status_id": str(STATUS_IDS.get(charge.status, "")),
        }
        return signed(params, sandbox_key())

    # --- refunds ----------------------------------------------------------------------------
    # PAYMENT_SANDBOX_REFUND_OUTCOME says what a new refund becomes: SUCCESS (the default),
    # PENDING (until `settle_refund`), FAILURE or MANUAL_REVIEW, so tests and demos can see each.

    def refund(
        self, *, gateway_order_id: str, amount: Decimal, unique_request_id: str, customer_id: str = ""
    ) -> RefundAnswer:
        from django.db.models import Sum

        from payments.models import SandboxCharge, SandboxRefund

        charge = SandboxCharge.objects.filter(gateway_order_id=gateway_order_id).first()
        if charge is None or charge.status != PAID:
            raise GatewayError(f"The sandbox has no charged payment {gateway_order_id}")
        refund = SandboxRefund.objects.filter(unique_request_id=unique_request_id).first()
        if refund is None:
            refunded = (
                SandboxRefund.objects.filter(gateway_order_id=gateway_order_id)
                .exclude(status="FAILURE")
                .aggregate(total=Sum("amount"))["total"]
            ) or Decimal("0")
            if refunded + amount > charge.amount:
                raise GatewayError(f"Refund amount exceeds the order amount of {gateway_order_id}")
            refund, _ = SandboxRefund.objects.get_or_create(
                unique_request_id=unique_request_id,
                defaults={
                    "gateway_order_id": gateway_order_id,
                    "amount": amount,
                    "status": settings.PAYMENT_SANDBOX_REFUND_OUTCOME,
                },
            )
        return _answer(refund)

    def refund_status(self, *, gateway_order_id: str, customer_id: str = "") -> list[RefundAnswer]:
        from payments.models import SandboxRefund

        return [_answer(refund) for refund in SandboxRefund.objects.filter(gateway_order_id=gateway_order_id)]

    def refund_statuses(self, payments: list[tuple[str, str]]) -> dict[str, list[RefundAnswer] | GatewayError]:
        """The sandbox's books answer for any number of payments in one query."""
        from payments.models import SandboxRefund

        answers: dict[str, list] = {gateway_order_id: [] for gateway_order_id, _customer in payments}
        for refund in SandboxRefund.objects.filter(gateway_order_id__in=list(answers)):
            answers[refund.gateway_order_id].append(_answer(refund))
        return answers

    @staticmethod
    def settle_refund(*, unique_request_id: str, status: str) -> None:
        """Tests and demos: the bank settled a refund left PENDING (SUCCESS, FAILURE or MANUAL_REVIEW)."""
        from payments.models import SandboxRefund

        SandboxRefund.objects.filter(unique_request_id=unique_request_id).update(status=status)


def _answer(refund) -> RefundAnswer:
    raw = {
        "id": f"sandbox_refund_{refund.pk}",
        "unique_request_id": refund.unique_request_id,
        "amount": float(refund.amount),
        "status": refund.status,
        "ref": f"SBX{refund.pk:010d}",
    }
    return RefundAnswer(
        unique_request_id=refund.unique_request_id,
        status=refund.status,
        amount=refund.amount,
        gateway_refund_id=raw["id"],
        reference=raw["ref"],
        raw=raw,
    )
