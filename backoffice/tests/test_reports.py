"""The dashboard's figures (`backoffice.reports`) on a small hand-made shop, to the paisa, for today and
the last 7 and 30 days; and the number of queries, which does not grow with the orders."""

from datetime import time
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from backoffice import reports
from backoffice.tests.report_data import CASH, ONLINE, Shop, build_shop, days_ago, local, order, today
from delivery.models import Slot
from orders.models import SlotBooking

pytestmark = pytest.mark.django_db


@pytest.fixture
def shop(make_user) -> Shop:
    return build_shop(make_user)


def test_today(shop):
    figures = reports.dashboard(period=reports.Period.TODAY)

    assert figures["from"] == figures["to"] == today()
    assert figures["orders"] == 3
    assert figures["sales"] == Decimal("320.10")  # o1 120.10 + o2 200.00; o3 is cancelled
    assert figures["revenue"] == Decimal("300.05")  # less the problem report's 20.05
    assert figures["averageBasket"] == Decimal("160.05")
    assert figures["newCustomers"] == 1  # Chitra; Asha and Bhanu ordered before today
    assert figures["signUps"] == 3
    assert figures["paymentMix"] == [
        {"method": "cash", "orders": 1, "sales": Decimal("120.10")},
        {"method": "online", "orders": 1, "sales": Decimal("200.00")},
    ]
    assert figures["refunds"] == {"count": 1, "amount": Decimal("15.05")}  # the failed one is not money back
    assert figures["creditGiven"] == {"count": 2, "amount": Decimal("12.50")}  # grant + refund; spend is not
    assert figures["cancellations"] == 1
    tickets = figures["tickets"]
    assert (tickets["open"], tickets["oldestAgeHours"], tickets["acknowledgeOverdue"]) == (2, 50, 1)
    assert (tickets["resolveOverdue"], tickets["approvedInPeriod"], tickets["approvedAmount"]) == (
        0,
        1,
        Decimal("20.05"),
    )
    assert figures["salesByDay"] == [{"date": today(), "orders": 2, "sales": Decimal("320.10")}]
    assert figures["salesByCategory"] == [
        {"category": "RICE", "categoryTe": "", "packs": 5, "sales": Decimal("220.20")},
        {"category": "OIL", "categoryTe": "", "packs": 1, "sales": Decimal("79.90")},
    ]
    packs = shop.packs
    assert [(row["packId"], row["packsSold"], row["sales"]) for row in figures["topPacks"]] == [
        (packs["f1"].pk, 3, Decimal("180.15")),
        (packs["f3"].pk, 1, Decimal("79.90")),
        (packs["f2"].pk, 2, Decimal("40.05")),
    ]
    assert figures["topPacks"][0] == {
        "packId": packs["f1"].pk,
        "name": "Sona Rice",
        "nameTe": "",
        "brand": "India Gate",
        "pack": "5 kg",
        "packsSold": 3,
        "orders": 2,
        "sales": Decimal("180.15"),
    }
    assert [row["packId"] for row in figures["slowMovers"]] == [packs[name].pk for name in ("f4", "f3", "f2", "f1")]
    assert figures["slowMovers"][0] == {
        "packId": packs["f4"].pk,
        "name": "Sunflower Oil",
        "nameTe": "",
        "brand": "Fortune",
        "pack": "5 kg",
        "packsSold": 0,
        "inStock": 20,
    }
    assert figures["ordersBySlot"] == {"slots": [{"start": time(7), "end": time(10), "orders": 1}], "withoutSlot": 1}


