"""The pack's stock: the only code that changes `Financial.count_in_stock` and its batches.

Stock is held per batch (`StockBatch`: best-before date, cost); the pack's count is the sum of its
batches, written in the same transaction, so the catalog's lists keep reading one column. Every
change is a `StockMovement` row, so a pack's movements add up to its count too.

Locks: the pack rows in primary-key order, then their batches in primary-key order; two orders
that share packs queue behind each other instead of deadlocking, whatever order their carts list
the packs in. Sales take the batch with the earliest best-before date first (no date last), and a
batch whose date has passed is written off before anything is taken, even if the midnight task
(`stock_expire_due`) has not run yet: an expired batch is never sold. Every function drops the
catalog read cache and announces `catalog.events.packs_changed` once the transaction commits.
"""

import datetime
import logging
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.db.models import Case, F, IntegerField, Max, PositiveIntegerField, Q, QuerySet, Sum, Value, When
from django.utils import timezone
from django.utils.translation import gettext

from common.errors import Conflict, DomainError

from .models import Financial, ProductSales, StockBatch, StockDiscrepancy, StockMovement
from .written import packs_written

logger = logging.getLogger(__name__)

Lines = Sequence[tuple[int, int]]  # (financial_id, pack count)
Allocation = list[tuple[int, int, int | None]]  # [(batch_id, qty, unit_cost_paise or None)]
Kind = StockMovement.Kind
Reason = StockMovement.Reason
SALES = (Kind.SALE, Kind.COUNTER_SALE)


class InsufficientStock(Conflict):
    """Some packs have fewer in stock than asked: `short` is [(pack, available)], in the order asked."""

    def __init__(self, short: list[tuple[Financial, int]]):
        super().__init__(gettext("Not enough stock."), code="out_of_stock")
        self.short = short


@dataclass
class StockTaken:
    """What a sale took: the locked packs (stock as it was before), and per pack the batches taken
    from with their cost; `short` (counter sales only) the packs sold beyond the count."""

    packs: dict[int, Financial]
    allocations: dict[int, Allocation]
    movement_ids: list[int] = field(default_factory=list)
    short: dict[int, int] = field(default_factory=dict)
    discrepancy_ids: list[int] = field(default_factory=list)

    def cost_paise(self, financial_id: int, qty: int | None = None) -> int | None:
        """The cost of `qty` of the pack's units taken (all of them when None), first in first out;
        None when a batch's cost is unknown or some were sold beyond the count."""
        allocation = self.allocations.get(financial_id, [])
        taken = sum(count for _batch, count, _cost in allocation)
        if self.short.get(financial_id) or not taken or any(cost is None for _batch, _count, cost in allocation):
            return None
        total = sum(count * cost for _batch, count, cost in allocation)
        if qty is None or qty == taken:
            return total
        return (total * qty * 2 + taken) // (taken * 2)  # the share of `qty`, rounded half up

    def refer(self, reference: str, *, document: str = "") -> None:
        """Name the sale's movements after the order made once the stock was taken (an order gets
        its number after its stock is safe), and its discrepancies after the `document` the
        manager reads (the bill's number)."""
        if self.movement_ids:
            StockMovement.objects.filter(pk__in=self.movement_ids).update(reference=reference)
        if self.discrepancy_ids:
            StockDiscrepancy.objects.filter(pk__in=self.discrepancy_ids).update(reference=document or reference)


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


def _selling_order(batch: StockBatch) -> tuple:
    return (batch.best_before is None, batch.best_before or datetime.date.max, batch.received_at, batch.pk)


def batches_in_selling_order(batches: Iterable[StockBatch], *, today: datetime.date | None = None) -> list[StockBatch]:
    """The batches a sale would take from, in the order it takes them (`_sell`): holding stock,
    not past their best-before date, earliest expiry first. The one reading of that order outside
    a sale (the staff's cost figures, `inventory.costing`); reads the batches given, no query."""
    today = today or timezone.localdate()
    return sorted(
        (batch for batch in batches if batch.count > 0 and (batch.best_before is None or batch.best_before >= today)),
        key=_selling_order,
    )


