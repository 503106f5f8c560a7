"""The staff dashboard's figures (issue 27): every number `/admin/dashboard` and its API show, each one
aggregate SQL over a period, so the number of queries stays the same whatever the number of orders.

Periods are days in the shop's time zone (Asia/Kolkata, `settings.TIME_ZONE`): "today" runs from
local midnight; "7d" and "30d" are the last 7 or 30 local days, today included. Every figure counts
what happened in `[start, end)`, end being the next local midnight.

The figures, defined once here:

- **orders**: orders placed in the period, whatever became of them.
- **sales**: what the orders placed in the period and not cancelled charge, `total_price` (items and
  delivery, GST inside), as it is now: a line reduced or removed at packing already lowered it.
  Store credit spent at checkout counts (the credit was given before, as money back or a grant).
- **revenue**: sales less the money given back in the period on problem reports (tickets approved in
  the period, `Ticket.amount_approved`): the one giving-back that leaves `total_price` as it was.
  Cancelled orders are out of sales already and packing reductions lowered the total, so neither is
  taken off twice.
- **average basket**: sales / orders not cancelled (rounded to paise, halves up; 0 with no orders).
- **new customers**: shoppers whose first order ever was placed in the period. (Sign-ups, users who
  registered in the period whether they ordered or not, are counted beside it.)
- **payment mix**: orders not cancelled and their sales, by payment method (cash/UPI, online).
- **refunds**: refunds to a payment's source requested in the period and not failed (`payments`:
  `Refund`), whatever caused them (cancellation, packing, problem report).
- **credit given**: store credit that is new money to a shopper, given in the period: staff grants
  and cash orders' money back (`StoreCreditEntry` kinds grant and refund). Credit an order spent and
  got back (return, restore) is not new money and is left out.
- **ONDC**: the ONDC channel's orders and sales (its row of sales by channel), the buyer apps'
  finder fees and the TCS deducted on them (`ondc.NetworkOrder`'s terms, orders placed in the
  period and not cancelled), and the sales less the finder fees.
- **cancellations**: orders cancelled in the period (`cancelled_at`), whenever they were placed.
- **tickets**: open tickets now (not bound to the period), the oldest one's age, and how many wait
  past the acknowledgement clock (48 h) and past the resolution clock (30 days), `support.clocks`.
- **sales by day**: the sales of each local day of the period (days without orders at 0).
- **sales by category / by pack**: line totals (`OrderItem.line_total`, as the order is now) of
  orders placed in the period and not cancelled; their sum is the sales less delivery charges.
- **top packs**: the 20 packs that sold the most by value; **slow movers**: the 20 packs in stock
  that sold the fewest packs (none first), the most stock first among equals.
- **orders by slot**: orders placed in the period and not cancelled, by the delivery window
  they booked; orders without a slot are counted apart.
- **low stock**: packs at or under their threshold, from the catalog (`catalog.selectors.low_stock_packs`).
- **days of cover**: per pack, its stock now ÷ its average daily sales over the last `COVER_SALES_DAYS`
  local days (today included; orders not cancelled, every channel), the same 28 days' sales the
  reorder suggestions read; the `COVER_PACKS` lowest listed, a pack that sold nothing being never
  short. Not bound to the period.

Money is summed as whole paise (`common.money.sql_paise_sum`), exact on PostgreSQL and SQLite alike,
and returned as `Decimal` rupees.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal
from enum import StrEnum

from django.conf import settings
from django.db.models import Count, Exists, F, Max, Min, OuterRef, Q, Sum
from django.db.models.functions import TruncDate
from django.utils import timezone
from django.utils.translation import gettext_lazy

from books.error_codes import BooksErrorCode
from catalog.labels import pack_label
from catalog.models import Financial, Product
from catalog.selectors import low_stock_packs
from common.errors import InvalidValue
from common.money import round_to_paise, sql_paise, sql_paise_sum, to_rupees
from inventory.selectors import SALES_DAYS
from orders.models import Order, OrderItem
from payments.models import Refund, StoreCreditEntry
from support.clocks import ACKNOWLEDGE_WITHIN, RESOLVE_WITHIN
from support.models import Ticket

TOP_PACKS = 20
SLOW_MOVERS = 20
COVER_SALES_DAYS = SALES_DAYS
COVER_PACKS = 10


class Period(StrEnum):
    TODAY = "today"
    WEEK = "7d"
    MONTH = "30d"

    @property
    def days(self) -> int:
        return {"today": 1, "7d": 7, "30d": 30}[self.value]


@dataclass(frozen=True)
class Span:
    """Local days `first` .. `last` (inclusive) and the instants `[start, end)` they cover."""

    first: date
    last: date

    @property
    def start(self) -> datetime:
        return _local_midnight(self.first)

    @property
    def end(self) -> datetime:
        return _local_midnight(self.last + timedelta(days=1))

    @property
    def days(self) -> list[date]:
        return [self.first + timedelta(days=n) for n in range((self.last - self.first).days + 1)]


def _local_midnight(day: date) -> datetime:
    return timezone.make_aware(datetime.combine(day, time.min), timezone.get_default_timezone())


def local_today(now: datetime | None = None) -> date:
    return timezone.localtime(now or timezone.now(), timezone.get_default_timezone()).date()


def period_span(period: Period, *, now: datetime | None = None) -> Span:
    today = local_today(now)
    return Span(first=today - timedelta(days=period.days - 1), last=today)


def placed_in(span: Span, prefix: str = "") -> Q:
    return Q(**{f"{prefix}created_at__gte": span.start, f"{prefix}created_at__lt": span.end})


def not_cancelled(prefix: str = "") -> Q:
    return ~Q(**{f"{prefix}status": Order.Status.CANCELLED})


# Summary figures ----------------------------------------------------------------------------------


def order_days(span: Span) -> list[dict]:
    """The orders placed in `span`, one row per local day (days without orders included, at 0):
    orders, those not cancelled and their sales, and the same by payment method. One GROUP BY over
    the period's orders, which every order figure below is summed from."""
    kept = not_cancelled()
    cash = kept & Q(payment_method=Order.PaymentMethod.CASH_OR_UPI)
    online = kept & Q(payment_method=Order.PaymentMethod.ONLINE)
    by_channel = {}
    for channel in Order.Channel.values:
        sold_here = kept & Q(channel=channel)
        by_channel[f"{channel}_orders"] = Count("id", filter=sold_here)
        by_channel[f"{channel}_paise"] = Sum(sql_paise("total_price"), filter=sold_here)
    rows = (
        Order.objects.filter(placed_in(span))
        .annotate(day=TruncDate("created_at", tzinfo=timezone.get_default_timezone()))
        .values("day")
        .annotate(
            orders=Count("id"),
            kept=Count("id", filter=kept),
            paise=Sum(sql_paise("total_price"), filter=kept),
            cash_orders=Count("id", filter=cash),
            cash_paise=Sum(sql_paise("total_price"), filter=cash),
            online_orders=Count("id", filter=online),
            online_paise=Sum(sql_paise("total_price"), filter=online),
            **by_channel,
            first_id=Min("id"),
            last_id=Max("id"),
        )
        .order_by()
    )
    found = {row["day"]: row for row in rows}
    empty = dict.fromkeys(
        ("orders", "kept", "paise", "cash_orders", "cash_paise", "online_orders", "online_paise", *by_channel), 0
    )
    empty.update(first_id=None, last_id=None)
    return [{"date": day, **{key: found.get(day, empty)[key] or empty[key] for key in empty}} for day in span.days]