def test_seven_days(shop):
    figures = reports.dashboard(period=reports.Period.WEEK)

    assert (figures["from"], figures["to"]) == (days_ago(6), today())
    assert figures["orders"] == 4
    assert figures["sales"] == Decimal("620.43")
    assert figures["averageBasket"] == Decimal("206.81")
    assert figures["newCustomers"] == 1  # Bhanu's first order was 10 days ago
    assert [row["date"] for row in figures["salesByDay"]] == [days_ago(n) for n in range(6, -1, -1)]
    by_day = {row["date"]: (row["orders"], row["sales"]) for row in figures["salesByDay"]}
    assert by_day[days_ago(3)] == (1, Decimal("300.33"))
    assert by_day[days_ago(1)] == (0, Decimal("0.00"))
    assert figures["salesByCategory"][0] == {
        "category": "OIL",
        "categoryTe": "",
        "packs": 4,
        "sales": Decimal("380.23"),
    }


def test_thirty_days(shop):
    figures = reports.dashboard(period=reports.Period.MONTH)

    assert figures["orders"] == 5
    assert figures["sales"] == Decimal("720.42")
    assert figures["averageBasket"] == Decimal("180.11")  # 180.105, halves up
    assert figures["newCustomers"] == 2  # Bhanu and Chitra; Asha's first order was 40 days ago
    assert figures["creditGiven"] == {"count": 2, "amount": Decimal("12.50")}  # the grant 45 days ago is out
    assert len(figures["salesByDay"]) == 30


def test_a_day_is_a_day_in_india(shop, make_user):
    """An order at 00:30 IST is today's though it is still yesterday in UTC."""
    early = local(today(), 0, 30)
    order(make_user(), at=early, method=CASH, lines=[(shop.packs["f2"], 1, "1.00")])
    assert reports.dashboard(period=reports.Period.TODAY)["orders"] == 4
    assert reports.period_span(reports.Period.TODAY).start == local(today(), 0)


def test_an_empty_shop_has_zeros(db):
    figures = reports.dashboard(period=reports.Period.TODAY)
    assert (figures["orders"], figures["sales"], figures["averageBasket"]) == (0, Decimal("0.00"), Decimal("0.00"))
    assert figures["tickets"]["oldestAgeHours"] is None
    assert figures["salesByDay"] == [{"date": today(), "orders": 0, "sales": Decimal("0.00")}]


def test_low_stock_is_the_catalogs_named_as_its_api_names_them(shop):
    from catalog.selectors import low_stock_packs
    from catalog.serializers import low_stock_data

    rows = reports.low_stock()

    assert {
        "packId": shop.packs["f5"].pk,
        "name": "Sunflower Oil",
        "brand": "Fortune",
        "pack": "2 kg",
        "inStock": 0,
    } in rows
    catalogs = low_stock_data(low_stock_packs())["packs"]
    assert [(row["packId"], row["pack"]) for row in rows] == [(int(pack["_id"]), pack["pack"]) for pack in catalogs]


def queries_for(period) -> int:
    with CaptureQueriesContext(connection) as captured:
        reports.dashboard(period=period)
    return len(captured)


@pytest.mark.parametrize("period", list(reports.Period))
def test_the_queries_do_not_grow_with_the_orders(shop, make_user, period, django_assert_max_num_queries):
    before = queries_for(period)
    for n in range(12):
        buyer = make_user()
        placed = order(
            buyer,
            at=local(today(), 0, n),
            method=ONLINE if n % 2 else CASH,
            lines=[(shop.packs["f1"], 1, "10.00"), (shop.packs["f4"], 2, "5.00")],
        )
        SlotBooking.objects.create(
            order=placed, slot=Slot.objects.get(), date=today(), start=time(7 + n % 3), end=time(10)
        )

    with django_assert_max_num_queries(before):
        figures = reports.dashboard(period=period)
    assert figures["orders"] >= 15
    assert before <= 14  # 13, and one for the ONDC fees (`reports.network_fees`)


def test_a_pack_gone_from_the_catalog_is_named_by_its_product(shop):
    shop.packs["f2"].delete()  # its lines keep their sales, with no pack

    top = reports.dashboard(period=reports.Period.TODAY)["topPacks"]

    assert top[-1] == {
        "packId": None,
        "name": "Sona Rice",
        "nameTe": "",
        "brand": "",
        "pack": "",
        "packsSold": 2,
        "orders": 1,
        "sales": Decimal("40.05"),
    }