class _Ledger:
    """The movements of one call, written at the end: one UPDATE of the batches, one of the packs,
    one INSERT of the movements."""

    def __init__(self, *, by=None, reference: str = "", today: datetime.date):
        self.by, self.reference, self.today = by, reference, today
        self.movements: list[StockMovement] = []
        self.batch_deltas: Counter = Counter()
        self.pack_deltas: Counter = Counter()

    def move(self, batch: StockBatch, delta: int, *, kind: str, reason: str = "", note: str = "") -> None:
        batch.count += delta
        self.batch_deltas[batch.pk] += delta
        self.pack_deltas[batch.pack_id] += delta
        self.movements.append(
            StockMovement(
                pack_id=batch.pack_id,
                batch=batch,
                delta=delta,
                kind=kind,
                reason=reason,
                reference=self.reference,
                note=note[:200],
                by=self.by,
            )
        )

    def write(self, packs: dict[int, Financial]) -> list[int]:
        batch_deltas = {pk: delta for pk, delta in self.batch_deltas.items() if delta}
        pack_deltas = {pk: delta for pk, delta in self.pack_deltas.items() if delta}
        if batch_deltas:
            StockBatch.objects.filter(pk__in=batch_deltas).update(count=_plus(batch_deltas, "count"))
        if pack_deltas:
            Financial.objects.filter(pk__in=pack_deltas).update(count_in_stock=_plus(pack_deltas, "count_in_stock"))
        rows = StockMovement.objects.bulk_create(self.movements)
        if self.movements:
            changed = {movement.pack_id for movement in self.movements}
            packs_written(product_ids={packs[pk].detail.product_id for pk in changed}, financial_ids=changed)
        return [row.pk for row in rows]


def _plus(deltas: dict[int, int], column: str) -> Case:
    """`column` plus each row's delta, as one CASE with a branch per distinct delta (a 100-line
    order's deltas are a few values: -1, -2, ...): a branch per row cost Django ~80 ms to compile
    for 100 rows, more than the statement itself."""
    rows_by_delta: dict[int, list[int]] = {}
    for pk, delta in deltas.items():
        rows_by_delta.setdefault(delta, []).append(pk)
    return Case(
        *[When(pk__in=pks, then=F(column) + Value(delta)) for delta, pks in rows_by_delta.items()],
        output_field=PositiveIntegerField(),
    )


def _batches_locked(
    packs: dict[int, Financial], ledger: _Ledger, *, also: Iterable[int] = ()
) -> dict[int, list[StockBatch]]:
    """The packs' batches that hold stock (and the batches `also` names), locked in primary-key
    order, each pack's in selling order.

    Before answering, under the locks: batches past their best-before date are written off (an
    `expiry` movement), and a pack whose count differs from its batches' sum (a pack saved before
    batches existed, or by code that wrote the column itself) is brought level: the missing packs
    an opening batch with no date and no cost, the extra ones a count correction.
    """
    rows = (
        StockBatch.objects.select_for_update()
        .filter(pack_id__in=packs)
        .filter(Q(count__gt=0) | Q(pk__in=set(also)))
        .order_by("pk")
    )
    by_pack: dict[int, list[StockBatch]] = {pk: [] for pk in packs}
    for batch in rows:
        by_pack[batch.pack_id].append(batch)
    for pack_id, batches in by_pack.items():
        held = sum(batch.count for batch in batches)
        counted = packs[pack_id].count_in_stock
        if held < counted:
            opening = StockBatch.objects.create(pack_id=pack_id, count=0)
            batches.append(opening)
            ledger.move(opening, counted - held, kind=Kind.OPENING)
            ledger.pack_deltas[pack_id] -= counted - held  # the column already counts them
        elif held > counted:
            logger.warning("pack %s counted %s but its batches hold %s; corrected", pack_id, counted, held)
            for batch, qty in _allocate(sorted(batches, key=_selling_order), held - counted):
                ledger.move(batch, -qty, kind=Kind.ADJUSTMENT, reason=Reason.COUNT_CORRECTION)
                ledger.pack_deltas[pack_id] += qty
        for batch in batches:
            if batch.count and batch.best_before is not None and batch.best_before < ledger.today:
                ledger.move(batch, -batch.count, kind=Kind.EXPIRY, reason=Reason.EXPIRED)
        batches.sort(key=_selling_order)
    return by_pack


