"""Store credit: the one owner of a shopper's balance.

Every change is an entry in the ledger (`StoreCreditEntry`) written with the account's row locked,
and the account's `balance_paise` moves with it in the same UPDATE-under-lock, so the balance is
always the sum of the entries. A CHECK (balance ≥ 0) on the account and on each entry is the last
guard of "never negative". Amounts are kept in paise (integers) so the checks are exact on SQLite
as on PostgreSQL.

Lock order: the order row (callers of `credit_spend` / `credit_restore` hold it), then the
payment, then the credit account; never the other way round.

What may be used is decided here too, once: `credit_to_apply` (at most the balance and the
order's total) and `credit_quote` (checkout's figures) are what placement debits
(`checkout.placement`) and what checkout shows, so what the shopper is shown is what is charged.

Who may give money away outside a ticket is decided here too, once (`goodwill_check`): the owner or
manager any amount, a cashier up to `GOODWILL_CASHIER_LIMIT` rupees at once, anyone else nothing.
Goodwill credit (`credit_goodwill`) and a manual refund of an order (`aftersale.manual_refunds`)
both ask it.

What an order did with credit, read from its entries: it SPENT some once at placement, got part
of that back by a reduction (RETURN) and the rest when cancelled (RESTORE, at most once); a paid
cash order's money back is a REFUND entry.
"""

import logging
from dataclasses import dataclass
from decimal import Decimal

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet, Sum
from django.utils.translation import gettext, gettext_lazy

from accounts.roles import role_of
from common.error_codes import CommonErrorCode
from common.errors import Conflict, Forbidden, InvalidValue
from common.money import CENT, decimal_or_none, to_paise, to_rupees
from common.roles import Role
from common.text import ORDER_CANCELLED_REASON, ORDER_REASON, clean_reason, shop_reason
from orders.events import announce_order_changed
from payments.error_codes import PaymentErrorCode
from payments.models import StoreCreditAccount, StoreCreditEntry

logger = logging.getLogger(__name__)

Kind = StoreCreditEntry.Kind

AMOUNT_INVALID = gettext_lazy("The amount must be more than ₹0, in rupees and paise.")
GOODWILL_NOT_ALLOWED = gettext_lazy("Only the owner, a manager or a cashier may give money back outside a ticket.")
GOODWILL_OVER_LIMIT = gettext_lazy("A cashier may give at most ₹{limit} at once; ask the manager for more.")
GOODWILL_TO_SELF = gettext_lazy("You cannot give store credit to your own account.")
GOODWILL_MOST = Decimal("999999.99")
GOODWILL_TOO_MUCH = gettext_lazy("The amount can be at most ₹{most}.")
GOODWILL_REASON_REQUIRED = gettext_lazy("Please give a reason for the store credit or refund.")


def paise_of(amount) -> int:
    """A positive amount in rupees with at most two decimals, as paise; 400 `invalid_amount` otherwise."""
    number = decimal_or_none(amount)
    if number is None or number <= 0 or number != number.quantize(CENT):
        raise InvalidValue(str(AMOUNT_INVALID), code=PaymentErrorCode.INVALID_AMOUNT)
    return to_paise(number)


def _account_locked(user) -> StoreCreditAccount:
    """The user's account, created empty on first use, locked FOR UPDATE (inside a transaction)."""
    StoreCreditAccount.objects.bulk_create([StoreCreditAccount(user=user)], ignore_conflicts=True)
    return StoreCreditAccount.objects.select_for_update().get(user=user)


