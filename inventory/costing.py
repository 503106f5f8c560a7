"""What a pack on the shelf cost: the one reading of its batches' costs for staff screens."""

from dataclasses import dataclass
from decimal import Decimal

from common.money import round_to_paise, to_rupees


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


def latest_cost(pack) -> Decimal | None:
    """The cost before GST of the pack's newest batch whose cost is known (the last purchase's),
    None when no batch's cost is known. Reads the pack's `batches`."""
    batches = [batch for batch in pack.batches.all() if batch.unit_cost_paise]
    if not batches:
        return None
    return to_rupees(max(batches, key=lambda batch: (batch.received_at, batch.pk)).unit_cost_paise)


@dataclass(frozen=True)
class PriceCheck:
    """A selling price set on the edit screen held against the pack's latest cost."""

    selling_price: Decimal  # what the shopper pays, GST inside
    gst_rate: int
    latest_cost: Decimal | None  # before GST (the input tax is claimed back); None: not known
    cost_with_gst: Decimal | None  # the lowest selling price that does not lose money

    @property
    def below_cost(self) -> bool:
        # Exact in decimals (a whole-percent rate divides by 100 without rounding): the price below
        # the cost with its GST, i.e. the price's value before GST below the cost.
        return self.latest_cost is not None and self.selling_price < self.latest_cost * (100 + self.gst_rate) / 100


def price_check(*, financial_id, price, discount=None, dprice=None, gst_rate=None) -> PriceCheck:
    """Would `price` less `discount` (or `dprice`) sell the pack below its latest cost? The prices
    are read as the save reads them (`catalog.pricing.pack_prices`), so a bad one is refused in the
    same words; `gst_rate` is the one typed on the screen, else the product's. Two queries."""
    from django.utils.translation import gettext

    from catalog.gst import to_gst_rate
    from catalog.models import Financial
    from catalog.pricing import pack_prices
    from common.errors import NotFound
    from common.fields import as_whole_number

    pack = (
        Financial.objects.select_related("detail__product")
        .prefetch_related("batches")
        .filter(pk=as_whole_number(financial_id) or 0)
        .first()
    )
    if pack is None:
        raise NotFound(gettext("Pack not found."))
    prices = pack_prices(price=price, dprice=dprice, discount=discount)
    rate = to_gst_rate(gst_rate) if gst_rate not in (None, "") else pack.detail.product.gst_rate
    cost = latest_cost(pack)
    with_gst = None if cost is None else round_to_paise(cost * (100 + rate) / 100)
    return PriceCheck(prices.dprice, rate, cost, with_gst)
