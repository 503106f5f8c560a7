"""A small hand-made shop for the dashboard's tests (`backoffice.reports`): three shoppers, five packs in
two categories, six orders over 40 days (one cancelled, one with a slot), refunds, store credit and
tickets; every figure of it worked out by hand in test_reports.py."""

import itertools
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from decimal import Decimal

from django.utils import timezone

from backoffice import reports
from catalog.models import Detail, Financial
from catalog.tests.factories import make_category, make_product
from delivery.models import DeliveryWindow, Slot
from demo.orders import new_line, new_order
from orders.models import Order, SlotBooking
from payments.models import Payment, Refund, StoreCreditAccount, StoreCreditEntry
from support.models import Ticket

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
    status = Order.Status.CANCELLED if cancelled_at else Order.Status.PLACED
    made = new_order(
        invoice_number=f"TEST-{number:06d}",
        user=user,
        method=method,
        items=items,
        shipping=shipping,
        placed=at,
        status=status,
        cancelled_at=cancelled_at,
        is_paid=paid,
        paid_at=at if paid else None,
    )
    made.save()
    for financial, qty, total in lines:
        new_line(made, financial, qty, line_total=Decimal(total)).save()
    return made


CASH, ONLINE = Order.PaymentMethod.CASH_OR_UPI, Order.PaymentMethod.ONLINE


@dataclass
class Shop:
    packs: dict
    orders: dict
    users: dict


def build_shop(make_user) -> Shop:
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
        "o1": order(a, at=local(today(), 1), method=CASH, shipping="20", lines=[(f1, 1, "60.05"), (f2, 2, "40.05")]),
        "o2": order(b, at=local(today(), 2), method=ONLINE, paid=True, lines=[(f1, 2, "120.10"), (f3, 1, "79.90")]),
        "o3": order(c, at=local(today(), 3), method=CASH, cancelled_at=local(today(), 4), lines=[(f2, 1, "50.00")]),
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
