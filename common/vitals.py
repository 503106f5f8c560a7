"""Real shoppers' Core Web Vitals (issue 34, field data), kept as counts and nothing else.

A page sends one beacon when it is hidden (frontend/src/lib/vitals.js): the page's kind (`home`,
`product`...; never its URL), the language, the connection's effective type and up to a few
metrics (LCP, INP, CLS, FCP, TTFB) with their values. Each value is counted into a bucket of a
fixed, roughly logarithmic scale of its metric, one row per (day, page, metric, bucket, language,
connection). No address, user, user agent, URL or time of day is kept: a row is a count.

Writing is one statement per beacon, an UPSERT that adds to the counts (`INSERT ... ON CONFLICT
DO UPDATE SET count = count + excluded.count`, the same text on PostgreSQL and SQLite): the
database adds under its row lock, so concurrent beacons lose nothing. It costs about what queuing a
Celery task would (one round trip), without a broker that can be down or a second process to run.
At much higher traffic than a grocery shop's, the hot rows (today's home LCP) would be counted in
Redis and flushed by beat instead.

Reading (`vitals_p75`) adds the days up per page and metric in one query and reads the 75th
percentile off the histogram, interpolated inside its bucket (so it is within one bucket's width,
about 19 %, of the exact figure), and the share of good, needs-improvement and poor values, exact
because web-vitals' thresholds are edges of the scale.

THE SCALES MUST NOT CHANGE once data is kept: a row stores its bucket's index. A new scale needs a
new metric name or a migration that moves the counts.
"""

from __future__ import annotations

import json
import math
from bisect import bisect_left
from collections import Counter
from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.db import connection
from django.db.models import Sum
from django.utils import timezone
from django.utils.translation import gettext_lazy

from common.errors import InvalidValue

# The kinds of page (shop/pages.py's Page.name, the `page-<name>` class of base.html's <body>).
# shop/tests/test_vitals_pages.py fails when a page is added there and not here.
PAGES = (
    "home",
    "search",
    "category",
    "product",
    "cart",
    "login",
    "register",
    "shipping",
    "payment",
    "placeorder",
    "order",
    "order_report",
    "profile",
    "payment_success",
    "payment_failure",
    "terms",
    "privacy",
    "refund_policy",
    "shipping_policy",
    "payment_terms",
    "grievance",
    "admin_orderlist",
    "admin_counter",
    "admin_productlist",
    "admin_product_edit",
    "admin_userlist",
    "admin_user_edit",
    "admin_tickets",
    "admin_slots",
    "admin_picking",
    "admin_picklist",
    "admin_packingslips",
    "admin_deliverysheet",
    "admin_dashboard",
    "admin_books",
    "admin_stock",
    "admin_phone_order",
    "admin_rider",
)
CONNECTIONS = ("slow-2g", "2g", "3g", "4g")  # NetworkInformation.effectiveType; "" when the browser has none
MAX_BODY_BYTES = 4096
MAX_METRICS = 10  # one of each, and those of a page restored from the back/forward cache
KEEP_DAYS = 90


@dataclass(frozen=True)
class Metric:
    name: str
    good: float  # web-vitals 6's thresholds: good up to and including `good`,
    poor: float  # poor above `poor`, needs improvement between
    most: float  # anything larger is not a measurement (400)
    unit: str  # "ms", or "" for CLS
    edges: tuple[float, ...] = ()  # bucket i holds (edges[i-1], edges[i]]; bucket 0 holds exactly 0

    def bucket(self, value: float) -> int:
        return bisect_left(self.edges, value)

    def rating(self, value: float) -> str:
        return "good" if value <= self.good else "needs-improvement" if value <= self.poor else "poor"


def _scale(first: float, most: float, *thresholds: float) -> tuple[float, ...]:
    """0, then `first` growing by 2**(1/4) (19 %) a step, rounded to two significant digits, up to
    `most`, with the thresholds as edges too so that a bucket is wholly good, middling or poor."""
    edges = {0.0, float(most), *map(float, thresholds)}
    step = 0
    while (value := first * 2 ** (step / 4)) < most:
        edges.add(float(f"{value:.2g}"))
        step += 1
    return tuple(sorted(edges))


def _metric(name: str, good: float, poor: float, most: float, unit: str, first: float) -> Metric:
    return Metric(name, good, poor, most, unit, _scale(first, most, good, poor))


