"""A reason too long for its column is refused, never cut (issue 40: the pipeline refused a long
reason while refunds and store credit silently kept its first 300 characters)."""

from decimal import Decimal

import pytest
from django.db import transaction

from common.errors import DomainError
from common.text import REASON_MAX_LENGTH
from orders.models import Order
from payments.credit import credit_grant
from payments.models import Refund, StoreCreditEntry
from payments.refunds import money_back

pytestmark = pytest.mark.django_db

LONGEST = "x" * REASON_MAX_LENGTH
TOO_LONG = LONGEST + "y"


def test_store_credit_keeps_the_longest_reason_whole_and_refuses_one_more_character(cash_order):
    entry = credit_grant(user=cash_order.user, amount=Decimal("10"), reason=LONGEST)
    entry.refresh_from_db()
    assert entry.reason == LONGEST
    with pytest.raises(DomainError) as refused:
        credit_grant(user=cash_order.user, amount=Decimal("10"), reason=TOO_LONG)
    assert refused.value.extra["code"] == "reason_too_long"
    assert StoreCreditEntry.objects.filter(account__user=cash_order.user).count() == 1


def test_money_back_refuses_a_reason_longer_than_a_refund_keeps(cash_order):
    with transaction.atomic():
        locked = Order.objects.select_for_update().get(pk=cash_order.pk)
        with pytest.raises(DomainError) as refused:
            money_back(order=locked, amount=Decimal("10"), reason=TOO_LONG, by=None)
    assert refused.value.extra["code"] == "reason_too_long"
    assert not Refund.objects.exists() and not StoreCreditEntry.objects.exists()


def test_the_pipeline_refuses_at_the_same_length_as_refunds_keep():
    """One limit: a reason the cancellation accepts fits the refund and the credit note it leads to."""
    from orders.pipeline import CANCEL_REASON_MAX_LENGTH, clean_cancel_reason

    assert CANCEL_REASON_MAX_LENGTH == REASON_MAX_LENGTH
    assert clean_cancel_reason(LONGEST) == LONGEST
    with pytest.raises(DomainError):
        clean_cancel_reason(TOO_LONG)
    from counter.models import CounterReturn
    from orders.models import CreditNote, OrderEvent, OrderLineChange

    for model in (Refund, StoreCreditEntry, CreditNote, OrderEvent, OrderLineChange, CounterReturn):
        assert model._meta.get_field("reason").max_length >= REASON_MAX_LENGTH, model.__name__
