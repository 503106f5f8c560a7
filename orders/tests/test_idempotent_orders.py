"""`POST /api/orders` with an `Idempotency-Key`: a retry answers the first result and never buys twice."""

import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.utils import timezone

from catalog.models import Financial
from common import idempotency
from common.models import IdempotentRequest
from common.tasks import purge_idempotency_keys
from conftest import client_for
from orders.models import Order
from orders.tests.conftest import line, payload

KEY = "checkout-7f3c1a52-0b7e-4a8e-9a51-2d9c1e0f6b11"


def post(client, body, key=KEY):
    headers = {} if key is None else {"HTTP_IDEMPOTENCY_KEY": key}
    return client.post("/api/orders", body, format="json", **headers)


def stock(pack) -> int:
    return Financial.objects.get(pk=pack.pk).count_in_stock


@pytest.mark.django_db
class TestRetries:
    def test_a_retry_with_the_same_key_answers_the_first_order_and_buys_nothing_more(self, as_user, shopper, packs):
        client = as_user(shopper)
        body = payload([line(packs.rice_5kg, 2)], shopper)

        first = post(client, body)
        again = post(client, body)

        assert first.status_code == 201, first.json()
        assert again.status_code == 201
        assert again.json() == first.json()
        assert again["Idempotent-Replayed"] == "true"
        assert "Idempotent-Replayed" not in first
        assert Order.objects.count() == 1
        assert stock(packs.rice_5kg) == 23

    def test_without_a_key_every_request_places_its_own_order(self, as_user, shopper, packs):
        client = as_user(shopper)
        body = payload([line(packs.rice_5kg, 1)], shopper)

        assert post(client, body, key=None).status_code == 201
        assert post(client, body, key=None).status_code == 201
        assert Order.objects.count() == 2

    def test_the_same_key_with_another_body_is_422_and_places_nothing(self, as_user, shopper, packs):
        client = as_user(shopper)
        assert post(client, payload([line(packs.rice_5kg, 1)], shopper)).status_code == 201

        other = post(client, payload([line(packs.rice_5kg, 3)], shopper))

        assert other.status_code == 422
        assert other.json()["code"] == "idempotency_key_reused"
        assert Order.objects.count() == 1
        assert stock(packs.rice_5kg) == 24

    def test_keys_are_per_customer(self, as_user, shopper, other_shopper, packs):
        assert post(as_user(shopper), payload([line(packs.rice_5kg, 1)], shopper)).status_code == 201
        theirs = post(as_user(other_shopper), payload([line(packs.rice_5kg, 1)], other_shopper))

        assert theirs.status_code == 201
        assert "Idempotent-Replayed" not in theirs
        assert Order.objects.count() == 2

    def test_a_refused_order_is_not_kept_so_the_corrected_retry_runs(self, as_user, shopper, packs):
        client = as_user(shopper)
        stale = payload([line(packs.rice_5kg, 1)], shopper, total="1.00")  # the cart's old price

        refused = post(client, stale)
        corrected = post(client, payload([line(packs.rice_5kg, 1)], shopper))

        assert refused.status_code == 409
        assert corrected.status_code == 201
        assert "Idempotent-Replayed" not in corrected
        assert Order.objects.count() == 1

    def test_a_key_older_than_a_day_is_a_new_key(self, as_user, shopper, packs):
        client = as_user(shopper)
        body = payload([line(packs.rice_5kg, 1)], shopper)
        assert post(client, body).status_code == 201
        IdempotentRequest.objects.update(created_at=timezone.now() - timedelta(hours=24, minutes=1))

        later = post(client, body)

        assert later.status_code == 201
        assert "Idempotent-Replayed" not in later
        assert Order.objects.count() == 2

    def test_the_beat_task_deletes_expired_keys_only(self, as_user, shopper, packs):
        client = as_user(shopper)
        post(client, payload([line(packs.rice_5kg, 1)], shopper), key="old")
        post(client, payload([line(packs.rice_5kg, 1)], shopper), key="new")
        IdempotentRequest.objects.filter(key="old").update(created_at=timezone.now() - timedelta(days=2))

        assert purge_idempotency_keys() == 1
        assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["new"]

    @pytest.mark.parametrize("bad", ["", "   ", "x" * 256, "ключ", "a\tb"])
    def test_a_malformed_key_is_a_clear_400(self, as_user, shopper, packs, bad):
        response = post(as_user(shopper), payload([line(packs.rice_5kg, 1)], shopper), key=bad)

        assert response.status_code == 400
        assert "Idempotency-Key" in response.json()["message"]
        assert Order.objects.count() == 0

    def test_an_anonymous_visitor_with_a_key_is_still_401(self, packs, shopper):
        response = post(client_for(None), payload([line(packs.rice_5kg, 1)], shopper))

        assert response.status_code == 401
        assert IdempotentRequest.objects.count() == 0

    def test_a_request_whose_twin_is_still_running_waits_then_gets_409(self, as_user, shopper, packs, monkeypatch):
        client = as_user(shopper)
        body = payload([line(packs.rice_5kg, 1)], shopper)
        monkeypatch.setattr(idempotency, "WAIT_SECONDS", 0.3)
        # A twin holds the key's lease (it is placing the order in another process).
        IdempotentRequest.objects.create(
            scope="orders.place",
            owner=f"user:{shopper.pk}",
            key=KEY,
            fingerprint=idempotency.fingerprint("POST", "/api/orders", body),
            lease_until=timezone.now() + timedelta(seconds=30),
            created_at=timezone.now(),
        )

        response = post(client, body)

        assert response.status_code == 409
        assert response.json()["code"] == "idempotency_key_in_use"
        assert Order.objects.count() == 0

    def test_a_twin_whose_process_died_is_taken_over_after_its_lease(self, as_user, shopper, packs):
        client = as_user(shopper)
        body = payload([line(packs.rice_5kg, 1)], shopper)
        IdempotentRequest.objects.create(
            scope="orders.place",
            owner=f"user:{shopper.pk}",
            key=KEY,
            fingerprint=idempotency.fingerprint("POST", "/api/orders", body),
            lease_until=timezone.now() - timedelta(seconds=1),  # killed: nothing of it committed
            created_at=timezone.now(),
        )

        response = post(client, body)

        assert response.status_code == 201
        assert Order.objects.count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_ten_concurrent_identical_requests_with_one_key_place_one_order(shopper, packs):
    body = payload([line(packs.rice_5kg, 1)], shopper)
    start = threading.Barrier(10)
    answers: list = [None] * 10

    def send(index: int) -> None:
        try:
            client = client_for(shopper)
            start.wait(timeout=30)
            response = post(client, body)
            answers[index] = (response.status_code, response.json().get("_id"))
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(i,)) for i in range(10)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)

    assert Order.objects.count() == 1
    order_id = Order.objects.get().public_id
    assert {answer for answer in answers} == {(201, order_id)}, answers
    assert stock(packs.rice_5kg) == 24


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_run_whose_key_a_twin_answered_meanwhile_is_rolled_back(as_user, shopper, packs, monkeypatch):
    """A twin took the key over after this run's lease ran out and answered first: one order stays."""
    from checkout import placement as services

    real_place = services.order_place

    def twin_answers() -> None:  # another process, its own connection and transaction
        try:
            IdempotentRequest.objects.filter(key=KEY).update(status_code=201, body={"_id": "the-twins-order"})
        finally:
            connection.close()

    def place_while_the_twin_answers(**kwargs):
        order = real_place(**kwargs)
        twin = threading.Thread(target=twin_answers)
        twin.start()
        twin.join(timeout=30)
        return order

    monkeypatch.setattr(services, "order_place", place_while_the_twin_answers)

    response = post(as_user(shopper), payload([line(packs.rice_5kg, 2)], shopper))

    assert response.status_code == 201
    assert response.json() == {"_id": "the-twins-order"}
    assert response["Idempotent-Replayed"] == "true"
    assert Order.objects.count() == 0
    assert stock(packs.rice_5kg) == 25
