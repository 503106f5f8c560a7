"""What a pack on the shelf cost: the one reading of its batches' costs for staff screens."""

from decimal import Decimal

from common.money import to_rupees


def pack_unit_cost(pack) -> Decimal | None:
    """The cost before GST of the next pack to leave the shelf: the batches are sold first in,
    first out (earliest best-before), so it is the cost of the first batch that still holds stock
    and whose cost is known; else the last known cost; None when no batch's cost is known. Reads the
    pack's `batches` (prefetch them for a list)."""
    batches = [batch for batch in pack.batches.all() if batch.unit_cost_paise]
    if not batches:
        return None
    on_shelf = sorted(
        (batch for batch in batches if batch.count),
        key=lambda batch: (batch.best_before is None, batch.best_before, batch.pk),
    )
    chosen = on_shelf[0] if on_shelf else max(batches, key=lambda batch: batch.pk)
    return to_rupees(chosen.unit_cost_paise)
