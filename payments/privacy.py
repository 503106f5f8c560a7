"""What payments hold about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py): the
online payments and refunds of their orders, and their store credit.

Erasure keeps the money (amounts, the gateway's and our ids, states, dates: what the books and GST
returns need) and takes the person out of the gateway's kept answers (`common.scrub`: the phone
number Juspay holds as `customer_id`, email, name on the card, UPI address, billing address, and
the person's own name, number and addresses wherever they appear), in each payment's and refund's
history and in the sandbox's own books; and out of the reasons staff wrote on refunds and credit
entries ("Asha's eggs broken" keeps "eggs broken").
"""

from common.fields import money
from common.money import to_rupees
from common.scrub import ERASED, scrub_json, scrub_text
from orders.privacy import personal_identifiers
from payments.models import Payment, PaymentEvent, Refund, RefundEvent, SandboxCharge, StoreCreditEntry


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user) -> dict:
    """Payments, refunds and the store-credit ledger, in four queries whatever their number."""
    payments = list(
        Payment.objects.filter(order__user=user)
        .select_related("order")
        .prefetch_related("refunds")
        .order_by("created_at", "id")
    )
    entries = list(
        StoreCreditEntry.objects.filter(account__user=user).select_related("order").order_by("created_at", "id")
    )
    return {
        "payments": [
            {
                "order": payment.order.public_id,
                "gateway": payment.gateway,
                "gatewayOrderId": payment.gateway_order_id,
                "amount": money(payment.amount),
                "status": payment.status,
                "createdAt": _iso(payment.created_at),
                "chargedAt": _iso(payment.charged_at),
                "refunds": [
                    {
                        "amount": to_rupees(refund.amount_paise),
                        "state": refund.state,
                        "reason": refund.reason,
                        "createdAt": _iso(refund.created_at),
                        "settledAt": _iso(refund.settled_at),
                    }
                    for refund in sorted(payment.refunds.all(), key=lambda refund: (refund.created_at, refund.pk))
                ],
            }
            for payment in payments
        ],
        "storeCredit": {
            "balance": to_rupees(entries[-1].balance_after_paise) if entries else to_rupees(0),
            "entries": [
                {
                    "kind": entry.kind,
                    "amount": to_rupees(entry.amount_paise),
                    "reason": entry.reason,
                    "order": entry.order.public_id if entry.order else None,
                    "at": _iso(entry.created_at),
                }
                for entry in entries
            ],
        },
    }


def personal_data_erase(user) -> dict[str, int]:
    """The person out of every kept gateway answer of their payments and refunds and out of the
    money's reasons (a row is written only when it changes); the money and the ids stay."""
    values = personal_identifiers(user)
    scrubbed = 0
    for model in (PaymentEvent, RefundEvent):
        events = model.objects.filter(**{_OWNER[model]: user}).only("pk", "raw").order_by("pk")
        for event in events.iterator(chunk_size=500):
            clean = scrub_json(event.raw, values)
            if clean != event.raw:
                model.objects.filter(pk=event.pk).update(raw=clean)
                scrubbed += 1
    reasons = 0
    for model, owner in ((Refund, "order__user"), (StoreCreditEntry, "account__user")):
        for pk, reason in model.objects.filter(**{owner: user}).values_list("pk", "reason").order_by("pk"):
            clean = scrub_text(reason, values)
            if clean != reason:
                model.objects.filter(pk=pk).update(reason=clean)
                reasons += 1
    gateway_ids = Payment.objects.filter(order__user=user).values("gateway_order_id")
    sandbox = SandboxCharge.objects.filter(gateway_order_id__in=gateway_ids).exclude(customer_id="")
    return {
        "gatewayAnswers": scrubbed,
        "moneyReasons": reasons,
        "sandboxCharges": sandbox.update(customer_id=ERASED),
    }


# Whose an event is, through its payment or refund.
_OWNER = {PaymentEvent: "payment__order__user", RefundEvent: "refund__order__user"}