def order_ids(days: list[dict]) -> tuple[int, int] | None:
    """The lowest and highest id of the orders placed in the period (None for none): bounds that
    let the query over order lines read the period's lines by the index on their order, rather than
    every line the shop ever sold (ids grow with time, so the range is about the period's)."""
    firsts = [day["first_id"] for day in days if day["first_id"] is not None]
    lasts = [day["last_id"] for day in days if day["last_id"] is not None]
    return (min(firsts), max(lasts)) if firsts else None


def order_figures(days: list[dict]) -> dict:
    """Orders, sales, average basket and the payment mix, summed from `order_days`."""
    total = {key: sum(day[key] for day in days) for key in days[0] if key not in ("date", "first_id", "last_id")}
    sales = to_rupees(total["paise"])
    return {
        "orders": total["orders"],
        "sales": sales,
        "averageBasket": round_to_paise(sales / total["kept"]) if total["kept"] else Decimal("0.00"),
        "paymentMix": [
            {"method": "cash", "orders": total["cash_orders"], "sales": to_rupees(total["cash_paise"])},
            {"method": "online", "orders": total["online_orders"], "sales": to_rupees(total["online_paise"])},
        ],
        # Where the sales came from (the website, the counter, phone orders, ONDC): summed in paise,
        # so the channels add up to `sales` exactly.
        "salesByChannel": [
            {"channel": channel, "orders": total[f"{channel}_orders"], "sales": to_rupees(total[f"{channel}_paise"])}
            for channel in Order.Channel.values
        ],
    }


