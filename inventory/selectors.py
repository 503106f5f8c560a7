"""Reads for the manager's screens: suppliers, recent purchases, reorder suggestions, margins."""

import math
from collections import defaultdict
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.db.models import F, Prefetch, QuerySet, Sum, Value
from django.db.models.functions import TruncDate
from django.utils import timezone

from catalog.selectors import low_stock_packs

from .models import Purchase, PurchaseLine, PurchaseReturn, Supplier

RECENT_PURCHASES = 100  # the purchases screen lists the latest this many (a week's invoices many times over)
SALES_DAYS = 28  # reorder quantities from this many days' sales
COVER_DAYS = 7  # a reorder brings a pack up to this many days of sales beyond the supplier's lead time


def supplier_list() -> QuerySet[Supplier]:
    return Supplier.objects.all()


def category_list():
    """The categories a stock take may count, in the shop's order, with their ids (the public
    category list names them only)."""
    from catalog.models import Category

    return Category.objects.order_by("sequence", "name").values("pk", "name", "name_te")


def purchases_with_lines(queryset: QuerySet[Purchase]) -> QuerySet[Purchase]:
    """Purchases with their supplier, lines (pack, brand, product) and returns: a fixed number of
    queries whatever the number of purchases or lines."""
    return queryset.select_related("supplier").prefetch_related(
        Prefetch("lines", queryset=PurchaseLine.objects.select_related("financial__detail__product")),
        Prefetch("returns", queryset=PurchaseReturn.objects.prefetch_related("lines")),
    )


def purchase_list(*, supplier_id: int | None = None) -> list[Purchase]:
    """The latest `RECENT_PURCHASES` purchases, newest invoice first."""
    queryset = Purchase.objects.all()
    if supplier_id:
        queryset = queryset.filter(supplier_id=supplier_id)
    return list(purchases_with_lines(queryset)[:RECENT_PURCHASES])


@dataclass(frozen=True)
class Suggestion:
    pack: object
    supplier: Supplier | None
    in_stock: int
    reorder_level: int
    sold: int  # in the last SALES_DAYS days
    qty: int  # packs to order


def _last_suppliers(pack_ids) -> dict[int, Supplier]:
    """Each pack's supplier of its latest posted purchase."""
    latest: dict[int, Supplier] = {}
    lines = (
        PurchaseLine.objects.filter(financial_id__in=pack_ids, purchase__status=Purchase.Status.POSTED)
        .select_related("purchase__supplier")
        .order_by("financial_id", "-purchase__posted_at", "-id")
    )
    for line in lines:
        latest.setdefault(line.financial_id, line.purchase.supplier)
    return latest


def _sold(pack_ids, *, since) -> dict[int, int]:
    from orders.models import OrderItem

    rows = (
        OrderItem.objects.filter(financial_id__in=pack_ids, order__created_at__gte=since)
        .values("financial_id")
        .annotate(units=Sum("qty"))
    )
    return {row["financial_id"]: row["units"] for row in rows}


def reorder_suggestions() -> dict[Supplier | None, list[Suggestion]]:
    """The packs at or under their reorder level (the low-stock threshold: the pack's own, else the
    shop's), grouped by the supplier they were last bought from (None: never bought here).

    How many to order: enough for the supplier's lead time plus `COVER_DAYS`, at the rate the pack
    sold over the last `SALES_DAYS` days, plus the reorder level itself, less what is on the shelf;
    at least one pack back over the level. Three queries, whatever the number of packs.
    """
    packs = low_stock_packs()
    ids = [pack.pk for pack in packs]
    suppliers = _last_suppliers(ids)
    sold = _sold(ids, since=timezone.now() - timedelta(days=SALES_DAYS))
    grouped: dict[Supplier | None, list[Suggestion]] = defaultdict(list)
    for pack in packs:
        supplier = suppliers.get(pack.pk)
        lead = supplier.lead_time_days if supplier else 0
        per_day = sold.get(pack.pk, 0) / SALES_DAYS
        target = math.ceil(per_day * (lead + COVER_DAYS)) + pack.threshold
        qty = max(target - pack.count_in_stock, pack.threshold + 1 - pack.count_in_stock, 1)
        grouped[supplier].append(
            Suggestion(pack, supplier, pack.count_in_stock, pack.threshold, sold.get(pack.pk, 0), qty)
        )
    return dict(grouped)


