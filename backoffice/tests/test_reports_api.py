"""The dashboard's API and its CSV exports, admins only: the figures as JSON, the exports streamed,
text cells that a spreadsheet would run defused, and clear 400s for a bad range."""

import csv
import io
from datetime import timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from backoffice import report_csv
from backoffice.tests.report_data import ONLINE, Shop, build_shop, days_ago, local, order, today
from conftest import client_for

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(make_user) -> Shop:
    return build_shop(make_user)


@pytest.fixture
def admin(admin_user):
    return client_for(admin_user)


def test_the_dashboard_answers_every_figure_as_json(shop, admin):
    body = admin.get("/api/reports/dashboard", {"period": "today"}).json()

    assert (body["period"], body["from"], body["to"]) == ("today", today().isoformat(), today().isoformat())
    assert (body["orders"], body["sales"], body["revenue"], body["averageBasket"]) == (3, 320.1, 300.05, 160.05)
    assert body["paymentMix"][1] == {"method": "online", "orders": 1, "sales": 200}
    assert body["refunds"] == {"count": 1, "amount": 15.05}
    assert body["ordersBySlot"] == {"slots": [{"start": "07:00", "end": "10:00", "orders": 1}], "withoutSlot": 1}
    assert body["salesByDay"] == [{"date": today().isoformat(), "orders": 2, "sales": 320.1}]
    assert body["tickets"]["open"] == 2
    assert "lowStock" in body


def test_the_period_defaults_to_today_and_must_be_known(shop, admin):
    assert admin.get("/api/reports/dashboard").json()["period"] == "today"
    response = admin.get("/api/reports/dashboard", {"period": "week"})
    assert response.status_code == 400
    assert response.json() == {"message": "'period' must be one of today, 7d or 30d.", "code": "invalid_period"}


def rows_of(response) -> list[list[str]]:
    assert response.streaming
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


def test_the_orders_export_has_a_row_per_order_of_the_range(shop, admin):
    response = admin.get(
        "/api/reports/orders.csv", {"from": days_ago(3).isoformat(), "to": today().isoformat()}, HTTP_ACCEPT="text/csv"
    )

    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        f'attachment; filename="orders-{days_ago(3):%Y-%m-%d}-to-{today():%Y-%m-%d}.csv"'
    )
    header, *rows = rows_of(response)
    assert header[:3] == ["Invoice number", "Order id", "Placed at"]
    assert [row[0] for row in rows] == [shop.orders[name].invoice_number for name in ("o4", "o1", "o2", "o3")]
    o1 = rows[1]
    assert o1[2] == f"{today():%Y-%m-%d} 01:00"  # the shop's time
    assert o1[3:] == [
        "Asha",
        shop.users["a"].phone_no,
        "placed",
        "Cash Or UPI",
        "no",
        "100.10",
        "20.00",
        "120.10",
        "0.00",
        "Amalapuram",
        "533201",
        today().isoformat(),
        "07:00-10:00",
        "website",
    ]
    assert rows[3][5] == "cancelled"


def test_the_sales_by_pack_export_sums_the_packs_of_orders_not_cancelled(shop, admin):
    header, *rows = rows_of(admin.get("/api/reports/sales-by-pack.csv", {"from": today(), "to": today()}))

    assert header == ["Pack id", "Product", "Brand", "Pack", "Packs sold", "Orders", "Sales"]
    packs = shop.packs
    assert rows == [
        [str(packs["f1"].pk), "Sona Rice", "India Gate", "5 kg", "3", "2", "180.15"],
        [str(packs["f3"].pk), "Sunflower Oil", "Fortune", "1 kg", "1", "1", "79.90"],
        [str(packs["f2"].pk), "Sona Rice", "India Gate", "1 kg", "2", "1", "40.05"],
    ]


@pytest.mark.parametrize("start", ["=", "+", "-", "@", "\t"])
def test_a_cell_a_spreadsheet_would_run_is_defused(shop, admin, start):
    shop.users["a"].name = f'{start}HYPERLINK("http://evil","x")'
    shop.users["a"].save(update_fields=["name"])

    _, *rows = rows_of(admin.get("/api/reports/orders.csv", {"from": today(), "to": today()}))

    assert rows[0][3] == f'\'{start}HYPERLINK("http://evil","x")'
    assert report_csv.safe_cell(Decimal("-1.50")) == Decimal("-1.50")  # numbers stay numbers


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ({}, "'from' must be a date written YYYY-MM-DD."),
        ({"from": "2026-11-01"}, "'to' must be a date written YYYY-MM-DD."),
        ({"from": "2026-13-01", "to": "2026-11-30"}, "'from' must be a date written YYYY-MM-DD."),
        ({"from": "20261101", "to": "2026-11-30"}, "'from' must be a date written YYYY-MM-DD."),
        ({"from": "2026-11-30", "to": "2026-11-01"}, "'from' must not be after 'to'."),
        ({"from": "2025-01-01", "to": "2026-01-02"}, "A range covers at most 366 days."),
    ],
)
@pytest.mark.parametrize("export", ["orders", "sales-by-pack"])
def test_a_bad_range_is_a_clear_400(admin, export, query, message):
    response = admin.get(f"/api/reports/{export}.csv", query, HTTP_ACCEPT="text/csv")

    assert response.status_code == 400
    assert response["Content-Type"] == "application/json"
    assert response.json() == {"message": message, "code": "invalid_range"}


def test_a_leap_year_fits(admin):
    assert admin.get("/api/reports/orders.csv", {"from": "2028-01-01", "to": "2028-12-31"}).status_code == 200


def test_the_export_reads_its_rows_as_it_sends_them(shop, admin, monkeypatch, make_user):
    """Nothing is read before the body is: the response streams rows from an iterator, a chunk at
    a time, and the number of queries does not grow with the orders."""
    monkeypatch.setattr(report_csv, "CHUNK_SIZE", 2)
    seen = []
    original = report_csv.Order.objects.filter

    def spying_filter(*args, **kwargs):
        queryset = original(*args, **kwargs)
        iterator = type(queryset).iterator

        class Spy(type(queryset)):
            def iterator(self, chunk_size=None):
                seen.append(chunk_size)
                return iterator(self, chunk_size=chunk_size)

        queryset.__class__ = Spy
        return queryset

    monkeypatch.setattr(report_csv.Order.objects, "filter", spying_filter)
    with CaptureQueriesContext(connection) as before_body:
        response = admin.get("/api/reports/orders.csv", {"from": today() - timedelta(days=30), "to": today()})
    assert not any("orders_order" in query["sql"] for query in before_body.captured_queries)

    with CaptureQueriesContext(connection) as reading:
        rows = rows_of(response)
    assert len(rows) == 1 + 5 and seen == [2]
    few = len(reading)

    for n in range(10):
        order(make_user(), at=local(today(), 5, n), method=ONLINE, lines=[(shop.packs["f1"], 1, "1.00")])
    with CaptureQueriesContext(connection) as reading_more:
        assert len(rows_of(admin.get("/api/reports/orders.csv", {"from": today(), "to": today()}))) == 1 + 13
    assert len(reading_more) <= few + 2  # the user and the chunked reads on PostgreSQL, never one per order
