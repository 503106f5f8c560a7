"""Starting a payment with an `Idempotency-Key`: a retry answers the first start and makes no second session."""

import pytest

from common.models import IdempotentRequest
from payments.models import Payment

pytestmark = pytest.mark.django_db

START = "/api/payments/initiateJuspayPayment"


def start(client, order, key="pay-1f0c", **overrides):
    body = {"order_id": order.public_id, "amount": 291, "customerId": order.user.phone_no, **overrides}
    return client.post(START, body, format="json", HTTP_IDEMPOTENCY_KEY=key)


def test_a_retried_start_answers_the_first_and_makes_one_payment(as_user, online_order):
    client = as_user(online_order.user)

    first = start(client, online_order)
    again = start(client, online_order)

    assert first.status_code == 200, first.json()
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert Payment.objects.filter(order=online_order).count() == 1


def test_another_customers_key_replays_nothing_of_theirs(as_user, online_order, other_shopper):
    assert start(as_user(online_order.user), online_order).status_code == 200

    theirs = start(as_user(other_shopper), online_order)

    assert theirs.status_code == 404  # not their order; the owner's answer is not replayed to them
    assert "Idempotent-Replayed" not in theirs


def test_a_refused_start_frees_the_key(as_user, online_order):
    client = as_user(online_order.user)

    refused = start(client, online_order, amount=1)
    accepted = start(client, online_order)

    assert refused.status_code == 400
    assert accepted.status_code == 200
    assert "Idempotent-Replayed" not in accepted
    assert IdempotentRequest.objects.get().status_code == 200
