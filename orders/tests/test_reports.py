"""The dashboard's figures (`orders.reports`) on a small hand-made shop, to the paisa, for today and
the last 7 and 30 days; and the number of queries, which does not grow with the orders."""

import itertools
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from catalog.models import Detail, Financial
from catalog.tests.factories import make_category, make_product
from orders import reports
from orders.models import DeliveryWindow, Order, OrderItem, Slot, SlotBooking
from payments.models import Payment, Refund, StoreCreditAccount, StoreCreditEntry
from support.models import Ticket

pytestmark = pytest.mark.django_db

_numbers = itertools.count(1)


def local(day: date, hour: int, minute: int = 0) -> datetime:
    return timezone.make_aware(datetime.combine(day, time(hour, minute)), timezone.get_default_timezone())


def today() -> date:
    return reports.local_today()


def days_ago(n: int) -> date:
    return today() - timedelta(days=n)


def pack(detail: Detail, quantity: str, stock: int) -> Financial:
    return Financial.objects.create(
        detail=detail, quantity=Decimal(quantity), units="kg", price=100, dprice=90, count_in_stock=stock
    )


def order(user, *, at: datetime, method: str, lines, shipping="0", cancelled_at=None, paid=False) -> Order:
    """An order as placement leaves it: lines `(pack, qty, line_total)`, items = the lines' sum."""
    items = sum((Decimal(total) for _, _, total in lines), Decimal("0"))
    shipping = Decimal(shipping)
    number = next(_numbers)
    made = Order.objects.create(
        invoice_number=f"TEST-{number:06d}",
        user=user,
        shipping_street="1 Main Road",
        shipping_city="Amalapuram",
        shipping_postal_code="533201",
        payment_method=method,
        items_price=items,
        shipping_price=shipping,
        total_price=items + shipping,
        status=Order.Status.CANCELLED if cancelled_at else Order.Status.PLACED,
        cancelled_at=cancelled_at,
        is_paid=paid,
        paid_at=at if paid else None,
        created_at=at,
    )
    for financial, qty, total in lines:
        OrderItem.objects.create(
            order=made,
            financial=financial,
            product_id=financial.detail.product_id,
            brand_id=financial.detail_id,
            name=financial.detail.product.name,
            brand=financial.detail.brand,
            quantity=format(financial.quantity.normalize(), "f"),
            units=financial.units,
            mrp=100,
            price=Decimal(total) / qty,
            qty=qty,
            line_total=Decimal(total),
        )
    return made


CASH, ONLINE = Order.PaymentMethod.CASH_OR_UPI, Order.PaymentMethod.ONLINE


@dataclass
class Shop:
    packs: dict
    orders: dict
    users: dict


@pytest.fixture
def shop(make_user) -> Shop:
    rice = make_product("Sona Rice", category=make_category("RICE"), brands={})
    oil = make_product("Sunflower Oil", category=make_category("OIL"), brands={})
    Financial.objects.all().delete()  # the factory's own packs
    sona = Detail.objects.create(product=rice, brand="India Gate")
    sunflower = Detail.objects.create(product=oil, brand="Fortune")
    packs = {
        "f1": pack(sona, "5", 50),
        "f2": pack(sona, "1", 40),
        "f3": pack(sunflower, "1", 30),
        "f4": pack(sunflower, "5", 20),  # in stock, never sold: the slowest mover
        "f5": pack(sunflower, "2", 0),  # out of stock: not a slow mover
    }
    a, b, c = make_user(name="Asha"), make_user(name="Bhanu"), make_user(name="Chitra")
    f1, f2, f3 = packs["f1"], packs["f2"], packs["f3"]
    orders = {
        "o0": order(a, at=local(days_ago(40), 9), method=CASH, lines=[(f1, 1, "10.00")]),
        "o5": order(b, at=local(days_ago(10), 9), method=CASH, lines=[(f1, 1, "99.99")]),
        "o4": order(a, at=local(days_ago(3), 9), method=ONLINE, lines=[(f3, 3, "300.33")]),
        "o1": order(
            a, at=local(today(), 1), method=CASH, shipping="20", lines=[(f1, 1, "60.05"), (f2, 2, "40.05")]
        ),
        "o2": order(
            b, at=local(today(), 2), method=ONLINE, paid=True, lines=[(f1, 2, "120.10"), (f3, 1, "79.90")]
        ),
        "o3": order(
            c, at=local(today(), 3), method=CASH, cancelled_at=local(today(), 4), lines=[(f2, 1, "50.00")]
        ),
    }
    window = DeliveryWindow.objects.create(weekday=0, start=time(7), end=time(10), capacity=20)
    slot = Slot.objects.create(window=window, date=today(), booked=1)
    SlotBooking.objects.create(order=orders["o1"], slot=slot, date=today(), start=time(7), end=time(10))

    payment = Payment.objects.create(
        order=orders["o2"], gateway="sandbox", amount=200, status="charged", captured_paise=20000, refunded_paise=2005
    )
    Refund.objects.create(order=orders["o2"], payment=payment, amount_paise=1505, reason="short")
    Refund.objects.create(order=orders["o2"], payment=payment, amount_paise=500, reason="x", state="failed")
    account = StoreCreditAccount.objects.create(user=a, balance_paise=750)
    for kind, paise, after in (("grant", 1000, 1000), ("refund", 250, 1250), ("spend", -500, 750)):
        StoreCreditEntry.objects.create(account=account, kind=kind, amount_paise=paise, balance_after_paise=after)
    StoreCreditEntry.objects.filter(account=account, kind="grant").update(created_at=local(days_ago(45), 9))
    StoreCreditEntry.objects.create(
        account=account, kind="grant", amount_paise=1000, balance_after_paise=1750, created_at=local(today(), 0, 5)
    )

    now = timezone.now()
    Ticket.objects.create(number="T-1", user=a, order=orders["o1"], opened_at=now - timedelta(hours=50))
    Ticket.objects.create(number="T-2", user=b, order=orders["o2"], opened_at=now - timedelta(hours=1))
    Ticket.objects.create(
        number="T-3",
        user=b,
        order=orders["o2"],
        status="approved",
        amount_approved=Decimal("20.05"),
        resolved_at=now,
        opened_at=now - timedelta(hours=3),
    )
    return Shop(packs=packs, orders=orders, users={"a": a, "b": b, "c": c})


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
        {"category": "RICE", "packs": 5, "sales": Decimal("220.20")},
        {"category": "OIL", "packs": 1, "sales": Decimal("79.90")},
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
    assert figures["salesByCategory"][0] == {"category": "OIL", "packs": 4, "sales": Decimal("380.23")}


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


def test_low_stock_comes_from_the_catalog_when_it_has_it(shop, monkeypatch):
    import catalog.selectors

    monkeypatch.setattr(catalog.selectors, "low_stock_packs", lambda: [shop.packs["f5"]], raising=False)
    assert reports.low_stock() == [
        {"packId": shop.packs["f5"].pk, "name": "Sunflower Oil", "brand": "Fortune", "pack": "2 kg", "inStock": 0}
    ]
    monkeypatch.delattr(catalog.selectors, "low_stock_packs")
    assert reports.low_stock() is None


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
    assert before <= 12
