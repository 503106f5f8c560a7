"""The idempotency lease is tied to its run's liveness (issue 46): a request killed with its web
process no longer keeps its key for a minute. The lease names its holder's host and process, a twin
on that host takes over at once when the process is gone, and a running request's heartbeat renews
a short lease for as long as it runs."""

import os
import socket
import subprocess
import sys
import threading
import time
from datetime import timedelta

import pytest
from django.utils import timezone

from common import idempotency
from common.models import IdempotentRequest
from orders.models import Order
from orders.tests.conftest import line, payload
from orders.tests.test_idempotent_orders import KEY, post


def a_gone_process() -> int:
    """The pid of a process that has ended (this host's)."""
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def leased_by(shopper, body, holder: str, *, for_seconds: int = 60) -> IdempotentRequest:
    """A twin's row: it took the key's lease and is (or was) placing the order."""
    return IdempotentRequest.objects.create(
        scope="orders.place",
        owner=f"user:{shopper.pk}",
        key=KEY,
        fingerprint=idempotency.fingerprint("POST", "/api/orders", body),
        lease_until=timezone.now() + timedelta(seconds=for_seconds),
        holder=holder,
        created_at=timezone.now(),
    )


@pytest.fixture
def short_wait(monkeypatch):
    monkeypatch.setattr(idempotency, "WAIT_SECONDS", 0.3)


@pytest.mark.django_db
def test_a_twin_whose_process_is_gone_is_taken_over_at_once(as_user, shopper, packs, short_wait):
    body = payload([line(packs.rice_5kg, 1)], shopper)
    leased_by(shopper, body, f"{socket.gethostname()}:{a_gone_process()}")

    started = time.monotonic()
    response = post(as_user(shopper), body)

    assert response.status_code == 201, response.json()
    assert time.monotonic() - started < 5  # not the minute the old lease said
    assert Order.objects.count() == 1
    row = IdempotentRequest.objects.get()
    assert row.status_code == 201 and row.holder == f"{socket.gethostname()}:{os.getpid()}"


@pytest.mark.django_db
@pytest.mark.parametrize(
    "holder",
    [
        pytest.param("this-process", id="a live process of this host"),
        pytest.param("web-2.internal:4242", id="a process of another host"),
        pytest.param("", id="a row from before holders were named"),
    ],
)
def test_a_holder_not_known_to_be_gone_keeps_its_lease(as_user, shopper, packs, short_wait, holder):
    body = payload([line(packs.rice_5kg, 1)], shopper)
    if holder == "this-process":  # another thread of this very process is running it
        holder = f"{socket.gethostname()}:{os.getpid()}"
    leased_by(shopper, body, holder)

    response = post(as_user(shopper), body)

    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_key_in_use"
    assert Order.objects.count() == 0


@pytest.mark.django_db
def test_a_holder_elsewhere_loses_its_lease_within_the_short_lease(as_user, shopper, packs):
    """A web process killed on another host: its lease (at most LEASE, no heartbeat renews it) runs out."""
    body = payload([line(packs.rice_5kg, 1)], shopper)
    assert idempotency.LEASE <= timedelta(seconds=15)
    leased_by(shopper, body, "web-2.internal:4242", for_seconds=-1)

    assert post(as_user(shopper), body).status_code == 201


@pytest.mark.django_db(transaction=True)
def test_a_long_run_keeps_its_short_lease_by_its_heartbeat(as_user, shopper, packs, monkeypatch):
    """A run longer than the lease is not taken over while it is alive: its heartbeat renews it."""
    from checkout import placement

    monkeypatch.setattr(idempotency, "LEASE", timedelta(seconds=0.6))
    monkeypatch.setattr(idempotency, "RENEW_EVERY", 0.15)
    real_place = placement.order_place
    seen: dict = {}

    def a_slow_placement(**kwargs):
        time.sleep(1.5)  # well past the 0.6 s lease
        row = IdempotentRequest.objects.get(key=KEY)
        seen["lease_left"] = (row.lease_until - timezone.now()).total_seconds()
        seen["holder"] = row.holder
        return real_place(**kwargs)

    monkeypatch.setattr(placement, "order_place", a_slow_placement)

    response = post(as_user(shopper), payload([line(packs.rice_5kg, 1)], shopper))

    assert response.status_code == 201
    assert seen["lease_left"] > 0, seen  # renewed: a twin arriving now would wait, not run it again
    assert seen["holder"] == f"{socket.gethostname()}:{os.getpid()}"
    assert not [thread for thread in threading.enumerate() if thread.name == "idempotency-lease"]
