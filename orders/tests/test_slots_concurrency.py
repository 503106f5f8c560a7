"""On PostgreSQL: 100 shoppers booking the last 20 places of one slot at once give exactly 20 orders."""

import threading
from datetime import time
from decimal import Decimal

import pytest
from django.db import connection

from catalog.models import Category, Detail, Product
from checkout.placement import Address, LineRequest, Totals, order_place
from common.errors import Conflict
from delivery.check import delivery_check
from delivery.models import DeliveryWindow, Slot
from delivery.slots import slot_offers
from orders.models import Order, SlotBooking
from orders.tests.conftest import give_address, make_pack

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

SHOPPERS = 100
PLACES_LEFT = 20
# The PostgreSQL server is shared (max_connections 100): at most this many shoppers hold a
# connection at once; the rest wait at the door, then race like the others.
AT_ONCE = 30


# Every placement queues on the invoice number's row, so 30 at once on a loaded 2-core machine can
# wait past the shop's 3 s lock_timeout (a shopper would get the busy answer and try again). This
# test is about the slot's capacity: each thread's connection waits up to 30 s, and is reset before
# it goes back to the pool.
PATIENT = "SET lock_timeout = '30s'"
IMPATIENT_AGAIN = "RESET lock_timeout"


def test_100_shoppers_for_the_last_20_places_give_exactly_20_orders(make_user):
    for weekday in range(7):
        DeliveryWindow.objects.create(weekday=weekday, start=time(7), end=time(10), capacity=30, cutoff_hours=0)
        DeliveryWindow.objects.create(weekday=weekday, start=time(16), end=time(19), capacity=30, cutoff_hours=0)
    offer = next(offer for offer in slot_offers() if offer.choosable)
    Slot.objects.create(window=offer.window, date=offer.date, booked=30 - PLACES_LEFT)
    category = Category.objects.create(key="rice", name="RICE", sequence=1)
    product = Product.objects.create(name="Rice", slug="rice", category=category, image="/r.svg", hsn_code="1006")
    # Each shopper buys a pack of their own, so the slot is the only thing they queue for.
    packs = [
        make_pack(Detail.objects.create(product=product, brand=f"B{i}"), "1", "kg", "90", "90", 5)
        for i in range(SHOPPERS)
    ]
    shoppers = [give_address(make_user(f"91{i:08d}")) for i in range(SHOPPERS)]
    delivery_check(pincode="533201")

    door = threading.BoundedSemaphore(AT_ONCE)
    start = threading.Barrier(SHOPPERS)
    outcomes: list = [None] * SHOPPERS

    def book(index: int) -> None:
        user, pack = shoppers[index], packs[index]
        start.wait(timeout=60)
        with door:
            try:
                with connection.cursor() as cursor:
                    cursor.execute(PATIENT)
                outcomes[index] = order_place(
                    user=user,
                    items=[LineRequest(product.pk, pack.detail_id, pack.pk, 1)],
                    shipping_address=Address(user.street, user.city, user.postal_code),
                    payment_method="Cash Or UPI",
                    client_totals=Totals(Decimal("90.00"), Decimal("0.00"), Decimal("90.00")),
                    delivery_slot=offer.id,
                )
            except Exception as error:  # noqa: BLE001 - kept and asserted on below
                outcomes[index] = error
            finally:
                with connection.cursor() as cursor:
                    cursor.execute(IMPATIENT_AGAIN)
                connection.close()

    threads = [threading.Thread(target=book, args=(index,)) for index in range(SHOPPERS)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a placement hung"

    placed = [outcome for outcome in outcomes if isinstance(outcome, Order)]
    refused = [outcome for outcome in outcomes if isinstance(outcome, Conflict)]
    assert len(placed) == PLACES_LEFT, [repr(o) for o in outcomes if not isinstance(o, (Order, Conflict))][:3]
    assert len(refused) == SHOPPERS - PLACES_LEFT
    assert {error.extra["code"] for error in refused} == {"slot_full"}
    assert all(error.extra["nextSlot"]["id"] != offer.id for error in refused)
    assert Slot.objects.get(window=offer.window, date=offer.date).booked == 30
    assert SlotBooking.objects.filter(slot__window=offer.window, slot__date=offer.date).count() == PLACES_LEFT
    assert Order.objects.count() == PLACES_LEFT