def _post(*, user, kind: str, paise: int, reason: str, order=None, by=None) -> StoreCreditEntry:
    """Write one entry and move the balance by `paise` (negative for spending), under the lock."""
    by = by if by is not None and getattr(by, "is_authenticated", False) else None
    with transaction.atomic():
        account = _account_locked(user)
        balance_after = account.balance_paise + paise
        if balance_after < 0:
            raise Conflict(
                gettext("Not enough store credit: ₹{balance} available.").format(
                    balance=to_rupees(account.balance_paise)
                ),
                code=PaymentErrorCode.INSUFFICIENT_CREDIT,
                balance=float(to_rupees(account.balance_paise)),
            )
        StoreCreditAccount.objects.filter(pk=account.pk).update(balance_paise=F("balance_paise") + paise)
        entry = StoreCreditEntry.objects.create(
            account=account,
            kind=kind,
            amount_paise=paise,
            balance_after_paise=balance_after,
            reason=clean_reason(reason),
            order=order,
            by=by,
        )
        if order is not None:
            announce_order_changed(order_id=order.pk)
    logger.info("store credit of user %s: %s %s (balance %s)", user.pk, kind, paise, balance_after)
    return entry


def credit_balance(*, user) -> Decimal:
    """The shopper's store-credit balance in rupees (0 for a shopper who never had any)."""
    paise = StoreCreditAccount.objects.filter(user=user).values_list("balance_paise", flat=True).first()
    return to_rupees(paise or 0)


def credit_to_apply(*, wanted: Decimal | None, balance: Decimal, total: Decimal) -> Decimal:
    """The store credit an order uses: what the shopper asked for, at most their balance and the
    order's total, never negative (none asked for: none used). Checkout's "to pay" figure and
    placement both come from here, so what the shopper is shown is what is charged."""
    if wanted is None or wanted <= 0:
        return Decimal("0.00")
    return max(min(Decimal(wanted), Decimal(balance), Decimal(total)), Decimal("0.00"))


@dataclass(frozen=True)
class CreditQuote:
    balance: Decimal
    applicable: Decimal
    to_pay: Decimal


def credit_quote(*, user, total: Decimal) -> CreditQuote:
    """Checkout's store-credit figures for an order of `total`: the shopper's balance, what the
    order would use (`credit_to_apply`, as placement decides it) and what is left to pay."""
    balance = credit_balance(user=user)
    applicable = credit_to_apply(wanted=balance, balance=balance, total=total)
    return CreditQuote(balance=balance, applicable=applicable, to_pay=Decimal(total) - applicable)


def credit_entries(*, user) -> QuerySet[StoreCreditEntry]:
    """The shopper's ledger, newest first, with each entry's order loaded."""
    return StoreCreditEntry.objects.filter(account__user=user).select_related("order").order_by("-created_at", "-id")


def credit_grant(*, user, amount, reason: str, order=None, by=None) -> StoreCreditEntry:
    """Add credit to the shopper's balance (staff goodwill, an approved complaint on a cash order)."""
    return _post(user=user, kind=Kind.GRANT, paise=paise_of(amount), reason=reason, order=order, by=by)


def goodwill_limit(*, actor) -> Decimal | None:
    """The most `actor` may give at once outside a ticket, in rupees: None for no limit (the owner or
    manager), the setting for a cashier; 403 `goodwill_not_allowed` for anyone else."""
    role = role_of(actor)
    if role == Role.OWNER:
        return None
    if role == Role.CASHIER:
        return Decimal(settings.GOODWILL_CASHIER_LIMIT).quantize(CENT)
    raise Forbidden(str(GOODWILL_NOT_ALLOWED), code=PaymentErrorCode.GOODWILL_NOT_ALLOWED)


def goodwill_check(*, actor, amount, reason) -> tuple[int, str]:
    """Who may give how much outside a ticket (goodwill credit, a manual refund): the amount in paise
    and the reason, tidied. The role first (403 `goodwill_not_allowed`), then the amount (400
    `invalid_amount`), the reason (400 `reason_required`), then the cashier's limit (403
    `goodwill_over_limit`, with `limit` in rupees)."""
    limit = goodwill_limit(actor=actor)
    paise = paise_of(amount)
    if paise > to_paise(GOODWILL_MOST):
        raise InvalidValue(str(GOODWILL_TOO_MUCH).format(most=GOODWILL_MOST), code=PaymentErrorCode.INVALID_AMOUNT)
    reason = clean_reason(
        reason, required_message=str(GOODWILL_REASON_REQUIRED), required_code=CommonErrorCode.REASON_REQUIRED
    )
    if limit is not None and paise > to_paise(limit):
        raise Forbidden(
            str(GOODWILL_OVER_LIMIT).format(limit=limit), code=PaymentErrorCode.GOODWILL_OVER_LIMIT, limit=float(limit)
        )
    return paise, reason


