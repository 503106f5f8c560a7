"""Every reward rule of issue 15, at its edges, through `rewards_sync_order` (and once end to end
through the order pipeline's `order_changed`)."""

from datetime import UTC
from decimal import Decimal

import pytest

from aftersale.cancellation import order_cancel
from orders.pipeline import order_advance
from promotions.models import Reward
from promotions.services import rewards_sync_order
from promotions.tests.conftest import india, make_order, shoppers

pytestmark = pytest.mark.django_db

Prize, Status = Reward.Prize, Reward.Status


def settle(order):
    rewards_sync_order(order_id=order.pk)
    return order


def prizes(order) -> dict[str, tuple[int, str]]:
    return {r.prize: (r.quantity, r.status) for r in Reward.objects.filter(order=order).exclude(prize=Prize.COUPON)}


def coupons(user=None):
    found = Reward.objects.filter(prize=Prize.COUPON)
    return found.filter(customer=user) if user is not None else found


@pytest.mark.parametrize(
    ("total", "expected"),
    [
        ("1999.99", {}),
        ("2000.00", {Prize.EARPHONES: (1, Status.CONFIRMED)}),
        ("4999.99", {Prize.EARPHONES: (1, Status.CONFIRMED)}),
        ("5000.00", {Prize.SILVER_COIN: (1, Status.CONFIRMED), Prize.EARPHONES: (1, Status.CONFIRMED)}),
        ("9999.99", {Prize.SILVER_COIN: (1, Status.CONFIRMED), Prize.EARPHONES: (1, Status.CONFIRMED)}),
        ("10000.00", {Prize.SILVER_COIN: (2, Status.CONFIRMED), Prize.EARPHONES: (1, Status.CONFIRMED)}),
    ],
)
def test_silver_coins_and_earphones_at_every_edge(customer, silver, total, expected):
    order = settle(make_order(customer, total, status="delivered", paid=True))
    assert prizes(order) == expected


def test_rewards_are_pending_on_the_way_and_confirmed_only_when_delivered_and_paid(customer, silver):
    order = settle(make_order(customer, "5200", status="dispatched"))
    assert prizes(order) == {Prize.SILVER_COIN: (1, Status.PENDING), Prize.EARPHONES: (1, Status.PENDING)}

    order.status, order.delivered_at = "delivered", order.dispatched_at
    order.save()
    settle(order)
    assert {status for _q, status in prizes(order).values()} == {Status.PENDING}, "delivered, cash not collected"

    order.is_paid, order.paid_at = True, order.delivered_at
    order.save()
    settle(order)
    settle(order)  # again: nothing changes
    assert prizes(order) == {Prize.SILVER_COIN: (1, Status.CONFIRMED), Prize.EARPHONES: (1, Status.CONFIRMED)}
    assert Reward.objects.filter(order=order).exclude(prize=Prize.COUPON).count() == 2


def test_a_cancelled_order_loses_its_pending_rewards_and_never_counts(customer, gold, silver):
    order = settle(make_order(customer, "6000", status="packed"))
    assert len(prizes(order)) == 2

    order.status, order.cancelled_at = "cancelled", order.packed_at
    order.save()
    settle(order)
    assert prizes(order) == {}
    assert not coupons().exists()


def test_exactly_the_threshold_earns_no_coupon_and_a_paisa_more_does(make_user, gold):
    at_line, over_line = make_user(), make_user()
    settle(make_order(at_line, "3000.00", status="delivered", paid=True, at=india(2026, 11, 10)))
    settle(make_order(over_line, "3000.01", status="delivered", paid=True, at=india(2026, 11, 10)))
    assert not coupons(at_line).exists()
    coupon = coupons(over_line).get()
    assert (coupon.month.isoformat(), coupon.status) == ("2026-11-01", Status.CONFIRMED)


def test_two_orders_of_a_month_together_cross_the_line_once(customer, gold):
    first = settle(make_order(customer, "1800", status="delivered", paid=True, at=india(2026, 11, 3)))
    assert not coupons(customer).exists()
    second = settle(make_order(customer, "1300", status="delivered", paid=True, at=india(2026, 11, 20)))
    settle(make_order(customer, "4000", status="delivered", paid=True, at=india(2026, 11, 25)))
    coupon = coupons(customer).get()
    assert coupon.order_id == second.pk and first.pk != second.pk


