"""Stock takes: a count sheet of one category's packs (or every pack), the counts entered, the
differences shown with their value at cost, and all of them posted as adjustments at once.

Each line keeps the pack's count when the sheet was made (`expected`), and again when its count is
entered; posting moves the pack by counted − expected, not to `counted`, so packs sold while staff
walked the shelves, or after a shelf was counted, stay sold.
"""

from collections.abc import Mapping

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from catalog.models import Category, Financial, StockMovement
from common.errors import Conflict, InvalidValue, NotFound
from common.fields import as_whole_number

from .models import StockTake, StockTakeLine

MAX_COUNT = 100_000
Reason = StockMovement.Reason
# The reasons a counted difference may carry, in the order the count sheet offers them: a subset of
# the catalog's adjustment reasons (a counter discrepancy is the counter's own), so each posted
# adjustment keeps its line's reason. None given: a count correction.
REASONS = (Reason.COUNT_CORRECTION, Reason.DAMAGED, Reason.EXPIRED, Reason.THEFT_OR_LOSS, Reason.FOUND)
DEFAULT_REASON = Reason.COUNT_CORRECTION


def reason_choices() -> list[tuple[str, str]]:
    """The count sheet's reasons as (value, label), the label in the reader's language."""
    return [(reason.value, str(reason.label)) for reason in REASONS]


def reason_label(reason: str) -> str:
    return str(Reason(reason).label) if reason in Reason.values else reason


def stock_take_start(*, category_id=None, by) -> StockTake:
    """A new count sheet: every pack of the category (every pack of the shop when none), each with
    its count now."""
    category = None
    if category_id not in (None, ""):
        category = Category.objects.filter(pk=as_whole_number(category_id) or 0).first()
        if category is None:
            raise NotFound(gettext("Category not found."))
    packs = Financial.objects.order_by("pk")
    if category is not None:
        packs = packs.filter(detail__product__category=category)
    with transaction.atomic():
        take = StockTake.objects.create(category=category, started_by=by)
        StockTakeLine.objects.bulk_create(
            [
                StockTakeLine(take=take, financial_id=pk, expected=count)
                for pk, count in packs.values_list("pk", "count_in_stock")
            ]
        )
    return take


RECENT_TAKES = 50


def stock_take_list():
    """The latest `RECENT_TAKES` stock takes, with how many packs each lists and has counted."""
    from django.db.models import Count, Q

    return (
        StockTake.objects.select_related("category")
        .annotate(pack_count=Count("lines"), counted_count=Count("lines", filter=Q(lines__counted__isnull=False)))
        .order_by("-started_at", "-id")[:RECENT_TAKES]
    )


def stock_take_get(*, take_id) -> StockTake:
    found = (
        StockTake.objects.select_related("category")
        .prefetch_related("lines__financial__detail__product", "lines__financial__batches")
        .filter(pk=as_whole_number(take_id) or 0)
        .first()
    )
    if found is None:
        raise NotFound(gettext("Stock take not found."))
    return found


@transaction.atomic
def stock_take_count(*, take_id, counts: Mapping[object, Mapping]) -> StockTake:
    """Counts entered on the sheet: {pack id: {"counted": n, "reason": "..."}}; a count left
    empty (None) is not counted yet. Several people may enter counts of different packs."""
    take = StockTake.objects.select_for_update().filter(pk=as_whole_number(take_id) or 0).first()
    if take is None:
        raise NotFound(gettext("Stock take not found."))
    if take.status != StockTake.Status.COUNTING:
        raise Conflict(gettext("This stock take is already posted."), code="already_posted")
    lines = {line.financial_id: line for line in take.lines.all()}
    changed = []
    for pack_id, entered in counts.items():
        line = lines.get(as_whole_number(pack_id))
        if line is None:
            raise InvalidValue(gettext("That pack is not on this count sheet."), code="bad_pack")
        value = entered.get("counted")
        counted = None if value in (None, "") else as_whole_number(value)
        if value not in (None, "") and (counted is None or not 0 <= counted <= MAX_COUNT):
            raise InvalidValue(
                gettext("A count must be a whole number from 0 to {most}.").format(most=MAX_COUNT),
                code="bad_quantity",
            )
        reason = entered.get("reason") or DEFAULT_REASON
        if reason not in REASONS:
            raise InvalidValue(
                gettext("Unknown reason for a stock change: {reason}.").format(reason=reason), code="bad_reason"
            )
        line.counted, line.reason = counted, reason
        changed.append(line)
    # The difference is against the pack's count when its count is entered, not when the sheet was
    # made: what sold in between left the shelf before it was counted. The packs are locked so a
    # sale committing at this moment is either in the count or after it, never half.
    from catalog.stock import packs_locked

    now = packs_locked(line.financial_id for line in changed if line.counted is not None)
    for line in changed:
        if line.financial_id in now and line.counted is not None:
            line.expected = now[line.financial_id].count_in_stock
    StockTakeLine.objects.bulk_update(changed, ["counted", "reason", "expected"])
    return stock_take_get(take_id=take.pk)


@transaction.atomic
def stock_take_post(*, take_id, by) -> StockTake:
    """Every counted difference posted as an adjustment, in one transaction, once. Uncounted
    packs are left as they are."""
    from catalog.stock import packs_locked, stock_adjust

    take_id = as_whole_number(take_id) or 0
    if not StockTake.objects.filter(pk=take_id, status=StockTake.Status.COUNTING).update(
        status=StockTake.Status.POSTED, posted_at=timezone.now(), posted_by=by
    ):
        if StockTake.objects.filter(pk=take_id).exists():
            raise Conflict(gettext("This stock take is already posted."), code="already_posted")
        raise NotFound(gettext("Stock take not found."))
    lines = [
        line
        for line in StockTakeLine.objects.filter(take_id=take_id, counted__isnull=False).order_by("financial_id")
        if line.difference
    ]
    # Every pack moved, locked at once in primary-key order: a sale made since the sheet was made
    # may leave less on the shelf than the count says is missing; the pack then goes to 0.
    packs = packs_locked(line.financial_id for line in lines)
    for line in lines:
        if line.financial_id not in packs:
            continue  # the pack was deleted since
        delta = max(line.difference, -packs[line.financial_id].count_in_stock)
        if delta:
            stock_adjust(
                pack=line.financial_id,
                delta=delta,
                reason=line.reason or DEFAULT_REASON,
                by=by,
                note=f"stock take {take_id}",
            )
    return stock_take_get(take_id=take_id)
