"""`{% load vitals %}{% vitals_table days=28 %}`: the shoppers' Core Web Vitals table for a staff
page (templates/includes/vitals_table.html), p75 per page and metric from `common.vitals`.

Pages render the same shell for everyone here (the login is the browser's), so the tag draws the
table only for a request whose user is active staff (a Django session, as on /staff/) and nothing
otherwise; `GET /api/reports/vitals` is the same figures behind a Bearer token.
"""

from django import template

from common import vitals

register = template.Library()


def vitals_table_context(pages: list[vitals.PageVitals], *, days: int) -> dict:
    """What the partial shows: one row per page, one cell per metric in a fixed order."""
    names = list(vitals.METRICS)
    rows = [
        {"page": page.page, "count": page.count, "cells": [page.metrics.get(name) for name in names]} for page in pages
    ]
    return {"vitals_metrics": names, "vitals_rows": rows, "vitals_days": days, "vitals_allowed": True}


@register.inclusion_tag("includes/vitals_table.html", takes_context=True)
def vitals_table(context, days: int = 28) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    if not (user and user.is_active and user.is_staff):
        return {"vitals_allowed": False}
    return vitals_table_context(vitals.vitals_p75(days=days), days=days) | {"request": request}


@register.filter
def vital_value(summary: vitals.MetricSummary) -> str:
    """A p75 as staff read it: 180 ms, 2.4 s, 0.05."""
    if summary.unit == "":
        return f"{summary.p75:.2f}"
    if summary.p75 >= 1000:
        return f"{summary.p75 / 1000:.1f} s"
    return f"{summary.p75:.0f} ms"


@register.filter
def percent(share: float) -> str:
    return f"{share * 100:.0f}%"