def test_orders_on_the_way_or_unpaid_do_not_count_toward_the_coupon(customer, gold):
    settle(make_order(customer, "2000", status="delivered", paid=True, at=india(2026, 11, 3)))
    settle(make_order(customer, "2000", status="dispatched", at=india(2026, 11, 4)))
    settle(make_order(customer, "2000", status="delivered", paid=False, at=india(2026, 11, 5)))
    assert not coupons(customer).exists()


def test_an_order_delivered_on_the_first_of_the_next_month_counts_for_that_month(customer, gold):
    """Placed on 31 October, delivered at 00:30 on 1 November India time (still 31 October in UTC)."""
    settle(make_order(customer, "2000", status="delivered", paid=True, at=india(2026, 10, 20)))
    late = make_order(customer, "1500", status="delivered", paid=True, at=india(2026, 11, 1, 0, 30))
    assert late.delivered_at.astimezone(UTC).date().isoformat() == "2026-10-31"
    settle(late)
    assert not coupons(customer).exists(), "October's ₹2000 and November's ₹1500 are separate months"
    settle(make_order(customer, "1500.01", status="delivered", paid=True, at=india(2026, 11, 30, 23, 59)))
    assert coupons(customer).get().month.isoformat() == "2026-11-01"


def test_only_the_first_fifty_customers_of_a_month_get_a_coupon(gold):
    customers = shoppers(51)
    for minute, customer in enumerate(customers):
        settle(make_order(customer, "3500", status="delivered", paid=True, at=india(2026, 11, 5, 10, minute)))
    assert coupons().filter(month="2026-11-01").count() == 50
    assert not coupons(customers[-1]).exists(), "the 51st customer gets none"
    # A new month starts a new count.
    settle(make_order(customers[-1], "3500", status="delivered", paid=True, at=india(2026, 12, 1, 9)))
    assert coupons(customers[-1]).get().month.isoformat() == "2026-12-01"


def test_thresholds_and_cap_are_data_staff_change(customer, gold, silver):
    gold.monthly_threshold, gold.monthly_cap = Decimal("1000.00"), 1
    gold.save()
    silver.coin_step, silver.earphones_threshold = Decimal("1000.00"), Decimal("500.00")
    silver.save()
    order = settle(make_order(customer, "2000.00", status="delivered", paid=True))
    assert prizes(order)[Prize.SILVER_COIN] == (2, Status.CONFIRMED)
    assert coupons(customer).count() == 1


def test_a_switched_off_or_ended_promotion_gives_nothing(customer, gold, silver):
    silver.is_active = False
    silver.save()
    gold.ends_on = gold.starts_on
    gold.save()
    order = settle(make_order(customer, "8000", status="delivered", paid=True, at=india(2026, 11, 5)))
    assert prizes(order) == {}
    assert not coupons().exists()


def test_the_order_pipeline_announces_every_change_after_commit(
    customer, admin_user, silver, gold, django_capture_on_commit_callbacks
):
    order = make_order(customer, "5000", status="placed")
    with django_capture_on_commit_callbacks(execute=True):
        order_advance(order=order, to_status="packed", by=admin_user)
    assert prizes(order) == {Prize.SILVER_COIN: (1, Status.PENDING), Prize.EARPHONES: (1, Status.PENDING)}
    with django_capture_on_commit_callbacks(execute=True):
        order_cancel(order=order, reason="Customer asked", by=admin_user)
    assert prizes(order) == {}


def test_delivery_and_cash_payment_confirm_through_the_pipeline(
    customer, admin_user, silver, gold, django_capture_on_commit_callbacks
):
    from orders.services import order_record_cash_payment

    order = make_order(customer, "3200", status="dispatched")
    with django_capture_on_commit_callbacks(execute=True):
        order_advance(order=order, to_status="delivered", by=admin_user)
    assert prizes(order) == {Prize.EARPHONES: (1, Status.PENDING)}
    with django_capture_on_commit_callbacks(execute=True):
        order_record_cash_payment(order=order, by=admin_user)
    assert prizes(order) == {Prize.EARPHONES: (1, Status.CONFIRMED)}
    assert coupons(customer).count() == 1