class _NetworkFees:
    """The network's share of the ONDC channel's sales in a span: the buyer apps' finder fees and
    the TCS the collecting operator deducts, in paise. The ONDC app records those terms per order
    and sits above this one, so it fills `figures` at start-up (`ondc.apps`, as orders fills the
    catalog's `delivered_check`); without it the fees are 0."""

    figures: Callable[..., dict] | None = None

    def __call__(self, span: Span) -> dict:
        found = self.figures(start=span.start, end=span.end) if self.figures else {}
        return {
            "finderFee": to_rupees(found.get("finder_fee_paise") or 0),
            "tcs": to_rupees(found.get("tcs_paise") or 0),
        }


network_fees = _NetworkFees()


def ondc_figures(orders: dict, span: Span) -> dict:
    """ONDC sales apart (the channel's row of `salesByChannel`), with what the network keeps of them."""
    [row] = [entry for entry in orders["salesByChannel"] if entry["channel"] == Order.Channel.ONDC]
    fees = network_fees(span)
    return {"orders": row["orders"], "sales": row["sales"], **fees, "net": row["sales"] - fees["finderFee"]}


def cancellations(span: Span) -> int:
    return Order.objects.filter(cancelled_at__gte=span.start, cancelled_at__lt=span.end).count()


def new_customers(span: Span) -> int:
    """Shoppers whose first order ever was placed in `span`: who ordered in it and not before.

    Asked per shopper (two probes of the index on an order's user and time each), not per order:
    the answer's cost follows the number of shoppers, not of their orders.
    """
    from django.contrib.auth import get_user_model

    orders = Order.objects.filter(user=OuterRef("pk"))
    return (
        get_user_model()
        .objects.filter(Exists(orders.filter(placed_in(span))))
        .exclude(Exists(orders.filter(created_at__lt=span.start)))
        .count()
    )


def sign_ups(span: Span) -> int:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.filter(date_joined__gte=span.start, date_joined__lt=span.end).count()


def money_given_back(span: Span) -> dict:
    """Refunds requested and new store credit given in `span`, read from the payments' records."""
    refunds = (
        Refund.objects.filter(created_at__gte=span.start, created_at__lt=span.end)
        .exclude(state=Refund.State.FAILED)
        .aggregate(count=Count("id"), paise=Sum("amount_paise"))
    )
    credit = StoreCreditEntry.objects.filter(
        created_at__gte=span.start,
        created_at__lt=span.end,
        kind__in=[StoreCreditEntry.Kind.GRANT, StoreCreditEntry.Kind.REFUND],
    ).aggregate(count=Count("id"), paise=Sum("amount_paise"))
    return {
        "refunds": {"count": refunds["count"], "amount": to_rupees(refunds["paise"])},
        "creditGiven": {"count": credit["count"], "amount": to_rupees(credit["paise"])},
    }


