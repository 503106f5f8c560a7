"""What promotions hold about a person (DPDP Act 2023; the whole is assembled in shop/privacy.py):
the rewards their orders earned. A reward names no one but the (pseudonymised) customer and its
order, and a handed-over prize is a record of goods given away, so erasure keeps them all."""

from promotions.models import Reward


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user) -> dict:
    """The rewards, in one query."""
    rewards = Reward.objects.filter(customer=user).select_related("order").order_by("created_at", "id")
    return {
        "rewards": [
            {
                "prize": reward.prize,
                "quantity": reward.quantity,
                "status": reward.status,
                "month": reward.month.isoformat(),
                "order": reward.order.public_id if reward.order else None,
                "createdAt": _iso(reward.created_at),
                "handedOverAt": _iso(reward.handed_over_at),
            }
            for reward in rewards
        ],
    }


def personal_data_erase(user) -> dict[str, int]:
    """Nothing personal to erase: see the module's docstring."""
    return {}
