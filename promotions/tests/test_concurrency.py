"""On PostgreSQL: deliveries confirmed at the same moment never give more coupons than the cap."""

import threading

import pytest
from django.db import connection

from promotions.models import Reward
from promotions.services import rewards_sync_order
from promotions.tests.conftest import india, make_order, shoppers

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

CAP = 5
CUSTOMERS = 24
MONTHS = (10, 9, 8)  # one race per month: without the promotion's row lock, one of them over-gives


def race(order_ids: list[int]) -> list[Exception]:
    start = threading.Barrier(len(order_ids))
    errors: list[Exception] = []

    def deliver(order_id: int) -> None:
        try:
            start.wait(timeout=30)
            rewards_sync_order(order_id=order_id)
        except Exception as error:  # noqa: BLE001 - asserted on by the test
            errors.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=deliver, args=(order_id,)) for order_id in order_ids]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert not any(thread.is_alive() for thread in threads), "a delivery hung"
    return errors


def test_concurrent_deliveries_give_exactly_the_cap_of_coupons(gold):
    gold.monthly_cap = CAP
    gold.save()
    customers = shoppers(CUSTOMERS)
    for month in MONTHS:
        orders = [
            make_order(customer, "3500", status="delivered", paid=True, at=india(2026, month, 5))
            for customer in customers
        ]
        # The same customer twice at once must not get two coupons either.
        orders.append(make_order(customers[0], "3500", status="delivered", paid=True, at=india(2026, month, 6)))
        assert race([order.pk for order in orders]) == []
        coupons = Reward.objects.filter(promotion=gold, month=f"2026-{month:02d}-01", prize=Reward.Prize.COUPON)
        assert coupons.count() == CAP
        assert coupons.values("customer").distinct().count() == CAP
