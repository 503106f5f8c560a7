"""A pack's stock history: every movement (`catalog.models.StockMovement`), newest last, each
with the pack's balance after it, so staff see how the count came to be what it is."""

from dataclasses import dataclass

from django.db.models import Sum
from django.utils.translation import gettext

from catalog.models import Financial, StockMovement
from common.errors import NotFound
from common.fields import as_whole_number

MAX_ROWS = 500


@dataclass(frozen=True)
class Step:
    movement: StockMovement
    balance: int  # the pack's count after this movement


def pack_history(*, financial_id, limit: int = MAX_ROWS) -> tuple[Financial, list[Step], int]:
    """(the pack, its last `limit` movements with their running balance, the balance before the
    first of them). Three queries."""
    pack = Financial.objects.select_related("detail__product").filter(pk=as_whole_number(financial_id) or 0).first()
    if pack is None:
        raise NotFound(gettext("Pack not found."))
    last = list(StockMovement.objects.filter(pack=pack).select_related("batch", "by").order_by("-id")[:limit])[::-1]
    before = 0
    if last:
        earlier = StockMovement.objects.filter(pack=pack, id__lt=last[0].pk).aggregate(total=Sum("delta"))["total"]
        before = earlier or 0
    balance, steps = before, []
    for movement in last:
        balance += movement.delta
        steps.append(Step(movement, balance))
    return pack, steps, before
