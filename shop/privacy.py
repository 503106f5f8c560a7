"""A person's data across the shop (DPDP Act 2023, issue 28): their copy of it and the deletion
of their account, assembled from what each app says it holds (`<app>/privacy.py`:
`personal_data_export(user) -> dict` and `personal_data_erase(user) -> counts`, each for its own
rows). No app imports this module; accounts, which starts the erasure of a number registering
again, is handed `personal_data_erase` at start-up (`shop.apps`).

Deleting an account is two steps. At the shopper's request (`account_delete`) the account stops
at once (accounts' `account_deactivate`); it is refused while an order is on its way (its delivery
needs the address: orders' own open statuses). Its personal data is then erased
(`personal_data_erase`) by a Celery task queued after the request commits, and again by the hourly
`purge_personal_data` for any request an hour old that is still not erased (a lost task).

What erasure keeps, and why (README "Personal data"): each app's module says so for its rows. In
short the tax records stay (orders, lines, GST amounts, invoice and credit-note numbers, dates,
place of supply, payments' and refunds' amounts and ids; CGST Act 2017 s.36 with Rule 56), tied to
the pseudonymised user; the person goes (name, phone number, addresses below rule 46's ₹50,000,
location, ticket texts and contacts, the person in kept gateway answers, stock alerts, OTP records,
SMS texts to the number, the number on counter bills).
"""

import json
import logging
from datetime import timedelta
from decimal import Decimal

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy

import accounts.privacy
import catalog.privacy
import counter.privacy
import inventory.privacy
import notifications.privacy
import ondc.privacy
import orders.privacy
import payments.privacy
import promotions.privacy
import support.privacy
from accounts.models import User
from accounts.privacy import (
    account_deactivate,
    account_locked,
    account_locked_for_erasure,
    accounts_awaiting_erasure,
)
from accounts.services import user_account_deletion_confirm
from common.errors import Conflict

logger = logging.getLogger(__name__)

OPEN_ORDERS = gettext_lazy(
    "You have an order that is not delivered yet. You can delete your account once it is delivered or cancelled."
)
ACCOUNT_DELETED = gettext_lazy("Your account is deleted. Your personal data will be erased within 24 hours.")

# The hourly purge leaves a request this young to the task it queued.
ERASE_AFTER = timedelta(hours=1)

# Every app that holds personal data, in the order the copy lists them (the account first).
HOLDERS = (
    accounts.privacy,
    orders.privacy,
    payments.privacy,
    support.privacy,
    promotions.privacy,
    counter.privacy,
    inventory.privacy,
    notifications.privacy,
    catalog.privacy,
    ondc.privacy,
)
# The kept texts: gateway answers, tickets, the network's messages.
KEPT_TEXTS = (payments.privacy, support.privacy, ondc.privacy)
# Erased in this order: the kept texts first, as they find the person in them by the delivery
# addresses orders' erasure clears; the account last, as notifications,
# counter and accounts' own OTP records find their rows by the phone number it replaces.
ERASE_ORDER = (
    *KEPT_TEXTS,
    *(holder for holder in HOLDERS[1:] if holder not in KEPT_TEXTS),
    accounts.privacy,
)


# --- Download my data ---------------------------------------------------------------------------


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(*, user: User) -> dict:
    """Everything the shop holds about the shopper, in the same queries whatever its size (each
    app's part takes a fixed few)."""
    data = {"exportedAt": _iso(timezone.now())}
    for holder in HOLDERS:
        data.update(holder.personal_data_export(user))
    return data


def _wire_number(value):
    """Money as the API writes it: a JSON number (`120`, `120.5`)."""
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else float(value)
    raise TypeError(f"{type(value).__name__} is not JSON")


def personal_data_json(*, user: User) -> bytes:
    return json.dumps(personal_data_export(user=user), ensure_ascii=False, indent=2, default=_wire_number).encode()


# --- Delete my account --------------------------------------------------------------------------


def account_delete(*, user: User, password, token=None, client_ip: str = "") -> User:
    """The shopper's own request, confirmed with the password: the account stops at once and its
    personal data is erased by a task queued after commit. Refused while an order is still on its
    way (its delivery needs the address) and for admins (the shop keeps one)."""
    user_account_deletion_confirm(user=user, password=password, client_ip=client_ip)
    with transaction.atomic():
        locked = account_locked(user=user)
        if orders.privacy.orders_on_their_way(user=locked):
            raise Conflict(OPEN_ORDERS)
        account_deactivate(user=locked, token=token)
        transaction.on_commit(lambda: _queue_erase(locked.pk), robust=True)
    return locked


def _queue_erase(user_id: int) -> None:
    from shop.tasks import erase_personal_data  # the task module imports this one: a circle, so here

    erase_personal_data.delay(user_id)


@transaction.atomic
def personal_data_erase(*, user_id: int) -> bool:
    """Erase one account whose deletion was requested, every app's rows in `ERASE_ORDER` under the
    account's row lock; False when there is nothing to do (never requested, or already erased)."""
    user = account_locked_for_erasure(user_id=user_id)
    if user is None:
        return False
    counts: dict[str, int] = {}
    for holder in ERASE_ORDER:
        counts.update(holder.personal_data_erase(user))
    logger.info("personal data of user %s erased: %s", user_id, counts)
    return True


def personal_data_purge(*, now: bool = False) -> dict[str, int]:
    """Erase every account whose deletion is due (requested `ERASE_AFTER` ago; with `now`, every
    requested one); the counts for `manage.py purge_personal_data`."""
    pending = accounts_awaiting_erasure()
    due = pending if now else pending.filter(deletion_requested_at__lte=timezone.now() - ERASE_AFTER)
    erased = sum(personal_data_erase(user_id=user_id) for user_id in list(due.values_list("pk", flat=True)))
    return {"erased": erased, "waiting": pending.count()}
