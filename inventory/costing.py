"""What a pack on the shelf cost: the one reading of its batches' costs for staff screens, in the
order sales take the batches (the catalog's), so the figures agree with the cost each sold line
stores for the margins."""

from dataclasses import dataclass
from decimal import Decimal

from common.money import round_to_paise, to_rupees


def _costs_ahead(pack) -> list[int | None]:
    """Each pack on the shelf's cost before GST in paise (None: not known), in the order sales will
    take them: the catalog's selling order (`catalog.stock.batches_in_selling_order`), the order
    whose costs each sold line stores for the margins. Reads the pack's `batches`."""
    from catalog.stock import batches_in_selling_order

    return [batch.unit_cost_paise for batch in batches_in_selling_order(pack.batches.all())]


def _latest_paise(pack) -> int | None:
    known = [batch for batch in pack.batches.all() if batch.unit_cost_paise]
    return max(known, key=lambda batch: (batch.received_at, batch.pk)).unit_cost_paise if known else None


def pack_unit_cost(pack) -> Decimal | None:
    """The cost before GST of the next pack to leave the shelf whose cost is known, as a sale will
    record it (first in, first out by batch); with none on the shelf, the last purchase's cost;
    None when that cost is not known. Reads the pack's `batches` (prefetch them for a list)."""
    known = [paise for paise in _costs_ahead(pack) if paise]
    paise = known[0] if known else _latest_paise(pack)
    return None if paise is None else to_rupees(paise)


def selling_cost(pack) -> Decimal | None:
    """The cost a selling price must cover: the dearest of the packs on the shelf whose cost is
    known (each sale records its own batch's cost, so a price under it sells that batch at a loss
    in the margins), else the last purchase's cost (the latest cost, what the shelf will be
    refilled at); None when no cost is known. Reads the pack's `batches`."""
    known = [paise for paise in _costs_ahead(pack) if paise]
    paise = max(known) if known else _latest_paise(pack)
    return None if paise is None else to_rupees(paise)


@dataclass(frozen=True)
class PriceCheck:
    """A selling price set on the edit screen held against what the pack cost (`selling_cost`)."""

    selling_price: Decimal  # what the shopper pays, GST inside
    gst_rate: int
    cost: Decimal | None  # before GST (the input tax is claimed back); None: not known
    cost_with_gst: Decimal | None  # the lowest selling price that does not lose money

    @property
    def below_cost(self) -> bool:
        # Exact in decimals (a whole-percent rate divides by 100 without rounding): the price below
        # the cost with its GST, i.e. the price's value before GST below the cost.
        return self.cost is not None and self.selling_price < self.cost * (100 + self.gst_rate) / 100


def price_check(*, financial_id, price, discount=None, dprice=None, gst_rate=None) -> PriceCheck:
    """Would `price` less `discount` (or `dprice`) sell the pack below its cost? The prices
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
    cost = selling_cost(pack)
    with_gst = None if cost is None else round_to_paise(cost * (100 + rate) / 100)
    return PriceCheck(prices.dprice, rate, cost, with_gst)