def _allocate(batches: list[StockBatch], qty: int) -> list[tuple[StockBatch, int]]:
    """Up to `qty` from the batches in the order given."""
    taken = []
    for batch in batches:
        if qty <= 0:
            break
        if batch.count > 0:
            count = min(batch.count, qty)
            taken.append((batch, count))
            qty -= count
    return taken


def _merged(lines: Lines) -> Counter:
    wanted: Counter = Counter()
    for financial_id, qty in lines:
        if isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
            raise ValueError(f"pack count must be a positive whole number, not {qty!r}")
        wanted[financial_id] += qty
    return wanted


def _locked_or_refused(wanted: Counter) -> dict[int, Financial]:
    packs = packs_locked(wanted)
    missing = sorted(set(wanted) - set(packs))
    if missing:
        raise DomainError(gettext("No pack has the id {pack}.").format(pack=missing[0]))
    return packs


def _sell(
    wanted: Counter, packs: dict[int, Financial], batches: dict[int, list[StockBatch]], ledger: _Ledger, *, kind: str
) -> dict[int, Allocation]:
    allocations: dict[int, Allocation] = {}
    for financial_id, qty in wanted.items():
        allocation = []
        for batch, count in _allocate(batches[financial_id], qty):
            ledger.move(batch, -count, kind=kind)
            allocation.append((batch.pk, count, batch.unit_cost_paise))
        allocations[financial_id] = allocation
    return allocations


def _written(ledger: _Ledger, packs: dict[int, Financial]) -> list[int]:
    try:
        return ledger.write(packs)
    except IntegrityError as error:
        # The CHECK (count >= 0) guards: unreachable while the rows are locked above.
        logger.error("stock check constraint refused a stock change: %s", error)
        raise InsufficientStock([(pack, pack.count_in_stock) for pack in packs.values()]) from error


@transaction.atomic
def stock_take(lines: Lines, *, reference: str = "", by=None) -> StockTaken:
    """Take `qty` of each pack, all or nothing, earliest best-before first (online, phone and ONDC
    orders, packing's replacements).

    Raises `InsufficientStock` naming every pack that lacks sellable stock, and changes nothing
    then; a pack that does not exist is a `DomainError` (400).
    """
    wanted = _merged(lines)
    packs = _locked_or_refused(wanted)
    ledger = _Ledger(by=by, reference=reference, today=timezone.localdate())
    batches = _batches_locked(packs, ledger)
    available = {pk: sum(batch.count for batch in batches[pk]) for pk in wanted}
    short = [(packs[pk], available[pk]) for pk, qty in wanted.items() if available[pk] < qty]
    if short:
        raise InsufficientStock(short)
    allocations = _sell(wanted, packs, batches, ledger, kind=Kind.SALE)
    movement_ids = _written(ledger, packs)
    _record_sales(wanted, packs, sign=1)
    return StockTaken(packs=packs, allocations=allocations, movement_ids=movement_ids)


def packs_expired(pack_ids: Iterable[int], today: datetime.date | None = None) -> dict[int, datetime.date]:
    """The packs among `pack_ids` whose every batch has passed its best-before date (no batch
    without a date or still in date holds stock), each with its latest date: such a pack on the
    shelf is expired stock, which the shop never sells (a read; nothing is locked or written)."""
    today = today or timezone.localdate()
    rows = (
        StockBatch.objects.filter(pack_id__in=list(pack_ids))
        .values("pack_id")
        .annotate(
            latest=Max("best_before"),
            sellable=Sum("count", filter=Q(count__gt=0) & (Q(best_before__isnull=True) | Q(best_before__gte=today))),
        )
        .order_by()
    )
    return {
        row["pack_id"]: row["latest"] for row in rows if row["latest"] and row["latest"] < today and not row["sellable"]
    }