@dataclass(frozen=True)
class CategoryMargin:
    category: str
    category_te: str
    revenue: Decimal  # before GST, of the lines whose cost is known
    cost: Decimal
    units: int
    # By pack: the sold lines' snapshot of the pack (brand, name, name_te, quantity, units), which
    # `catalog.labels.pack_label` (and the islands' `namedPackLabel`) write as one label.
    pack: dict | None = None

    @property
    def margin(self) -> Decimal:
        return self.revenue - self.cost

    @property
    def margin_percent(self) -> Decimal | None:
        if not self.revenue:
            return None
        return (self.margin * 100 / self.revenue).quantize(Decimal("0.1"))


GROUPINGS = {
    "category": (
        F("financial__detail__product__category__name"),
        F("financial__detail__product__category__name_te"),
    ),
    "pack": (F("name"), F("financial__detail__brand")),
    "day": (TruncDate("order__created_at"), None),
}


def margins(*, days: int, by: str = "category") -> list[CategoryMargin]:
    """Gross margin over the last `days` days grouped `by` day, category or pack, from each sold
    line's taxable value against its stored cost at sale; the rule is `margins_by_category`'s.
    `category` (the row's label) is the day (YYYY-MM-DD), the category or the product's name;
    `category_te` the Telugu name or the pack's brand. One query."""
    from orders.models import Order, OrderItem

    name, second = GROUPINGS[by]
    since = timezone.now() - timedelta(days=days)
    keys = {"name": name, "second": second if second is not None else Value("")}
    if by == "pack":
        # Two sizes of one product are two rows, each named by its own pack.
        keys |= {"pack": F("financial_id"), "name_te": F("name_te"), "quantity": F("quantity"), "units": F("units")}
    rows = (
        OrderItem.objects.filter(order__created_at__gte=since, cost_paise__isnull=False, taxable_value__isnull=False)
        .exclude(order__status=Order.Status.CANCELLED)
        .values(**{f"g_{key}": value for key, value in keys.items()})
        .annotate(revenue=Sum("taxable_value"), cost=Sum("cost_paise"), units=Sum("qty"))
        .order_by(*(f"g_{key}" for key in keys))
    )
    return [
        CategoryMargin(
            str(row["g_name"] or ""),
            str(row["g_second"] or ""),
            Decimal(row["revenue"]).quantize(Decimal("0.01")),
            (Decimal(row["cost"]) / 100).quantize(Decimal("0.01")),
            row["units"],
            _sold_pack(row) if by == "pack" else None,
        )
        for row in rows
    ]


def _sold_pack(row: dict) -> dict:
    return {
        "brand": row["g_second"] or "",
        "name": row["g_name"] or "",
        "name_te": row["g_name_te"] or "",
        "quantity": row["g_quantity"] or "",
        "units": row["g_units"] or "",
    }


@dataclass(frozen=True)
class StockValue:
    value_paise: int  # the packs on the shelf whose cost is known, at cost before GST
    units_known: int
    units_unknown: int  # packs on batches with no cost yet (stock from before purchases)


def stock_value() -> StockValue:
    """What the shelf holds at cost, from the batches. One query."""
    from catalog.models import StockBatch

    known = StockBatch.objects.filter(count__gt=0, unit_cost_paise__isnull=False).aggregate(
        value=Sum(F("count") * F("unit_cost_paise")), units=Sum("count")
    )
    unknown = StockBatch.objects.filter(count__gt=0, unit_cost_paise__isnull=True).aggregate(units=Sum("count"))
    return StockValue(known["value"] or 0, known["units"] or 0, unknown["units"] or 0)


def margins_by_category(*, days: int) -> list[CategoryMargin]:
    """Gross margin per category over the last `days` days: each sold line's taxable value (its
    price less GST) against its cost at sale (`OrderItem.cost_paise`, stored by the sale from the
    batches it took). Lines whose cost was never known (stock from before purchases were entered)
    are left out of both sides rather than counted as pure margin. One query."""
    from orders.models import Order, OrderItem

    since = timezone.now() - timedelta(days=days)
    rows = (
        OrderItem.objects.filter(order__created_at__gte=since, cost_paise__isnull=False, taxable_value__isnull=False)
        .exclude(order__status=Order.Status.CANCELLED)
        .values(
            name=F("financial__detail__product__category__name"),
            name_te=F("financial__detail__product__category__name_te"),
        )
        .annotate(revenue=Sum("taxable_value"), cost=Sum("cost_paise"), units=Sum("qty"))
        .order_by("name")
    )
    return [
        CategoryMargin(
            row["name"] or "",
            row["name_te"] or "",
            Decimal(row["revenue"]).quantize(Decimal("0.01")),
            (Decimal(row["cost"]) / 100).quantize(Decimal("0.01")),
            row["units"],
        )
        for row in rows
    ]
