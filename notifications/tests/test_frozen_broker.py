"""Issue 46.2: a Redis broker frozen while the web process holds a connection to it made `.delay()`
wait minutes inside the request. With the settings' deadlines the publish gives up in seconds, so
`NeverFailingTask` can run the task in the caller's process instead."""

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
