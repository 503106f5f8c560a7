"""What notifications hold about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py):
the "notify me when back" alerts they asked for, and the SMS texts to their number."""

from notifications.models import SmsMessage, StockAlert


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user) -> dict:
    """The waiting alerts, each pack named, in one query. The SMS outbox is the shop's delivery log,
    not something the shopper gave: it is erased with the account but not copied out."""
    alerts = (
        StockAlert.objects.filter(user=user).select_related("financial__detail__product").order_by("created_at", "id")
    )
    return {
        "stockAlerts": [
            {
                "product": alert.financial.detail.product.name,
                "brand": alert.financial.detail.brand,
                "pack": alert.financial.label,
                "askedAt": _iso(alert.created_at),
            }
            for alert in alerts
        ],
    }


def personal_data_erase(user) -> dict[str, int]:
    """The alerts, and every text to the number (looked up by the phone, so run before the account's
    own erasure replaces it)."""
    alerts, _ = StockAlert.objects.filter(user=user).delete()
    texts, _ = SmsMessage.objects.filter(phone_no=user.phone_no).delete()
    return {"stockAlerts": alerts, "smsMessages": texts}