@transaction.atomic
def stock_sell_held(lines: Lines, *, by, reference: str) -> StockTaken:
    """The counter's sale of packs the shopper holds in their hand: never refused.

    What the count has is taken, earliest best-before first; what it lacks is recorded as a
    `StockDiscrepancy` (the count goes to zero, never below) for a stock take to explain.
    """
    wanted = _merged(lines)
    packs = _locked_or_refused(wanted)
    ledger = _Ledger(by=by, reference=reference, today=timezone.localdate())
    batches = _batches_locked(packs, ledger)
    allocations = _sell(wanted, packs, batches, ledger, kind=Kind.COUNTER_SALE)
    short = {}
    for financial_id, qty in wanted.items():
        missing = qty - sum(count for _batch, count, _cost in allocations[financial_id])
        if missing:
            short[financial_id] = missing
    discrepancies = StockDiscrepancy.objects.bulk_create(
        [StockDiscrepancy(pack_id=pk, short_by=qty, by=by, reference=reference) for pk, qty in short.items()]
    )
    movement_ids = _written(ledger, packs)
    _record_sales(wanted, packs, sign=1)
    return StockTaken(
        packs=packs,
        allocations=allocations,
        movement_ids=movement_ids,
        short=short,
        discrepancy_ids=[row.pk for row in discrepancies],
    )


@transaction.atomic
def stock_return(lines: Lines, *, reference: str = "", by=None, damaged: bool = False, note: str = "") -> None:
    """Put `qty` of each pack back on the shelf (a cancelled order, a line taken out at packing,
    goods brought back to the counter).

    With the `reference` the sale was made under, the packs go back to the batches they came from
    (the last taken first; a batch that has expired since takes them and writes them off again);
    the rest go to the pack's latest batch. `damaged` packs come back and are written off at once
    from the batch they came back to (an adjustment, reason damaged), so the history shows both.
    Packs deleted since are skipped.
    """
    wanted = _merged([(financial_id, qty) for financial_id, qty in lines if financial_id is not None])
    packs = packs_locked(wanted)
    if not packs:
        return
    taken = _taken_under(reference, packs) if reference else {}
    ledger = _Ledger(by=by, reference=reference, today=timezone.localdate())
    batches = _batches_locked(packs, ledger, also=[pk for per_pack in taken.values() for pk, _qty in per_pack])
    returned: Counter = Counter()
    for financial_id, qty in wanted.items():
        if financial_id not in packs:
            continue
        returned[financial_id] = qty
        by_pk = {batch.pk: batch for batch in batches[financial_id]}
        for batch_pk, count in taken.get(financial_id, []):
            back = min(count, qty)
            if back and batch_pk in by_pk:
                _put_back(ledger, by_pk[batch_pk], back, damaged=damaged, note=note)
                qty -= back
        if qty:
            latest = _latest_batch(batches[financial_id], pack_id=financial_id)
            _put_back(ledger, latest, qty, damaged=damaged, note=note)
    _written(ledger, packs)
    _record_sales(returned, packs, sign=-1)


def _put_back(ledger: _Ledger, batch: StockBatch, qty: int, *, damaged: bool, note: str) -> None:
    ledger.move(batch, qty, kind=Kind.RETURN, note=note)
    if batch.best_before is not None and batch.best_before < ledger.today:
        ledger.move(batch, -qty, kind=Kind.EXPIRY, reason=Reason.EXPIRED, note=note)
    elif damaged:
        ledger.move(batch, -qty, kind=Kind.ADJUSTMENT, reason=Reason.DAMAGED, note=note)


def _taken_under(reference: str, packs: dict[int, Financial]) -> dict[int, list[tuple[int, int]]]:
    """Per pack, [(batch_id, still out)] that sales under `reference` took, the last taken first."""
    rows = (
        StockMovement.objects.filter(
            reference=reference, pack_id__in=packs, kind__in=[*SALES, Kind.RETURN], batch__isnull=False
        )
        .values("pack_id", "batch_id")
        .annotate(out=Sum(-F("delta"), output_field=IntegerField()), last=Max("id", filter=Q(kind__in=SALES)))
        .order_by("-last")
    )
    taken: dict[int, list[tuple[int, int]]] = defaultdict(list)
    for row in rows:
        if row["out"] > 0:
            taken[row["pack_id"]].append((row["batch_id"], row["out"]))
    return taken


