import asyncio
import threading
import time

import pytest

from shop import health


@pytest.mark.django_db
def test_healthz_reports_every_service_up(client):
    response = client.get("/healthz")

    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "cache": "ok", "channel_layer": "ok"}


@pytest.mark.django_db
def test_healthz_answers_503_naming_the_service_that_failed_and_logs_why(client, monkeypatch, caplog):
    """Issue 33.9: the answer once carried the error's text (addresses, ports) to anyone."""

    def broken_cache():
        raise ConnectionError("Error 111 connecting to 10.0.3.7:6379. Connection refused.")

    monkeypatch.setitem(health.CHECKS, "cache", broken_cache)

    response = client.get("/healthz")

    assert response.status_code == 503
    assert response.json() == {"status": "error", "database": "ok", "cache": "error", "channel_layer": "ok"}
    assert "10.0.3.7" not in response.content.decode()
    assert "10.0.3.7:6379" in caplog.text


@pytest.mark.django_db
def test_healthz_reports_a_check_that_hangs_as_timed_out_and_does_not_wait_for_it(client, monkeypatch):
    release = threading.Event()
    monkeypatch.setattr(health, "HEALTH_TIMEOUT_SECONDS", 0.3)
    monkeypatch.setitem(health.CHECKS, "database", lambda: release.wait(10))
    started = time.monotonic()
    try:
        response = client.get("/healthz")
    finally:
        release.set()
    assert time.monotonic() - started < 2
    assert response.status_code == 503
    assert response.json()["database"] == "timeout"


@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
async def test_healthz_stays_ok_while_a_consumer_receives_on_the_layer(settings):
    """Issue 33.1: the check's round trip from a thread's own event loop through the consumers'
    channel layer object raised "Two event loops are trying to receive() on one channel layer at
    once!" while any socket was open."""
    from channels.layers import channel_layers, get_channel_layer
    from django.test import Client

    channel_layers.backends.clear()
    layer = get_channel_layer()
    channel = await layer.new_channel()
    receiving = asyncio.ensure_future(layer.receive(channel))  # as an open socket's consumer does
    await asyncio.sleep(0.1)
    try:
        response = await asyncio.to_thread(Client().get, "/healthz")
        assert response.json()["channel_layer"] == "ok", response.content
    finally:
        receiving.cancel()
        channel_layers.backends.clear()


@pytest.mark.redis
@pytest.mark.django_db
def test_healthz_round_trips_through_the_real_redis_channel_layer(client, settings):
    assert "RedisChannelLayer" in settings.CHANNEL_LAYERS["default"]["BACKEND"]
    assert client.get("/healthz").json()["channel_layer"] == "ok"


@pytest.mark.django_db
def test_readyz_adds_the_broker_to_the_checks(client):
    answer = client.get("/readyz")

    assert answer.status_code == 200
    assert answer.json() == {"status": "ok", "database": "ok", "cache": "ok", "channel_layer": "ok", "broker": "ok"}


@pytest.mark.django_db
def test_readyz_answers_503_within_its_timeout_when_the_broker_is_down(client, settings, monkeypatch):
    from shop.celery import app

    settings.CELERY_TASK_ALWAYS_EAGER = False
    monkeypatch.setattr(app.conf, "broker_url", "redis://127.0.0.1:1/0")  # nothing listens there
    started = time.monotonic()

    answer = client.get("/readyz")

    assert answer.status_code == 503
    assert answer.json()["broker"] == "error"
    assert time.monotonic() - started < health.HEALTH_TIMEOUT_SECONDS + 1
    assert "127.0.0.1" not in answer.content.decode()