METRICS: dict[str, Metric] = {
    metric.name: metric
    for metric in (
        _metric("LCP", 2500, 4000, 120_000, "ms", 10),
        _metric("INP", 200, 500, 60_000, "ms", 10),
        _metric("CLS", 0.1, 0.25, 100, "", 0.001),
        _metric("FCP", 1800, 3000, 120_000, "ms", 10),
        _metric("TTFB", 800, 1800, 120_000, "ms", 10),
    )
}
RATINGS = ("good", "needs-improvement", "poor")
# What a browser reports at worst (issue 46.6: forged LCPs of minutes set home's p75 to 66 s). The
# scales above reach further and stay as they are (kept rows store their bucket); a value past
# these is refused as not a measurement.
PLAUSIBLE = {"LCP": 60_000, "INP": 20_000, "CLS": 10, "FCP": 60_000, "TTFB": 60_000}


def largest_accepted(metric: Metric) -> float:
    """The largest value of `metric` a beacon may carry: what the server accepts and what the
    beacon's published schema says (`common.vitals_api`), one figure for both."""
    return min(metric.most, PLAUSIBLE[metric.name])


BAD_BEACON = gettext_lazy("This is not a web vitals report.")
TOO_LARGE = gettext_lazy("The report is too large.")
UNKNOWN_PAGE = gettext_lazy("Unknown page.")
UNKNOWN_METRIC = gettext_lazy("Unknown metric.")
BAD_VALUE = gettext_lazy("A metric's value is out of range.")
BAD_DAYS = gettext_lazy("days must be a whole number from 1 to 90.")


@dataclass(frozen=True)
class Beacon:
    """One page view's report, validated: what `vitals_record` counts."""

    page: str
    language: str
    connection: str
    samples: tuple[tuple[str, float], ...]  # (metric name, value)


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def beacon_parse(raw: bytes) -> Beacon:
    """The beacon's body (JSON, sent as text/plain or application/json) checked field by field;
    InvalidValue (400) for anything that is not exactly a report. Unknown fields are refused too,
    so that nothing personal can be slipped in unseen."""
    if len(raw) > MAX_BODY_BYTES:
        raise InvalidValue(TOO_LARGE)
    try:
        body = json.loads(raw)
    except (ValueError, RecursionError):
        raise InvalidValue(BAD_BEACON) from None
    if not isinstance(body, dict) or set(body) - {"page", "language", "connection", "metrics"}:
        raise InvalidValue(BAD_BEACON)
    page, language, network = body.get("page"), body.get("language"), body.get("connection", "")
    metrics = body.get("metrics")
    if page not in PAGES:
        raise InvalidValue(UNKNOWN_PAGE)
    if language not in [code for code, _ in settings.LANGUAGES] or network not in ("", *CONNECTIONS):
        raise InvalidValue(BAD_BEACON)
    if not isinstance(metrics, list) or not 1 <= len(metrics) <= MAX_METRICS:
        raise InvalidValue(BAD_BEACON)
    samples = []
    for item in metrics:
        if not isinstance(item, dict) or set(item) - {"name", "value", "rating"}:
            raise InvalidValue(BAD_BEACON)
        name = item.get("name")
        metric = METRICS.get(name) if isinstance(name, str) else None  # {} or [] would not hash
        if metric is None:
            raise InvalidValue(UNKNOWN_METRIC)
        value = item.get("value")
        if not _is_number(value) or not 0 <= value <= largest_accepted(metric):
            raise InvalidValue(BAD_VALUE)
        # The browser's rating is checked for form only: the share of each rating is read off the
        # buckets with the server's thresholds.
        if "rating" in item and item["rating"] not in RATINGS:
            raise InvalidValue(BAD_BEACON)
        samples.append((metric.name, float(value)))
    return Beacon(page=page, language=language, connection=network, samples=tuple(samples))


