"""On PostgreSQL: the shopper and staff cancelling the same paid order at once give one
cancellation, one refund, one credit note, and the stock back once; placements racing for one
balance of store credit never spend more than it."""

from decimal import Decimal

import pytest

from aftersale.cancellation import order_cancel
from catalog.models import Financial
from checkout.placement import Address, LineRequest, Totals, order_place
from common.errors import Conflict
from orders.models import CreditNote, Order, OrderEvent
from orders.tests.conftest import together
from payments.credit import credit_balance, credit_grant
from payments.gateways.sandbox import SandboxGateway
from payments.models import Refund, StoreCreditEntry
from payments.services import payment_confirm, payment_initiate

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def test_racing_cancels_of_a_paid_order_refund_it_once(shopper, admin_user, packs, place_order):
    order = place_order(shopper, (packs.oil_1l, 3), method="Online")  # 436.50
    payment, _ = payment_initiate(user=shopper, public_id=order.public_id)
    SandboxGateway.settle(gateway_order_id=payment.gateway_order_id, pay=True)
    payment_confirm(payment=payment, source="return")
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 37

    def by(user, index):
        return lambda: order_cancel(order=Order.objects.get(pk=order.pk), reason=f"try {index}", by=user)

    outcomes = together([by(shopper if i % 2 else admin_user, i) for i in range(6)])

    won = [outcome for outcome in outcomes if isinstance(outcome, Order)]
    lost = [outcome for outcome in outcomes if not isinstance(outcome, Order)]
    assert len(won) == 1, outcomes
    assert all(isinstance(error, Conflict) and error.extra["code"] == "invalid_transition" for error in lost), lost
    assert Financial.objects.get(pk=packs.oil_1l.pk).count_in_stock == 40
    assert [refund.amount_paise for refund in Refund.objects.filter(order=order)] == [43650]
    assert CreditNote.objects.filter(order=order).count() == 1
    assert OrderEvent.objects.filter(order=order, to_status="cancelled").count() == 1


def test_placements_racing_for_one_balance_never_spend_more_than_it(make_user, packs):
    from orders.tests.conftest import give_address

    shopper = give_address(make_user("9000000050"))
    credit_grant(user=shopper, amount=Decimal("200.00"), reason="Goodwill")
    pack = packs.oil_1l  # 145.50

    def buy():
        return order_place(
            user=shopper,
            items=[LineRequest(pack.detail.product_id, pack.detail_id, pack.pk, 1)],
            shipping_address=Address(shopper.street, shopper.city, shopper.postal_code),
            payment_method="Cash Or UPI",
            client_totals=Totals(pack.dprice, Decimal("0.00"), pack.dprice),
            store_credit=pack.dprice,
        )

    from delivery.check import delivery_check

    delivery_check(pincode="533201")  # the pincode tables loaded before the threads start
    outcomes = together([buy for _ in range(4)])

    placed = [outcome for outcome in outcomes if isinstance(outcome, Order)]
    refused = [outcome for outcome in outcomes if not isinstance(outcome, Order)]
    assert all(isinstance(error, Conflict) and error.extra["code"] == "insufficient_credit" for error in refused), (
        refused
    )
    spent = -sum(StoreCreditEntry.objects.filter(kind="spend").values_list("amount_paise", flat=True))
    assert spent == sum(int(order.store_credit_applied * 100) for order in placed) <= 20000
    assert credit_balance(user=shopper) == Decimal("200.00") - Decimal(spent) / 100 >= 0
