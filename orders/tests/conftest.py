"""Catalog packs, customers with a deliverable saved address, order payloads as the cart sends them,
and delivery windows for the slot tests."""

from dataclasses import dataclass
from datetime import time
from decimal import Decimal

import pytest

from catalog.models import Category, Detail, Financial, Product
from delivery.models import DeliveryWindow

DAY_WINDOWS = ((time(7), time(10)), (time(10), time(13)), (time(16), time(19)))
DELIVERABLE = {"street": "12 Main Road", "city": "Amalapuram", "postal_code": "533201"}


@dataclass
class Packs:
    """Rice (HSN 1006) and oil (HSN 1512) are both taxed at 5 %."""

    rice_5kg: Financial  # India Gate Sona Masoori Rice, 399.00 (MRP 450.00), 25 in stock
    rice_1kg: Financial  # same brand, 90.00 (MRP 100.00), 3 in stock
    rice_other_brand: Financial  # Daawat Sona Masoori Rice 5 kg, 420.00
    oil_1l: Financial  # Fortune Sunflower Oil 1 L, 145.50 (MRP 160.00), 40 in stock


def make_pack(detail: Detail, quantity: str, units: str, price: str, dprice: str, stock: int) -> Financial:
    price_d, dprice_d = Decimal(price), Decimal(dprice)
    discount = round((price_d - dprice_d) / price_d * 100) if price_d else 0
    return Financial.objects.create(
        detail=detail,
        quantity=Decimal(quantity),
        units=units,
        price=price_d,
        dprice=dprice_d,
        discount=discount,
        count_in_stock=stock,
    )


@pytest.fixture
def packs(db) -> Packs:
    staples = Category.objects.create(key="rice-pulses", name="RICE & PULSES", sequence=1)
    oils = Category.objects.create(key="oils", name="OILS", sequence=2)
    rice = Product.objects.create(
        name="Sona Masoori Rice",
        slug="sona-masoori-rice",
        category=staples,
        image="/media/rice.svg",
        hsn_code="1006",
        gst_rate=5,
    )
    oil = Product.objects.create(
        name="Sunflower Oil", slug="sunflower-oil", category=oils, image="/media/oil.svg", hsn_code="1512", gst_rate=5
    )
    india_gate = Detail.objects.create(product=rice, brand="India Gate", images=["/media/india-gate-rice.svg"])
    daawat = Detail.objects.create(product=rice, brand="Daawat", images=[])
    fortune = Detail.objects.create(product=oil, brand="Fortune", images=["/media/fortune-oil.svg"])
    return Packs(
        rice_5kg=make_pack(india_gate, "5", "kg", "450.00", "399.00", 25),
        rice_1kg=make_pack(india_gate, "1", "kg", "100.00", "90.00", 3),
        rice_other_brand=make_pack(daawat, "5", "kg", "480.00", "420.00", 10),
        oil_1l=make_pack(fortune, "1", "L", "160.00", "145.50", 40),
    )


def give_address(user, **overrides):
    for field, value in {**DELIVERABLE, **overrides}.items():
        setattr(user, field, value)
    user.save()
    return user


@pytest.fixture
def shopper(customer):
    """The customer, with a deliverable saved address."""
    return give_address(customer)


@pytest.fixture
def other_shopper(other_customer):
    return give_address(other_customer, street="7 Temple Street", city="Kakinada", postal_code="533001")


def line(pack: Financial, qty=1, **extra) -> dict:
    """A cart line as the browser posts it (extra cart fields are ignored by the server)."""
    return {
        "productId": str(pack.detail.product_id),
        "brandId": str(pack.detail_id),
        "financialId": str(pack.pk),
        "qty": qty,
        "name": pack.detail.product.name,
        "price": f"{pack.price:.2f}",
        "dprice": f"{pack.dprice:.2f}",
        **extra,
    }


def payload(lines: list[dict], user, *, method: str = "Cash Or UPI", total: str | None = None, **overrides) -> dict:
    """An order body whose totals are the packs' current prices unless `total` says otherwise."""
    if total is None:
        computed = sum(
            Financial.objects.get(pk=int(item["financialId"])).dprice * item["qty"]
            for item in lines
            if isinstance(item["qty"], int) and not isinstance(item["qty"], bool)
        )
        total = f"{Decimal(computed):.2f}"
    body = {
        "orderItems": lines,
        "shippingAddress": {"street": user.street, "city": user.city, "postalCode": user.postal_code},
        "paymentMethod": method,
        "itemsPrice": total,
        "shippingPrice": "0.00",
        "totalPrice": total,
    }
    body.update(overrides)
    return body


@pytest.fixture
def place_order(packs):
    """place_order(user, (pack, qty), ...) → a placed Order, through the real service."""
    from checkout.placement import Address, LineRequest, Totals, order_place

    def place(user, *lines, method: str = "Cash Or UPI"):
        lines = lines or ((packs.oil_1l, 1),)
        total = sum((pack.dprice * qty for pack, qty in lines), Decimal("0.00"))
        return order_place(
            user=user,
            items=[
                LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=qty)
                for pack, qty in lines
            ],
            shipping_address=Address(street=user.street, city=user.city, postal_code=user.postal_code),
            payment_method=method,
            client_totals=Totals(items_price=total, shipping_price=Decimal("0.00"), total_price=total),
        )

    return place


def windows_but_on(day, *, capacity: int = 50) -> list[DeliveryWindow]:
    """Windows on every weekday but `day`'s, for a test that books its orders into its own window of
    `day`'s weekday after placing them: placement books the next free slot of the coming days at the
    real time, and with only that one weekday's window it found none from that day's cutoff until
    three days before the next (the pick-list tests failed on Friday evenings)."""
    return make_windows(capacity=capacity, weekdays=[weekday for weekday in range(7) if weekday != day.weekday()])


def make_windows(*, capacity: int = 5, cutoff_hours: int = 2, weekdays=range(7)) -> list[DeliveryWindow]:
    """7-10, 10-13 and 16-19 on each of `weekdays`."""
    return [
        DeliveryWindow.objects.create(
            weekday=weekday, start=start, end=end, capacity=capacity, cutoff_hours=cutoff_hours
        )
        for weekday in weekdays
        for start, end in DAY_WINDOWS
    ]


@pytest.fixture
def windows(db) -> list[DeliveryWindow]:
    return make_windows()


def together(calls) -> list:
    """Run each call in its own thread, all released at once; the result or exception of each
    (the race tests, on PostgreSQL)."""
    import threading

    from django.db import connection

    start = threading.Barrier(len(calls))
    outcomes: list = [None] * len(calls)

    def run(index: int, call) -> None:
        try:
            start.wait(timeout=30)
            outcomes[index] = call()
        except Exception as error:  # noqa: BLE001 - kept and asserted on by the test
            outcomes[index] = error
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(index, call)) for index, call in enumerate(calls)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a racing call hung"
    return outcomes