def _latest_batch(batches: list[StockBatch], *, pack_id: int) -> StockBatch:
    """The sellable batch received last, or a new batch with no date and no cost when none holds stock."""
    sellable = [batch for batch in batches if batch.count > 0]
    if sellable:
        return max(sellable, key=lambda batch: (batch.received_at, batch.pk))
    batch = StockBatch.objects.create(pack_id=pack_id, count=0)
    batches.append(batch)
    return batch


def _pack_id(pack: Financial | int) -> int:
    return pack.pk if isinstance(pack, Financial) else int(pack)


def _positive_count(qty) -> int:
    if isinstance(qty, bool) or not isinstance(qty, int) or qty < 1:
        raise DomainError(gettext("The quantity must be a whole number above zero."), code="bad_quantity")
    return qty


@transaction.atomic
def stock_receive(
    *,
    pack: Financial | int,
    qty: int,
    batch_no: str = "",
    best_before: datetime.date | None = None,
    unit_cost_paise: int | None = None,
    by=None,
    reference: str = "",
) -> StockBatch:
    """A new batch on the shelf (a purchase posted): `qty` packs, their date and their cost.

    Refuses (400) a quantity that is not a whole number above zero, a cost of zero or less, and a
    best-before date already past: expired stock is never received for sale.
    """
    qty = _positive_count(qty)
    if unit_cost_paise is not None and (
        isinstance(unit_cost_paise, bool) or not isinstance(unit_cost_paise, int) or unit_cost_paise < 1
    ):
        raise DomainError(gettext("The cost must be above zero."), code="bad_cost")
    today = timezone.localdate()
    if best_before is not None and best_before < today:
        raise DomainError(
            gettext("The best-before date {date} has passed.").format(date=best_before.isoformat()), code="expired"
        )
    packs = _locked_or_refused(Counter({_pack_id(pack): qty}))
    ledger = _Ledger(by=by, reference=reference, today=today)
    _batches_locked(packs, ledger)
    (locked,) = packs.values()
    batch = StockBatch.objects.create(
        pack=locked, batch_no=batch_no[:40], best_before=best_before, unit_cost_paise=unit_cost_paise, count=0
    )
    ledger.move(batch, qty, kind=Kind.RECEIPT)
    _written(ledger, packs)
    return batch


@transaction.atomic
def stock_adjust(
    *, pack: Financial | int, delta: int, reason: str, by=None, note: str = "", batch: StockBatch | int | None = None
) -> list[StockMovement]:
    """A change of stock that is neither a sale nor a purchase, with its reason and who made it.

    Taken away (delta < 0): from `batch` when named, else earliest best-before first; more than
    there is is `InsufficientStock` (409). Added: to `batch`, else to the batch received last.
    """
    if reason not in Reason.values:
        raise DomainError(
            gettext("Unknown reason for a stock change: {reason}.").format(reason=reason), code="bad_reason"
        )
    if isinstance(delta, bool) or not isinstance(delta, int) or delta == 0:
        raise DomainError(gettext("The change must be a whole number other than zero."), code="bad_quantity")
    financial_id = _pack_id(pack)
    packs = _locked_or_refused(Counter({financial_id: 1}))
    ledger = _Ledger(by=by, today=timezone.localdate())
    batch_id = batch.pk if isinstance(batch, StockBatch) else batch
    batches = _batches_locked(packs, ledger, also=[batch_id] if batch_id else [])[financial_id]
    chosen = [b for b in batches if b.pk == batch_id] if batch_id else batches
    if batch_id and not chosen:
        raise DomainError(gettext("That batch is not one of this pack's."), code="bad_batch")
    first = len(ledger.movements)
    if delta < 0:
        held = sum(b.count for b in chosen)
        if held < -delta:
            raise InsufficientStock([(packs[financial_id], held)])
        for b, qty in _allocate(chosen, -delta):
            ledger.move(b, -qty, kind=Kind.ADJUSTMENT, reason=reason, note=note)
    else:
        target = chosen[0] if batch_id else _latest_batch(batches, pack_id=financial_id)
        ledger.move(target, delta, kind=Kind.ADJUSTMENT, reason=reason, note=note)
    made = ledger.movements[first:]
    _written(ledger, packs)
    if isinstance(pack, Financial):
        pack.count_in_stock = sum(b.count for b in batches)
    return made


