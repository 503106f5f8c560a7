"""Store credit at checkout (issue 25): the quote checkout shows is what placement charges; the
debit commits with the order or not at all; an order the credit pays in full is paid; payments ask
for what is left to pay; cancelling gives the credit back once."""

from decimal import Decimal

import pytest

from orders.models import Order
from orders.tests.conftest import line, payload
from payments.credit import credit_balance, credit_grant
from payments.credit import credit_to_apply as store_credit_to_apply
from payments.models import StoreCreditEntry

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("wanted", "balance", "total", "applied"),
    [
        (None, "50", "291", "0"),
        ("0", "50", "291", "0"),
        ("-5", "50", "291", "0"),
        ("30", "50", "291", "30"),
        ("80", "50", "291", "50"),
        ("500", "900", "291", "291"),
    ],
)
def test_the_rule_is_the_least_of_wanted_balance_and_total(wanted, balance, total, applied):
    wanted = None if wanted is None else Decimal(wanted)
    assert store_credit_to_apply(wanted=wanted, balance=Decimal(balance), total=Decimal(total)) == Decimal(applied)


def quote(as_user, user, total):
    return as_user(user).get("/api/orders/store-credit", {"total": total})


def place(as_user, user, lines, **extra):
    return as_user(user).post("/api/orders", payload(lines, user, **extra), format="json")


def test_what_checkout_shows_is_what_the_order_charges(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("120.50"), reason="Goodwill")
    shown = quote(as_user, shopper, "291.00")
    assert shown.status_code == 200 and shown.json() == {"balance": 120.5, "applicable": 120.5, "toPay": 170.5}

    answer = place(as_user, shopper, [line(packs.oil_1l, 2)], storeCredit=shown.json()["applicable"])

    assert answer.status_code == 201, answer.json()
    order = answer.json()
    assert (order["totalPrice"], order["storeCreditApplied"], order["amountDue"]) == (291, 120.5, 170.5)
    assert order["amountDue"] == shown.json()["toPay"] and order["isPaid"] is False
    assert credit_balance(user=shopper) == 0
    spend = StoreCreditEntry.objects.get(kind="spend")
    assert (spend.amount_paise, spend.order.public_id) == (-12050, order["_id"])


def test_online_payment_asks_for_what_is_left_to_pay(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("91.00"), reason="Goodwill")
    order = place(as_user, shopper, [line(packs.oil_1l, 2)], method="Online", storeCredit=91).json()
    start = "/api/payments/initiateJuspayPayment"
    wrong = as_user(shopper).post(start, {"order_id": order["_id"], "amount": 291}, format="json")
    right = as_user(shopper).post(start, {"order_id": order["_id"], "amount": 200}, format="json")
    assert wrong.status_code == 400 and right.status_code == 200, (wrong.json(), right.json())


def test_the_server_uses_no_more_than_the_balance(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("40.00"), reason="Goodwill")
    order = place(as_user, shopper, [line(packs.oil_1l, 2)], storeCredit=100).json()
    assert (order["storeCreditApplied"], order["amountDue"]) == (40, 251)
    assert credit_balance(user=shopper) == 0


def test_an_order_the_credit_covers_is_paid_at_placement(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("500.00"), reason="Goodwill")
    order = place(as_user, shopper, [line(packs.oil_1l, 2)], method="Online", storeCredit=500).json()
    saved = Order.objects.get(public_id=order["_id"])
    assert (order["storeCreditApplied"], order["amountDue"], order["isPaid"]) == (291, 0, True)
    assert saved.payment_reference == f"CREDIT-{saved.invoice_number}" and saved.paid_at is not None
    assert credit_balance(user=shopper) == Decimal("209.00")


def test_a_refused_order_debits_nothing(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("50.00"), reason="Goodwill")
    answer = place(as_user, shopper, [line(packs.rice_1kg, 4)], storeCredit=50)  # only 3 in stock
    assert answer.status_code == 409
    assert credit_balance(user=shopper) == Decimal("50.00")
    assert not StoreCreditEntry.objects.filter(kind="spend").exists()


@pytest.mark.parametrize("value", [-1, "abc", True])
def test_a_bad_store_credit_is_a_clear_400(as_user, shopper, packs, value):
    answer = place(as_user, shopper, [line(packs.oil_1l, 1)], storeCredit=value)
    assert answer.status_code == 400 and answer.json()["message"]
    assert not Order.objects.exists()


def test_clients_that_send_no_store_credit_use_none(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("50.00"), reason="Goodwill")
    order = place(as_user, shopper, [line(packs.oil_1l, 1)]).json()
    assert (order["storeCreditApplied"], order["amountDue"]) == (0, 145.5)
    assert credit_balance(user=shopper) == Decimal("50.00")


def test_cancelling_gives_the_credit_back_once(as_user, shopper, packs):
    credit_grant(user=shopper, amount=Decimal("500.00"), reason="Goodwill")
    order = place(as_user, shopper, [line(packs.oil_1l, 2)], storeCredit=500).json()
    cancel = f"/api/orders/{order['_id']}/cancel"
    assert as_user(shopper).put(cancel, {}, format="json").status_code == 200
    assert as_user(shopper).put(cancel, {}, format="json").status_code == 409
    assert credit_balance(user=shopper) == Decimal("500.00")


def test_the_quote_is_for_signed_in_shoppers_and_needs_a_total(as_user, shopper):
    assert quote(as_user, None, "10").status_code == 401
    assert as_user(shopper).get("/api/orders/store-credit").status_code == 400
    assert quote(as_user, shopper, "10").json() == {"balance": 0, "applicable": 0, "toPay": 10}