def test_the_channels_add_up_to_the_sales_to_the_paisa(shop):
    from orders.models import Order

    Order.objects.filter(pk=shop.orders["o1"].pk).update(channel=Order.Channel.COUNTER)
    Order.objects.filter(pk=shop.orders["o4"].pk).update(channel=Order.Channel.PHONE)
    Order.objects.filter(pk=shop.orders["o3"].pk).update(channel=Order.Channel.COUNTER)  # cancelled: not a sale

    for period in reports.Period:
        figures = reports.dashboard(period=period)
        channels = {row["channel"]: row for row in figures["salesByChannel"]}
        assert set(channels) == set(Order.Channel.values)
        assert sum(row["sales"] for row in channels.values()) == figures["sales"]
    week = {
        row["channel"]: (row["orders"], row["sales"])
        for row in reports.dashboard(period=reports.Period.WEEK)["salesByChannel"]
    }
    assert week["counter"] == (1, Decimal("120.10"))
    assert week["phone"] == (1, Decimal("300.33"))
    assert week["website"] == (1, Decimal("200.00"))
    assert week["ondc"] == (0, Decimal("0.00"))


def test_days_of_cover_are_the_stock_over_the_last_28_days_sales_lowest_first(shop):
    """Sold in the last 28 days, cancelled orders and the 40-day-old one left out: f1 4 packs (50 on
    the shelf), f2 2 (40), f3 4 (30); f4 and f5 sold nothing and are never short."""
    packs = shop.packs
    cover = reports.dashboard(period=reports.Period.TODAY)["daysOfCover"]
    assert cover["salesDays"] == 28
    assert [(row["packId"], row["inStock"], row["days"]) for row in cover["packs"]] == [
        (packs["f3"].pk, 30, Decimal("210.0")),  # 30 ÷ (4 / 28)
        (packs["f1"].pk, 50, Decimal("350.0")),
        (packs["f2"].pk, 40, Decimal("560.0")),
    ]
    assert cover["packs"][0] | {"soldPerDay": None} == {
        "packId": packs["f3"].pk,
        "name": "Sunflower Oil",
        "brand": "Fortune",
        "pack": packs["f3"].label,
        "inStock": 30,
        "soldPerDay": None,
        "days": Decimal("210.0"),
    }
    # A pack sold out that still sells has no cover at all, and leads the list.
    type(packs["f2"]).objects.filter(pk=packs["f2"].pk).update(count_in_stock=0)
    first = reports.days_of_cover()["packs"][0]
    assert (first["packId"], first["days"]) == (packs["f2"].pk, Decimal("0.0"))


def test_the_dashboard_api_sends_the_days_of_cover(shop, make_user):
    from conftest import client_for

    answer = client_for(make_user(is_staff=True)).get("/api/reports/dashboard")
    assert answer.status_code == 200, answer.content
    cover = answer.json()["daysOfCover"]
    assert cover["salesDays"] == 28
    assert [(row["packId"], row["days"]) for row in cover["packs"]][0] == (shop.packs["f3"].pk, 210.0)


def test_categories_and_packs_carry_their_telugu_names(shop):
    """The dashboard names them in Telugu on a Telugu page (issue 45); the figures come with both names."""
    from catalog.models import Category, Product

    Category.objects.filter(name="RICE").update(name_te="బియ్యం")
    Product.objects.filter(name="Sona Rice").update(name_te="సోనా బియ్యం")
    figures = reports.dashboard(period=reports.Period.TODAY)

    assert figures["salesByCategory"][0]["categoryTe"] == "బియ్యం"
    assert figures["topPacks"][0]["nameTe"] == "సోనా బియ్యం"
    slow = {row["name"]: row["nameTe"] for row in figures["slowMovers"]}
    assert slow["Sona Rice"] == "సోనా బియ్యం" and slow["Sunflower Oil"] == ""
