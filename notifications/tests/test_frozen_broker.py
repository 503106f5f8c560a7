"""Issue 46.2: a Redis broker frozen while the web process holds a connection to it made `.delay()`
wait minutes inside the request. With the settings' deadlines the publish gives up in seconds, so
`OutboxTask` keeps the task in the database to be queued later (common/outbox.py)."""

import os
import signal
import threading
import time

import pytest
from celery import Celery
from django.conf import settings
from kombu.exceptions import OperationalError

pytestmark = pytest.mark.faults


def test_a_publish_to_a_frozen_broker_gives_up_within_five_seconds(own_redis):
    # Its own app, not made current: the shared tasks of the tests after this one stay on the shop's.
    app = Celery("frozen", broker=own_redis.url, set_as_current=False)
    app.conf.update(
        broker_transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS,
        broker_connection_timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT,
        task_publish_retry_policy=settings.CELERY_TASK_PUBLISH_RETRY_POLICY,
    )

    @app.task(name="frozen.noop")
    def noop():
        return None

    noop.delay()  # the pooled connection is open and warm before the broker freezes
    outcome = {}

    def publish():
        started = time.monotonic()
        try:
            noop.delay()
            outcome["error"] = None
        except OperationalError as error:
            outcome["error"] = error
        outcome["seconds"] = time.monotonic() - started

    os.kill(own_redis.process.pid, signal.SIGSTOP)
    try:
        thread = threading.Thread(target=publish, daemon=True)
        thread.start()
        thread.join(timeout=15)
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    assert "seconds" in outcome, "the publish to a frozen broker was still waiting after 15 s"
    print(f"frozen broker: publish gave up after {outcome['seconds']:.2f} s")
    assert outcome["seconds"] < 5
    assert isinstance(outcome["error"], OperationalError)

    started = time.monotonic()
    noop.delay()  # the broker is back: the same app publishes again
    print(f"broker back: publish took {time.monotonic() - started:.2f} s")


@pytest.mark.django_db
def test_tasks_for_a_frozen_broker_are_kept_and_queued_once_it_answers(own_redis):
    """The request path: the first task gives up on the frozen broker within its deadline and is
    kept in the database, the next ones are kept at once (the breaker), and all go to the broker
    once it answers again."""
    import redis

    from common.models import QueuedTask
    from common.outbox import OutboxTask, broker_breaker, queued_tasks_send

    app = Celery("frozen-outbox", broker=own_redis.url, set_as_current=False)
    app.conf.update(
        broker_transport_options=settings.CELERY_BROKER_TRANSPORT_OPTIONS,
        broker_connection_timeout=settings.CELERY_BROKER_CONNECTION_TIMEOUT,
        task_publish_retry_policy=settings.CELERY_TASK_PUBLISH_RETRY_POLICY,
    )

    @app.task(name="frozen.kept", base=OutboxTask)
    def kept(number):
        return number

    kept.delay(0)  # warm: the pooled connection is open before the broker freezes
    queue = redis.Redis.from_url(own_redis.url)
    assert queue.llen("celery") == 1
    seconds = []
    os.kill(own_redis.process.pid, signal.SIGSTOP)
    try:
        for number in (1, 2, 3):
            started = time.monotonic()
            kept.delay(number)
            seconds.append(time.monotonic() - started)
    finally:
        os.kill(own_redis.process.pid, signal.SIGCONT)
    print("frozen broker: the tasks were kept after " + ", ".join(f"{s:.2f}" for s in seconds) + " s")
    try:
        assert seconds[0] < 5
        assert max(seconds[1:]) < 0.5, seconds
        assert [row.args for row in QueuedTask.objects.order_by("pk")] == [[1], [2], [3]]
        started = time.monotonic()
        assert queued_tasks_send(app) == 3
        print(f"broker back: 3 kept tasks queued in {time.monotonic() - started:.2f} s")
    finally:
        broker_breaker.close()
    assert not QueuedTask.objects.exists()
    # The first publish's bytes were taken by the frozen server, which queued them when it woke: that
    # task is in the queue twice, as after any timeout, and runs once by its own key (an SMS's).
    assert queue.llen("celery") in (4, 5)