def credit_goodwill(*, actor, user, amount, reason: str) -> StoreCreditEntry:
    """Staff give `user` store credit as goodwill, with a reason, within `actor`'s limit
    (`goodwill_check`); nobody credits their own account (403 `goodwill_to_self`). The GRANT entry
    records who gave it."""
    paise, reason = goodwill_check(actor=actor, amount=amount, reason=reason)
    if user.pk == actor.pk:
        raise Forbidden(str(GOODWILL_TO_SELF), code=PaymentErrorCode.GOODWILL_TO_SELF)
    entry = _post(user=user, kind=Kind.GRANT, paise=paise, reason=reason, by=actor)
    logger.info("goodwill credit of %s paise to user %s by %s: %s", paise, user.pk, actor.pk, reason)
    return entry


def credit_spend(*, user, amount, order, by=None) -> StoreCreditEntry:
    """Spend credit on `order` (once per order): 409 `insufficient_credit` when the balance is short.

    Call it in the transaction that places the order, so both commit or neither does.
    """
    paise = paise_of(amount)
    try:
        with transaction.atomic():
            return _post(
                user=user,
                kind=Kind.SPEND,
                paise=-paise,
                reason=shop_reason(ORDER_REASON, number=order.invoice_number),
                order=order,
                by=by,
            )
    except IntegrityError as error:  # the one-spend-per-order constraint
        raise Conflict(
            gettext("Store credit was already applied to this order."), code=PaymentErrorCode.CREDIT_ALREADY_SPENT
        ) from error


def order_credit_paise(*, order) -> dict[str, int]:
    """What the order did with credit, in paise, by kind (spend as a positive number)."""
    sums = dict(
        StoreCreditEntry.objects.filter(order=order)
        .values("kind")
        .annotate(total=Sum("amount_paise"))
        .values_list("kind", "total")
    )
    return {kind: abs(sums.get(kind) or 0) for kind in Kind.values}


def credit_held_paise(*, order) -> int:
    """Credit the order spent that has not come back yet."""
    done = order_credit_paise(order=order)
    return max(0, done[Kind.SPEND] - done[Kind.RETURN] - done[Kind.RESTORE])


def credit_return(*, order, paise: int, reason: str, by=None) -> StoreCreditEntry:
    """Give back part of the credit `order` spent (a reduction of the order); the caller checked it is held."""
    return _post(user=order.user, kind=Kind.RETURN, paise=paise, reason=reason, order=order, by=by)


def credit_refund(*, order, paise: int, reason: str, by=None) -> StoreCreditEntry:
    """Money back for a paid cash order, as store credit (the caller checked what is left)."""
    return _post(user=order.user, kind=Kind.REFUND, paise=paise, reason=reason, order=order, by=by)


def credit_restore(*, order, by=None) -> StoreCreditEntry | None:
    """Give back whatever credit `order` spent and still holds, at most once (a cancellation).

    None when the order spent none, all of it already came back, or it was restored before. The
    caller holds the order's row lock; a unique constraint backs "once".
    """
    held = credit_held_paise(order=order)
    if held <= 0 or StoreCreditEntry.objects.filter(order=order, kind=Kind.RESTORE).exists():
        return None
    try:
        with transaction.atomic():
            return _post(
                user=order.user,
                kind=Kind.RESTORE,
                paise=held,
                reason=shop_reason(ORDER_CANCELLED_REASON, number=order.invoice_number),
                order=order,
                by=by,
            )
    except IntegrityError:
        return None  # restored meanwhile by a racing cancellation
