"""What payments hold about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py): the
online payments and refunds of their orders, and their store credit.

Erasure keeps the money (amounts, the gateway's and our ids, states, dates: what the books and GST
returns need).
"""

from common.fields import money
from common.money import to_rupees
from payments.models import Payment, StoreCreditEntry


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
    """Nothing yet: the money stays, and the gateways' kept answers are for the books."""
    return {}
