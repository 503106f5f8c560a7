"""The store-credit ledger (`payments.credit`): the balance is the sum of the entries, never negative."""

from decimal import Decimal

import pytest
from django.db import IntegrityError, transaction

from common.errors import Conflict, InvalidValue
from payments.credit import credit_balance, credit_entries, credit_grant, credit_restore, credit_spend
from payments.models import StoreCreditAccount, StoreCreditEntry

pytestmark = pytest.mark.django_db


def test_a_new_shopper_has_no_credit(customer):
    assert credit_balance(user=customer) == Decimal("0.00")
    assert list(credit_entries(user=customer)) == []


def test_grants_and_spends_move_the_balance_and_are_listed_newest_first(cash_order, admin_user):
    user = cash_order.user
    first = credit_grant(user=user, amount=Decimal("100.10"), reason="Goodwill", by=admin_user)
    spent = credit_spend(user=user, amount="40.05", order=cash_order)
    assert credit_balance(user=user) == Decimal("60.05")
    assert [entry.pk for entry in credit_entries(user=user)] == [spent.pk, first.pk]
    assert (spent.kind, spent.amount, spent.balance_after) == ("spend", Decimal("-40.05"), Decimal("60.05"))
    assert first.by == admin_user and spent.order == cash_order


def test_spending_more_than_the_balance_is_a_409_and_writes_nothing(cash_order):
    credit_grant(user=cash_order.user, amount=Decimal("10"), reason="Goodwill")
    with pytest.raises(Conflict) as refused:
        credit_spend(user=cash_order.user, amount=Decimal("10.01"), order=cash_order)
    assert refused.value.extra["code"] == "insufficient_credit"
    assert "₹10.00 available" in refused.value.message
    assert StoreCreditEntry.objects.count() == 1 and credit_balance(user=cash_order.user) == Decimal("10.00")


def test_an_order_spends_credit_once(cash_order):
    credit_grant(user=cash_order.user, amount=Decimal("10"), reason="Goodwill")
    credit_spend(user=cash_order.user, amount=Decimal("2"), order=cash_order)
    with pytest.raises(Conflict):
        credit_spend(user=cash_order.user, amount=Decimal("2"), order=cash_order)
    assert credit_balance(user=cash_order.user) == Decimal("8.00")


@pytest.mark.parametrize("amount", [Decimal("0"), Decimal("-1"), Decimal("0.001"), "x", None, True])
def test_amounts_must_be_positive_paise(customer, amount):
    with pytest.raises(InvalidValue):
        credit_grant(user=customer, amount=amount, reason="x")


def test_restore_gives_back_what_the_order_spent_once(cash_order):
    credit_grant(user=cash_order.user, amount=Decimal("30"), reason="Goodwill")
    credit_spend(user=cash_order.user, amount=Decimal("25"), order=cash_order)
    restored = credit_restore(order=cash_order)
    assert (restored.kind, restored.amount) == ("restore", Decimal("25.00"))
    assert credit_restore(order=cash_order) is None
    assert credit_balance(user=cash_order.user) == Decimal("30.00")


def test_restore_of_an_order_that_spent_nothing_is_none(cash_order):
    assert credit_restore(order=cash_order) is None


def test_the_database_keeps_the_balance_from_going_negative(customer):
    credit_grant(user=customer, amount=Decimal("1"), reason="Goodwill")
    with pytest.raises(IntegrityError), transaction.atomic():
        StoreCreditAccount.objects.filter(user=customer).update(balance_paise=-1)