@transaction.atomic
def stock_to_supplier(
    *, pack: Financial | int, batch: StockBatch | int, qty: int, by=None, reference: str = ""
) -> None:
    """`qty` packs of one batch sent back to its supplier (a purchase return): a `supplier_return`
    movement out of exactly that batch. More than the batch holds is `InsufficientStock` (409)."""
    qty = _positive_count(qty)
    financial_id = _pack_id(pack)
    batch_id = batch.pk if isinstance(batch, StockBatch) else int(batch)
    packs = _locked_or_refused(Counter({financial_id: qty}))
    ledger = _Ledger(by=by, reference=reference, today=timezone.localdate())
    batches = _batches_locked(packs, ledger, also=[batch_id])[financial_id]
    chosen = next((b for b in batches if b.pk == batch_id), None)
    if chosen is None:
        raise DomainError(gettext("That batch is not one of this pack's."), code="bad_batch")
    if chosen.count < qty:
        raise InsufficientStock([(packs[financial_id], chosen.count)])
    ledger.move(chosen, -qty, kind=Kind.SUPPLIER_RETURN, note="to supplier")
    _written(ledger, packs)


@transaction.atomic
def stock_count_set(
    *, pack: Financial, count: int, by=None, reason: str = Reason.COUNT_CORRECTION, note: str = ""
) -> None:
    """The pack's count as staff typed it: the difference is an adjustment (a count correction)."""
    locked = packs_locked([pack.pk])[pack.pk]
    if count != locked.count_in_stock:
        stock_adjust(pack=pack, delta=count - locked.count_in_stock, reason=reason, by=by, note=note)
    pack.count_in_stock = count


@transaction.atomic
def stock_open(*, pack: Financial) -> None:
    """A new pack's count becomes its opening batch (no date, no cost)."""
    packs = packs_locked([pack.pk])
    ledger = _Ledger(today=timezone.localdate())
    _batches_locked(packs, ledger)
    _written(ledger, packs)


@dataclass(frozen=True)
class Opening:
    """One batch of a new pack's opening stock (the demo's seeding)."""

    qty: int
    best_before: datetime.date | None = None
    unit_cost_paise: int | None = None
    batch_no: str = ""


@transaction.atomic
def stock_opened(openings: dict[int, list[Opening]]) -> None:
    """New packs' opening stock in batches, for packs saved with no stock yet: each `Opening` a
    batch with an opening movement, the packs' counts their sum. One INSERT of the batches, one of
    the movements, one UPDATE of the packs, one announcement."""
    wanted = {pk: [opening for opening in batches if opening.qty > 0] for pk, batches in openings.items()}
    packs = packs_locked(pk for pk, batches in wanted.items() if batches)
    if not packs:
        return
    ledger = _Ledger(today=timezone.localdate())
    _batches_locked(packs, ledger)
    plan = [(pk, opening) for pk in packs for opening in wanted[pk]]
    made = StockBatch.objects.bulk_create(
        [
            StockBatch(
                pack_id=pk,
                batch_no=opening.batch_no[:40],
                best_before=opening.best_before,
                unit_cost_paise=opening.unit_cost_paise,
                count=0,
            )
            for pk, opening in plan
        ]
    )
    for batch, (_pk, opening) in zip(made, plan, strict=True):
        ledger.move(batch, opening.qty, kind=Kind.OPENING)
    _written(ledger, packs)


def stock_expire_due(today: datetime.date | None = None) -> int:
    """Write off every batch whose best-before date is before `today` (Celery beat, just after
    midnight IST): an `expiry` movement each, so the packs' sellable counts drop. Returns how
    many batches were written off. A pack whose every batch expired shows as out of stock."""
    today = today or timezone.localdate()
    pack_ids = set(
        StockBatch.objects.filter(count__gt=0, best_before__lt=today).values_list("pack_id", flat=True).distinct()
    )
    if not pack_ids:
        return 0
    with transaction.atomic():
        packs = packs_locked(pack_ids)
        ledger = _Ledger(today=today)
        _batches_locked(packs, ledger)
        _written(ledger, packs)
    return sum(1 for movement in ledger.movements if movement.kind == Kind.EXPIRY)


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
