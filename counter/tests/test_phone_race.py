"""Two cashiers taking phone orders for the last pack at the same moment (PostgreSQL row locks): the
website's placement decides, one order and one 409, and the refused one leaves no account behind."""

import pytest
from django.db import connection

from accounts.models import User
from catalog.models import Financial
from checkout.placement import Address, Totals
from common.errors import Conflict
from counter.phone_orders import Customer, PhoneLine, phone_order_place
from counter.tests.test_phone_orders import ADDRESS
from orders.models import Order
from orders.rules import SHIPPING_PRICE
from orders.tests.conftest import together

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("attempt", range(3))
def test_the_last_pack_goes_to_one_phone_order(phone_cashier, packs, attempt):
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL row locks")
    pack = packs.oil_1l
    Financial.objects.filter(pk=pack.pk).update(count_in_stock=1)

    def take(phone_no: str):
        return lambda: phone_order_place(
            cashier=phone_cashier,
            customer=Customer(phone_no=phone_no, name="Caller"),
            lines=[PhoneLine(financial_id=pack.pk, qty=1)],
            address=Address(street=ADDRESS["street"], city=ADDRESS["city"], postal_code=ADDRESS["postalCode"]),
            payment="cash",
            client_totals=Totals(pack.dprice, SHIPPING_PRICE, pack.dprice + SHIPPING_PRICE),
        )

    outcomes = together([take("9440000001"), take("9440000002")])
    refused = [outcome for outcome in outcomes if isinstance(outcome, Exception)]
    assert len(refused) == 1 and isinstance(refused[0], Conflict), outcomes
    assert refused[0].extra["code"] == "out_of_stock"
    assert Order.objects.filter(channel="phone").count() == 1
    assert Financial.objects.get(pk=pack.pk).count_in_stock == 0
    assert User.objects.filter(phone_no__startswith="944000000").count() == 1