def ticket_figures(span: Span, *, now: datetime | None = None) -> dict:
    """Open tickets now, by the clocks they run on, and problem-report money approved in `span`
    (one query over the tickets)."""
    now = now or timezone.now()
    is_open = Q(status=Ticket.Status.OPEN)
    approved = Q(status=Ticket.Status.APPROVED, resolved_at__gte=span.start, resolved_at__lt=span.end)
    row = Ticket.objects.filter(is_open | approved).aggregate(
        open=Count("id", filter=is_open),
        oldest=Min("opened_at", filter=is_open),
        unacknowledged_late=Count(
            "id", filter=is_open & Q(acknowledged_at__isnull=True, opened_at__lt=now - ACKNOWLEDGE_WITHIN)
        ),
        unresolved_late=Count("id", filter=is_open & Q(opened_at__lt=now - RESOLVE_WITHIN)),
        approved=Count("id", filter=approved),
        approved_paise=Sum(sql_paise("amount_approved"), filter=approved),
    )
    oldest = row["oldest"]
    return {
        "open": row["open"],
        "oldestOpenedAt": oldest,
        "oldestAgeHours": int((now - oldest).total_seconds() // 3600) if oldest else None,
        "acknowledgeOverdue": row["unacknowledged_late"],
        "resolveOverdue": row["unresolved_late"],
        "approvedInPeriod": row["approved"],
        "approvedAmount": to_rupees(row["approved_paise"]),
    }


# Series -------------------------------------------------------------------------------------------


def sales_by_day(days: list[dict]) -> list[dict]:
    """Orders not cancelled and their sales, per local day, from `order_days`."""
    return [{"date": day["date"], "orders": day["kept"], "sales": to_rupees(day["paise"])} for day in days]


def _pack_sales_rows(span: Span, ids: tuple[int, int] | None = None):
    """Line totals and packs sold per pack, for orders placed in `span` and not cancelled: one
    GROUP BY over the lines, as many rows as packs sold (never as many as orders). Numbers only:
    the packs' names come from the catalog, a few hundred rows, rather than being carried through
    the grouping of every line."""
    lines = OrderItem.objects.filter(placed_in(span, "order__") & not_cancelled("order__"))
    if ids is not None:
        lines = lines.filter(order_id__gte=ids[0], order_id__lte=ids[1])
    return (
        lines.values("financial_id", "product_id")
        .annotate(
            packs=Sum("qty"),
            # An order holds a pack on one line (placement and packing refuse it twice): lines are orders.
            orders=Count("id"),
            paise=sql_paise_sum("line_total"),
        )
        .order_by()
    )


def pack_sales(span: Span, ids: tuple[int, int] | None = None) -> dict:
    """Sales by pack and by category, the top packs and the slow movers (three queries); `ids`
    bound the orders' ids (`order_ids`), for speed only. A pack no longer in the catalog is named
    by its product."""
    sold = list(_pack_sales_rows(span, ids))
    products = {
        product["pk"]: product
        for product in Product.objects.filter(pk__in={row["product_id"] for row in sold}).values(
            "pk", "name", "name_te", category_name=F("category__name"), category_name_te=F("category__name_te")
        )
    }
    catalog_packs = {
        pack["pk"]: pack
        for pack in Financial.objects.filter(
            Q(pk__in={row["financial_id"] for row in sold if row["financial_id"]}) | Q(count_in_stock__gt=0)
        ).values(
            "pk",
            "quantity",
            "units",
            "count_in_stock",
            brand=F("detail__brand"),
            name=F("detail__product__name"),
            name_te=F("detail__product__name_te"),
        )
    }
    categories = {pk: (product["category_name"], product["category_name_te"]) for pk, product in products.items()}

    by_category: dict[str, dict] = {}
    for row in sold:
        name, name_te = categories.get(row["product_id"], ("", ""))
        entry = by_category.setdefault(name, {"category": name, "categoryTe": name_te, "packs": 0, "paise": 0})
        entry["packs"] += row["packs"]
        entry["paise"] += row["paise"] or 0

    top = sorted(sold, key=lambda row: (-(row["paise"] or 0), -row["packs"], row["financial_id"] or 0))[:TOP_PACKS]

    sold_packs = {row["financial_id"]: row["packs"] for row in sold if row["financial_id"]}
    in_stock = [pack for pack in catalog_packs.values() if pack["count_in_stock"] > 0]
    slow = sorted(
        ({**pack, "packs": sold_packs.get(pack["pk"], 0)} for pack in in_stock),
        key=lambda pack: (pack["packs"], -pack["count_in_stock"], pack["pk"]),
    )[:SLOW_MOVERS]

    return {
        "salesByCategory": sorted(
            (
                {
                    "category": entry["category"],
                    "categoryTe": entry["categoryTe"],
                    "packs": entry["packs"],
                    "sales": to_rupees(entry["paise"]),
                }
                for entry in by_category.values()
            ),
            key=lambda entry: (-entry["sales"], entry["category"]),
        ),
        "topPacks": [
            _pack_row(row, catalog_packs.get(row["financial_id"]), products.get(row["product_id"])) for row in top
        ],
        "slowMovers": [
            {
                "packId": pack["pk"],
                "name": pack["name"],
                "nameTe": pack["name_te"],
                "brand": pack["brand"],
                "pack": pack_label(pack),
                "packsSold": pack["packs"],
                "inStock": pack["count_in_stock"],
            }
            for pack in slow
        ],
    }


def _pack_row(row: dict, pack: dict | None, product: dict | None) -> dict:
    return {
        "packId": row["financial_id"],
        "name": pack["name"] if pack else (product or {}).get("name", ""),
        "nameTe": pack["name_te"] if pack else (product or {}).get("name_te", ""),
        "brand": pack["brand"] if pack else "",
        "pack": pack_label(pack) if pack else "",
        "packsSold": row["packs"],
        "orders": row["orders"],
        "sales": to_rupees(row["paise"]),
    }


def orders_by_slot(span: Span) -> dict:
    """Orders placed in `span` and not cancelled, by the delivery window they booked (one query)."""
    rows = (
        Order.objects.filter(placed_in(span) & not_cancelled())
        .values(start=F("slot_booking__start"), end=F("slot_booking__end"))
        .annotate(orders=Count("id"))
        .order_by("start", "end")
    )
    slots, without = [], 0
    for row in rows:
        if row["start"] is None:
            without += row["orders"]
        else:
            slots.append({"start": row["start"], "end": row["end"], "orders": row["orders"]})
    return {"slots": slots, "withoutSlot": without}


def low_stock() -> list[dict]:
    """Packs at or under their threshold, as the catalog decides it (one query), named with the
    catalog's pack label as GET /api/products/low-stock names them."""
    return [
        {
            "packId": pack.pk,
            "name": pack.detail.product.name,
            "brand": pack.detail.brand,
            "pack": pack.label,
            "inStock": pack.count_in_stock,
        }
        for pack in low_stock_packs()
    ]


def days_of_cover(*, now: datetime | None = None) -> dict:
    """The packs with the fewest days of stock left at their recent rate of sale (one query: the
    sold lines grouped by pack, each row carrying its pack's count and names)."""
    today = local_today(now)
    span = Span(first=today - timedelta(days=COVER_SALES_DAYS - 1), last=today)
    rows = (
        OrderItem.objects.filter(placed_in(span, "order__") & not_cancelled("order__"), financial__isnull=False)
        .values(
            "financial_id",
            in_stock=F("financial__count_in_stock"),
            pack_quantity=F("financial__quantity"),
            pack_units=F("financial__units"),
            pack_brand=F("financial__detail__brand"),
            pack_name=F("financial__detail__product__name"),
        )
        .annotate(sold=Sum("qty"))
        .filter(sold__gt=0)
        .order_by()
    )
    covered = sorted(
        (
            {
                "packId": row["financial_id"],
                "name": row["pack_name"],
                "brand": row["pack_brand"],
                "pack": pack_label({"quantity": row["pack_quantity"], "units": row["pack_units"]}),
                "inStock": row["in_stock"],
                "soldPerDay": (Decimal(row["sold"]) / COVER_SALES_DAYS).quantize(Decimal("0.1")),
                "days": (Decimal(row["in_stock"] * COVER_SALES_DAYS) / row["sold"]).quantize(Decimal("0.1")),
            }
            for row in rows
        ),
        key=lambda row: (row["days"], -row["soldPerDay"], row["packId"]),
    )
    return {"salesDays": COVER_SALES_DAYS, "packs": covered[:COVER_PACKS]}


# The dashboard ------------------------------------------------------------------------------------


def dashboard(*, period: Period, now: datetime | None = None) -> dict:
    """Every figure of the dashboard for `period`, in the shapes the API sends."""
    span = period_span(period, now=now)
    days = order_days(span)
    orders = order_figures(days)
    tickets = ticket_figures(span, now=now)
    packs = pack_sales(span, order_ids(days))
    return {
        "period": period.value,
        "from": span.first,
        "to": span.last,
        "timeZone": settings.TIME_ZONE,
        "orders": orders["orders"],
        "sales": orders["sales"],
        "revenue": orders["sales"] - tickets["approvedAmount"],
        "averageBasket": orders["averageBasket"],
        "newCustomers": new_customers(span),
        "signUps": sign_ups(span),
        "paymentMix": orders["paymentMix"],
        "salesByChannel": orders["salesByChannel"],
        "ondc": ondc_figures(orders, span),
        **money_given_back(span),
        "cancellations": cancellations(span),
        "tickets": tickets,
        "salesByDay": sales_by_day(days),
        **packs,
        "ordersBySlot": orders_by_slot(span),
        "lowStock": low_stock(),
        "daysOfCover": days_of_cover(now=now),
    }


# Date ranges of the CSV exports --------------------------------------------------------------------

EXPORT_MAX_DAYS = 366
RANGE_DATE_INVALID = gettext_lazy("'{name}' must be a date written YYYY-MM-DD.")
RANGE_BACKWARDS = gettext_lazy("'from' must not be after 'to'.")
RANGE_TOO_LONG = gettext_lazy("A range covers at most {days} days.")


def export_span(*, first: str | None, last: str | None) -> Span:
    """The local days `first` .. `last` (YYYY-MM-DD, both included) of an export: at most
    `EXPORT_MAX_DAYS` (a year, leap day included). 400 `invalid_range` otherwise."""
    days = {}
    for name, text in (("from", first), ("to", last)):
        try:
            days[name] = date.fromisoformat(text or "")
        except ValueError:
            days[name] = None
        if days[name] is None or len(text or "") != 10:
            raise InvalidValue(str(RANGE_DATE_INVALID).format(name=name), code=BooksErrorCode.INVALID_RANGE)
    if days["from"] > days["to"]:
        raise InvalidValue(str(RANGE_BACKWARDS), code=BooksErrorCode.INVALID_RANGE)
    if (days["to"] - days["from"]).days + 1 > EXPORT_MAX_DAYS:
        raise InvalidValue(str(RANGE_TOO_LONG).format(days=EXPORT_MAX_DAYS), code=BooksErrorCode.INVALID_RANGE)
    return Span(first=days["from"], last=days["to"])
