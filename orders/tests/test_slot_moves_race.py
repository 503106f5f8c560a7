"""On PostgreSQL: moves and bookings racing for a slot's last place queue on the slots' locks, so
the slot never takes more than its capacity (issue 45)."""

from decimal import Decimal

import pytest

from common.errors import Conflict
from delivery.models import Slot
from delivery.slots import STAFF_DAYS, slot_capacity_set, slot_offers
from orders.models import Order
from orders.slot_moves import orders_slot_move
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


RACERS, PLACES = 8, 3


def test_eight_moves_for_the_last_three_places_give_three_moves_and_five_409s(
    windows, shopper, admin_user, place_order
):
    orders = [place_order(shopper) for _ in range(RACERS)]  # the first slot takes 5, the next 3
    target = [offer for offer in slot_offers(days=STAFF_DAYS) if offer.choosable][2]
    slot_capacity_set(slot=target.id, capacity=PLACES)

    outcomes = together(
        [
            lambda order=order: orders_slot_move(invoice_numbers=[order.invoice_number], to=target.id, by=admin_user)
            for order in orders
        ]
    )

    refused = [outcome for outcome in outcomes if isinstance(outcome, Conflict)]
    moved = [number for outcome in outcomes if not isinstance(outcome, Exception) for number in outcome.moved]
    assert (len(moved), len(refused)) == (PLACES, RACERS - PLACES), outcomes
    assert {error.extra["code"] for error in refused} == {"slot_full"}
    assert Slot.objects.get(window=target.window, date=target.date).booked == PLACES
    assert sum(Slot.objects.values_list("booked", flat=True)) == RACERS
    in_target = Order.objects.filter(slot_booking__slot__window=target.window, slot_booking__date=target.date)
    assert sorted(in_target.values_list("invoice_number", flat=True)) == sorted(moved)


def test_a_move_and_a_booking_for_the_last_place_give_it_once(
    windows, shopper, other_shopper, admin_user, place_order, packs
):
    from checkout.placement import Address, LineRequest, Totals, order_place

    waiting = place_order(shopper)
    source, target = [offer for offer in slot_offers(days=STAFF_DAYS) if offer.choosable][:2]
    slot_capacity_set(slot=target.id, capacity=1)
    pack = packs.oil_1l

    def book():
        return order_place(
            user=other_shopper,
            items=[
                LineRequest(product_id=pack.detail.product_id, brand_id=pack.detail_id, financial_id=pack.pk, qty=1)
            ],
            shipping_address=Address(
                street=other_shopper.street, city=other_shopper.city, postal_code=other_shopper.postal_code
            ),
            payment_method="Cash Or UPI",
            client_totals=Totals(items_price=pack.dprice, shipping_price=Decimal("0.00"), total_price=pack.dprice),
            delivery_slot=target.id,
        )

    outcomes = together(
        [
            lambda: orders_slot_move(invoice_numbers=[waiting.invoice_number], to=target.id, by=admin_user),
            book,
        ]
    )

    assert sum(isinstance(outcome, Conflict) for outcome in outcomes) == 1, outcomes
    assert Slot.objects.get(window=target.window, date=target.date).booked == 1
    assert Order.objects.filter(slot_booking__slot__window=target.window, slot_booking__date=target.date).count() == 1
