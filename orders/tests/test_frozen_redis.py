"""Issue 46.2: a Redis frozen (SIGSTOP: its sockets stay open, nothing answers) while the web
process holds pooled connections to it, for the cache (throttles, OTP locks and budgets), the
channel layer (the order's broadcast) and the Celery broker.

The audit's `POST /api/users/otp/send` answered after 424 s and `POST /api/orders` after 303-364 s:
the order was written, the request hung in queuing its task. Here the Redis is the test's own
(conftest.own_redis), never the machine's shared one; the requests go through the shop's real
middleware and views with the real Celery app publishing to that Redis. Each answers within 5 s,
the tasks it could not queue wait as `QueuedTask` rows (common/outbox.py), and once Redis answers
again the beat task queues them.
"""

import os
import signal
import threading
import time

import pytest
import redis
from django.conf import settings as django_settings

from common.models import QueuedTask
from conftest import client_for
from orders.models import Order
from orders.tests.conftest import line, payload

pytestmark = [pytest.mark.faults, pytest.mark.django_db(transaction=True)]

DEADLINE = 5.0


@pytest.fixture
def shop_on_frozen_redis(own_redis, settings, monkeypatch):
    """The cache, the channel layer and the broker on the test's own Redis, with the settings the
    shop runs with (their client deadlines); the Celery app publishing for real (not eager)."""
    from common import cache as shared_cache
    from common.outbox import broker_breaker
    from realtime.layer import broadcast_breaker
    from shop.celery import app

    run_caches = settings.CACHES
    settings.CACHES = {
        "default": {
            "BACKEND": "common.cache.SharedPoolRedisCache",
            "LOCATION": own_redis.url,
            # The production settings' deadlines (shop/settings/data.py, REDIS_TIMEOUT_SECONDS).
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    settings.CHANNEL_LAYERS = {
        "default": {
            "BACKEND": "channels_redis.core.RedisChannelLayer",
            "CONFIG": {"hosts": [{"address": own_redis.url, "socket_connect_timeout": 2, "socket_timeout": 10}]},
        }
    }
    settings.CELERY_TASK_ALWAYS_EAGER = False
    settings.SMS_BACKEND = "outbox"
    saved = {
        key: app.conf[key]
        for key in ("broker_url", "task_always_eager", "broker_transport_options", "broker_connection_timeout")
    }
    app.conf.update(
        broker_url=own_redis.url,
        task_always_eager=False,
        broker_transport_options=django_settings.CELERY_BROKER_TRANSPORT_OPTIONS,
        broker_connection_timeout=django_settings.CELERY_BROKER_CONNECTION_TIMEOUT,
        task_publish_retry_policy=django_settings.CELERY_TASK_PUBLISH_RETRY_POLICY,
    )
    app._pool = None
    app.amqp._producer_pool = None
    yield own_redis
    own_redis.process.send_signal(signal.SIGCONT)
    app.conf.update(saved)
    if app._pool is not None:
        app._pool.force_close_all()
    app._pool = None
    app.amqp._producer_pool = None
    broker_breaker.close()
    broadcast_breaker.close()
    settings.CACHES = run_caches
    from channels.layers import channel_layers

    channel_layers.backends.clear()
    shared_cache._outage.ended()
    shared_cache._outage.stand_in.clear()


def _timed_in_thread(call, limit: float = 30.0):
    """(answer, seconds) of `call()` run in a thread, or (None, limit) when it was still waiting."""
    outcome = {}

    def run():
        started = time.monotonic()
        outcome["answer"] = call()
        outcome["seconds"] = time.monotonic() - started

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(timeout=limit)
    return outcome.get("answer"), outcome.get("seconds", limit)


def test_otp_and_orders_answer_within_seconds_while_redis_is_frozen(shop_on_frozen_redis, packs, shopper):
    frozen_redis = shop_on_frozen_redis
    queue = redis.Redis.from_url(frozen_redis.url)

    def otp(number: str):
        return client_for(None).post(
            "/api/users/otp/send", {"phoneNo": number, "purpose": "register"}, format="json", REMOTE_ADDR="192.0.2.7"
        )

    def order():
        return client_for(shopper).post("/api/orders", payload([line(packs.oil_1l)], shopper), format="json")

    # Warm, with Redis up: the pools hold open connections, the tasks go to the broker's queue.
    assert otp("9000000101").status_code == 200
    assert order().status_code == 201
    assert queue.llen("celery") >= 2
    assert not QueuedTask.objects.exists()

    os.kill(frozen_redis.process.pid, signal.SIGSTOP)
    try:
        answers = [
            ("POST /api/users/otp/send", *_timed_in_thread(lambda: otp("9000000102"))),
            ("POST /api/orders", *_timed_in_thread(order)),
            ("POST /api/users/otp/send (again)", *_timed_in_thread(lambda: otp("9000000103"))),
            ("POST /api/orders (again)", *_timed_in_thread(order)),
        ]
        kept = QueuedTask.objects.count()
    finally:
        os.kill(frozen_redis.process.pid, signal.SIGCONT)
    for what, answer, seconds in answers:
        print(f"frozen Redis: {what} answered {answer.status_code if answer else 'nothing'} after {seconds:.2f} s")
    for what, answer, seconds in answers:
        assert answer is not None, f"{what} was still waiting after {seconds:.0f} s"
        assert seconds < DEADLINE, (what, seconds)
    assert [answer.status_code for _what, answer, _s in answers] == [200, 201, 200, 201]
    assert Order.objects.count() == 3
    # Both OTP texts wait in the outbox (the first publish may have reached the frozen server's
    # buffer too: a text queued twice is sent once, by its key).
    texts = [row for row in QueuedTask.objects.order_by("pk") if row.task == "notifications.tasks.send_sms"]
    assert {row.args[0] for row in texts} >= {"9000000102", "9000000103"}
    print(f"frozen Redis: {kept} task(s) kept in the outbox")

    from common.outbox import queued_tasks_send
    from shop.celery import app

    started = time.monotonic()
    deadline = started + 15
    sent = 0
    while QueuedTask.objects.exists() and time.monotonic() < deadline:
        sent += queued_tasks_send(app)
        if QueuedTask.objects.exists():
            time.sleep(0.5)
    print(f"Redis back: {sent} kept task(s) queued after {time.monotonic() - started:.2f} s")
    assert not QueuedTask.objects.exists()
    assert sent == kept