def vitals_record(*, beacon: Beacon, day: date | None = None) -> None:
    """Adds the beacon's values to the day's counts: one UPSERT statement, whatever the number of
    metrics (values that share a bucket are added up first: one statement may touch a row once)."""
    from common.models import VitalCount

    day = day or timezone.localdate()
    counts = Counter((name, METRICS[name].bucket(value)) for name, value in beacon.samples)
    if not counts:
        return
    table = connection.ops.quote_name(VitalCount._meta.db_table)
    q = connection.ops.quote_name
    key = [q(column) for column in ("day", "page", "metric", "bucket", "language", "connection")]
    rows = ", ".join(["(%s, %s, %s, %s, %s, %s, %s)"] * len(counts))
    params: list = []
    for (name, bucket), count in counts.items():
        params += [day, beacon.page, name, bucket, beacon.language, beacon.connection, count]
    sql = (
        f"INSERT INTO {table} ({', '.join(key)}, {q('count')}) VALUES {rows} "
        f"ON CONFLICT ({', '.join(key)}) DO UPDATE SET {q('count')} = {table}.{q('count')} + excluded.{q('count')}"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, params)


def vitals_purge(*, keep_days: int = KEEP_DAYS, today: date | None = None) -> int:
    """Drops the counts of days older than `keep_days` (Celery beat, daily); how many rows went."""
    from common.models import VitalCount

    today = today or timezone.localdate()
    deleted, _ = VitalCount.objects.filter(day__lte=today - timedelta(days=keep_days)).delete()
    return deleted


@dataclass(frozen=True)
class MetricSummary:
    metric: str
    unit: str
    p75: float
    count: int
    good: float  # shares, 0 to 1
    needs_improvement: float
    poor: float

    @property
    def rating(self) -> str:
        return METRICS[self.metric].rating(self.p75)


@dataclass(frozen=True)
class PageVitals:
    page: str
    count: int  # the most samples of any of its metrics: about the page views that reported
    metrics: dict[str, MetricSummary]


def percentile(metric: Metric, counts: dict[int, int], fraction: float = 0.75) -> float:
    """The `fraction` percentile of a histogram of `metric` ({bucket: count}), interpolated linearly
    inside the bucket it falls in."""
    total = sum(counts.values())
    rank = fraction * total
    seen = 0
    for bucket in sorted(counts):
        count = counts[bucket]
        if count and seen + count >= rank:
            high = metric.edges[bucket]
            low = metric.edges[bucket - 1] if bucket else high
            return low + (high - low) * (rank - seen) / count
        seen += count
    return 0.0


def summarize(metric: Metric, counts: dict[int, int]) -> MetricSummary:
    total = sum(counts.values())
    good = sum(n for b, n in counts.items() if metric.edges[b] <= metric.good)
    poor = sum(n for b, n in counts.items() if b and metric.edges[b - 1] >= metric.poor)
    p75 = percentile(metric, counts)
    return MetricSummary(
        metric=metric.name,
        unit=metric.unit,
        p75=round(p75, 3) if metric.unit == "" else round(p75),
        count=total,
        good=round(good / total, 3),
        needs_improvement=round((total - good - poor) / total, 3),
        poor=round(poor / total, 3),
    )


def vitals_days(value) -> int:
    """The `days` of a report: a whole number from 1 to KEEP_DAYS, or InvalidValue."""
    text = str(value).strip()
    if text == "":
        return 28
    try:
        days = int(text)
    except ValueError:
        raise InvalidValue(BAD_DAYS) from None
    if not 1 <= days <= KEEP_DAYS:
        raise InvalidValue(BAD_DAYS)
    return days


def vitals_p75(*, days: int = 28, today: date | None = None) -> list[PageVitals]:
    """Per page (most reported first) and per metric: p75, samples, good / needs improvement /
    poor shares over the last `days` days, today included. One query."""
    from common.models import VitalCount

    today = today or timezone.localdate()
    rows = (
        VitalCount.objects.filter(day__gt=today - timedelta(days=days), day__lte=today)
        .values_list("page", "metric", "bucket")
        .annotate(total=Sum("count"))
        .order_by()
    )
    histograms: dict[str, dict[str, dict[int, int]]] = {}
    for page, name, bucket, total in rows:
        if name in METRICS and 0 <= bucket < len(METRICS[name].edges):
            histograms.setdefault(page, {}).setdefault(name, {})[bucket] = total
    result = []
    for page, by_metric in histograms.items():
        metrics = {name: summarize(METRICS[name], by_metric[name]) for name in METRICS if by_metric.get(name)}
        result.append(PageVitals(page=page, count=max(m.count for m in metrics.values()), metrics=metrics))
    return sorted(result, key=lambda page: (-page.count, page.page))
