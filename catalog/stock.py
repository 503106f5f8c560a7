"""Stock sold and given back: the only code that changes `Financial.count_in_stock` for an order.

Pack rows are always locked in primary-key order, so two orders that share packs queue behind each
other instead of deadlocking, whatever order their carts list the packs in. Both functions drop the
catalog read cache and announce `catalog.events.packs_changed` once the transaction commits.
"""

import logging
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Case, F, PositiveIntegerField, QuerySet, Value, When
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, DomainError

from .models import Financial, ProductSales
from .services.packs import packs_written

logger = logging.getLogger(__name__)

Lines = Sequence[tuple[int, int]]  # (financial_id, pack count)


class InsufficientStock(Conflict):
    """Some packs have fewer in stock than asked: `short` is [(pack, available)], in the order asked."""

    def __init__(self, short: list[tuple[Financial, int]]):
        super().__init__(gettext("Not enough stock."), code="out_of_stock")
        self.short = short


def packs_locked(financial_ids: Iterable[int]) -> dict[int, Financial]:
    """The packs with these ids (with brand and product), locked FOR UPDATE in primary-key order.

    Only the pack rows are locked, not their brand or product. Ids that name no pack are missing
    from the answer. Must be called inside `transaction.atomic()`.
    """
    rows: QuerySet[Financial] = (
        Financial.objects.select_for_update(of=("self",))
        .select_related("detail__product")
        .filter(pk__in=set(financial_ids))
        .order_by("pk")
    )
    return {pack.pk: pack for pack in rows}


def _merged(lines: Lines) -> Counter:
    wanted: Counter = Counter()
    for financial_id, qty in lines:
        if isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
            raise ValueError(f"pack count must be a positive whole number, not {qty!r}")
        wanted[financial_id] += qty
    return wanted


@transaction.atomic
def stock_take(lines: Lines) -> dict[int, Financial]:
    """Take `qty` of each pack, all or nothing; returns the locked packs (stock as it was before).

    Raises `InsufficientStock` naming every pack that lacks stock, and changes nothing then; a
    pack that does not exist is a `DomainError` (400).
    """
    wanted = _merged(lines)
    packs = packs_locked(wanted)
    missing = sorted(set(wanted) - set(packs))
    if missing:
        raise DomainError(gettext("No pack has the id {pack}.").format(pack=missing[0]))
    short = [
        (packs[financial_id], packs[financial_id].count_in_stock)
        for financial_id, qty in wanted.items()
        if financial_id in packs and packs[financial_id].count_in_stock < qty
    ]
    if short:
        raise InsufficientStock(short)
    try:
        _add(wanted, sign=-1)
    except IntegrityError as error:
        # The CHECK (count_in_stock >= 0) guard: unreachable while the rows are locked above.
        logger.error("stock check constraint refused a stock take: %s", error)
        raise InsufficientStock([(pack, pack.count_in_stock) for pack in packs.values()]) from error
    _record_sales(wanted, packs, sign=1)
    packs_written(product_ids={pack.detail.product_id for pack in packs.values()}, financial_ids=packs)
    return packs


@transaction.atomic
def stock_return(lines: Lines, *, reference: str = "") -> None:
    """Put `qty` of each pack back on the shelf (a cancelled order). Packs deleted since are skipped."""
    wanted = _merged([(financial_id, qty) for financial_id, qty in lines if financial_id is not None])
    packs = packs_locked(wanted)
    if not packs:
        return
    returned = Counter({financial_id: qty for financial_id, qty in wanted.items() if financial_id in packs})
    _add(returned, sign=1)
    _record_sales(returned, packs, sign=-1)
    packs_written(product_ids={pack.detail.product_id for pack in packs.values()}, financial_ids=packs)


def _add(counts: Counter, *, sign: int) -> None:
    """One UPDATE for every pack: count_in_stock ± its count."""
    Financial.objects.filter(pk__in=counts).update(
        count_in_stock=Case(
            *[
                When(pk=financial_id, then=F("count_in_stock") + Value(sign * qty))
                for financial_id, qty in counts.items()
            ],
            output_field=PositiveIntegerField(),
        )
    )


def _record_sales(counts: Counter, packs: dict[int, Financial], *, sign: int) -> None:
    """Today's units sold of each product (`ProductSales`, the search's popularity): + taken, -
    given back. Rows in product order, so concurrent orders wait for each other, never deadlock."""
    by_product: Counter = Counter()
    for financial_id, qty in counts.items():
        by_product[packs[financial_id].detail.product_id] += sign * qty
    today = timezone.localdate()
    for product_id in sorted(by_product):
        row, created = ProductSales.objects.select_for_update().get_or_create(
            product_id=product_id, day=today, defaults={"units": by_product[product_id]}
        )
        if not created:
            ProductSales.objects.filter(pk=row.pk).update(units=F("units") + by_product[product_id])


# --- TEMPORARY (helper counter, for the lead): a minimal stand-in for helper `stock`'s
# `stock_sell_held` and `stock_adjust` (contract 3), so the counter could be built and tested before
# the batches landed. At merge keep `stock`'s versions and drop this block; the counter calls only
# these two names with contract 3's signatures and reads `.short` ({pack id: packs short}) of the
# sale's result (the discrepancy `stock` records as `StockDiscrepancy`).


@dataclass(frozen=True)
class HeldSale:
    packs: dict[int, Financial]
    allocations: dict[int, list[tuple[int | None, int, int | None]]]
    short: dict[int, int]


@transaction.atomic
def stock_sell_held(lines: Lines, *, by, reference: str) -> HeldSale:
    """Sell what the shopper holds: never refuses; a count that says less goes to 0 (discrepancy)."""
    wanted = _merged(lines)
    packs = packs_locked(wanted)
    missing = sorted(set(wanted) - set(packs))
    if missing:
        raise DomainError(gettext("No pack has the id {pack}.").format(pack=missing[0]))
    taken = Counter({pk: min(qty, packs[pk].count_in_stock) for pk, qty in wanted.items()})
    short = {pk: qty - taken[pk] for pk, qty in wanted.items() if qty > taken[pk]}
    _add(+taken, sign=-1)
    _record_sales(wanted, packs, sign=1)
    for pk, short_by in short.items():
        logger.warning("stock discrepancy: pack %s short by %s (%s, by %s)", pk, short_by, reference, by)
    packs_written(product_ids={pack.detail.product_id for pack in packs.values()}, financial_ids=packs)
    return HeldSale(packs=packs, allocations={pk: [(None, qty, None)] for pk, qty in wanted.items()}, short=short)


@transaction.atomic
def stock_adjust(*, pack: int, delta: int, reason: str, by, note: str = "") -> None:
    """Move one pack's count by `delta` (never below 0): damaged, found, counted."""
    locked = packs_locked([pack])
    if pack not in locked:
        return
    change = max(delta, -locked[pack].count_in_stock)
    if change:
        Financial.objects.filter(pk=pack).update(count_in_stock=F("count_in_stock") + change)
    logger.info("stock of pack %s adjusted by %s (%s: %s, by %s)", pack, change, reason, note, by)
    packs_written(product_ids={locked[pack].detail.product_id}, financial_ids=[pack])
