"""On PostgreSQL: staff changing the same line at the same moment make one change, once."""

from decimal import Decimal

import pytest

from aftersale.packing import order_line_remove, order_line_replace, order_line_set_qty
from catalog.models import Financial
from orders.models import CreditNote, Order, OrderItem, OrderLineChange
from orders.tests.conftest import together
from payments.models import Payment, Refund
from payments.tests.test_refunds import pay_in_sandbox

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

STAFF = 5


@pytest.fixture
def paid_order(shopper, place_order, packs):
    """An Online order of 3 × rice 5 kg and 1 × oil (1,342.50), paid in the sandbox."""
    order = place_order(shopper, (packs.rice_5kg, 3), (packs.oil_1l, 1), method="Online")
    pay_in_sandbox(order)
    return order


def stock(pack: Financial) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


def test_staff_reducing_the_same_line_at_once_reduce_it_once(paid_order, packs, make_user):
    staff = [make_user(f"97000000{index:02d}", is_staff=True) for index in range(STAFF)]
    item = OrderItem.objects.get(order=paid_order, financial=packs.rice_5kg)

    outcomes = together(
        [lambda by=by: order_line_set_qty(order=paid_order, item=item.pk, qty=1, by=by) for by in staff]
    )

    assert not [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert stock(packs.rice_5kg) == 24  # 25 - 3 + 2
    assert OrderItem.objects.get(pk=item.pk).qty == 1
    assert OrderLineChange.objects.count() == 1 and CreditNote.objects.count() == 1
    assert list(Refund.objects.values_list("amount_paise", flat=True)) == [79800]
    assert Payment.objects.get(order=paid_order).refunded_paise == 79800
    assert Order.objects.get(pk=paid_order.pk).total_price == Decimal("544.50")


def test_staff_removing_reducing_and_replacing_the_same_line_at_once_apply_one_after_another(
    paid_order, packs, make_user
):
    first, second, third = (make_user(f"970000010{index}", is_staff=True) for index in range(3))
    item = OrderItem.objects.get(order=paid_order, financial=packs.rice_5kg)

    outcomes = together(
        [
            lambda: order_line_remove(order=paid_order, item=item.pk, by=first),
            lambda: order_line_replace(
                order=paid_order, item=item.pk, financial=packs.rice_other_brand, qty=3, by=second
            ),
            lambda: order_line_set_qty(order=paid_order, item=item.pk, qty=2, by=third),
        ]
    )

    # Each change is applied under the order's lock to the line as the one before it left it: a
    # reduction to 2 may come first and a removal of what is left after it (two changes), or the
    # removal or replacement first and the others find the line gone (one). Never a change applied
    # to a line another change had already altered, so the money adds up either way.
    changes = list(OrderLineChange.objects.all())
    assert 1 <= len(changes) <= 2
    taken_off = sum(change.amount for change in changes)
    saved = Order.objects.get(pk=paid_order.pk)
    placed = Decimal("1342.50")
    assert saved.total_price == placed - taken_off
    refunded = sum(Refund.objects.values_list("amount_paise", flat=True))
    assert refunded == int(taken_off * 100) == Payment.objects.get(order=paid_order).refunded_paise
    on_shelf = {pack.pk: stock(pack) for pack in (packs.rice_5kg, packs.rice_other_brand)}
    in_order = {
        pack.pk: sum(OrderItem.objects.filter(order=saved, financial=pack).values_list("qty", flat=True))
        for pack in (packs.rice_5kg, packs.rice_other_brand)
    }
    assert on_shelf[packs.rice_5kg.pk] + in_order[packs.rice_5kg.pk] == 25
    assert on_shelf[packs.rice_other_brand.pk] + in_order[packs.rice_other_brand.pk] == 10
    assert sum(1 for outcome in outcomes if isinstance(outcome, Order)) >= 1
