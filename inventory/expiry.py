"""The near-expiry list: batches on the shelf whose best-before date comes within their
category's bands (7 and 30 days unless the category says otherwise), with their value at cost, so
the owner can discount before the midnight write-off takes them (`catalog.stock.stock_expire_due`)."""

import datetime
from dataclasses import dataclass

from django.utils import timezone

from catalog.models import StockBatch

from .models import ExpiryWatch

SOON_DAYS = 7
WATCH_DAYS = 30
MAX_ROWS = 1000


@dataclass(frozen=True)
class NearExpiry:
    batch: StockBatch
    days_left: int
    band: str  # "soon" or "watch"

    @property
    def value_paise(self) -> int | None:
        """The batch's count at its cost before GST; None when its cost is not known."""
        cost = self.batch.unit_cost_paise
        return None if cost is None else cost * self.batch.count


def near_expiry(today: datetime.date | None = None) -> list[NearExpiry]:
    """Every batch with stock whose best-before date is within its category's watch band, the
    soonest first. Two queries, whatever the number of batches."""
    today = today or timezone.localdate()
    bands = {row.category_id: (row.soon_days, row.watch_days) for row in ExpiryWatch.objects.all()}
    widest = max([WATCH_DAYS, *(watch for _soon, watch in bands.values())])
    batches = (
        StockBatch.objects.filter(
            count__gt=0, best_before__isnull=False, best_before__lte=today + datetime.timedelta(days=widest)
        )
        .select_related("pack__detail__product__category")
        .order_by("best_before", "pk")
    )
    found = []
    for batch in batches[:MAX_ROWS]:
        soon, watch = bands.get(batch.pack.detail.product.category_id, (SOON_DAYS, WATCH_DAYS))
        days_left = (batch.best_before - today).days
        if days_left <= watch:
            found.append(NearExpiry(batch, days_left, "soon" if days_left <= soon else "watch"))
    return found
