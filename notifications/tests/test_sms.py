"""SMS backends, the MSG91 adapter against a fake HTTP server, and the never-failing Celery task."""

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from celery.app.task import Task
from kombu.exceptions import OperationalError

from notifications import sms
from notifications.models import SmsMessage
from notifications.tasks import SMS_RETRY_DELAYS, send_sms


class FakeMsg91:
    """A local stand-in for MSG91: records each request and answers with the next scripted reply."""

    def __init__(self):
        self.requests: list[dict] = []
        self.replies: list[tuple[int, dict | str]] = []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self):
                length = int(self.headers.get("Content-Length", 0))
                fake.requests.append(
                    {"path": self.path, "headers": dict(self.headers), "body": json.loads(self.rfile.read(length))}
                )
                status, body = fake.replies.pop(0) if fake.replies else (200, {"type": "success", "message": "ok"})
                raw = body.encode() if isinstance(body, str) else json.dumps(body).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(raw)))
                self.end_headers()
                self.wfile.write(raw)

            def log_message(self, *args):
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/api/v5/flow/"
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.01}, daemon=True)
        self.thread.start()

    def close(self):
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def msg91(settings):
    fake = FakeMsg91()
    settings.SMS_BACKEND = "msg91"
    settings.SMS_MSG91_URL = fake.url
    settings.SMS_MSG91_AUTH_KEY = "test-auth-key"
    settings.SMS_MSG91_TEMPLATE_ID = "tmpl-123"
    settings.SMS_MSG91_SENDER_ID = "SMLRMT"
    yield fake
    fake.close()


def test_console_backend_logs_the_text(settings, caplog):
    settings.SMS_BACKEND = "console"
    with caplog.at_level(logging.INFO, logger="notifications.sms"):
        sms.sms_send_now(phone_no="9876543210", text="Hello from the shop")
    assert "SMS to 9876543210: Hello from the shop" in caplog.text


def test_outbox_backend_stores_the_message(settings, db):
    settings.SMS_BACKEND = "outbox"
    sms.sms_send_now(phone_no="9876543210", text="Your code")
    message = SmsMessage.objects.get()
    assert (message.phone_no, message.text, message.status) == ("9876543210", "Your code", "sent")
    assert message.created_at is not None


def test_an_unknown_backend_is_a_clear_error(settings):
    settings.SMS_BACKEND = "carrier-pigeon"
    with pytest.raises(sms.SmsError, match="Unknown SMS_BACKEND 'carrier-pigeon'"):
        sms.sms_backend()


def test_msg91_without_credentials_is_a_clear_error(settings):
    settings.SMS_BACKEND = "msg91"
    settings.SMS_MSG91_AUTH_KEY = ""
    with pytest.raises(sms.SmsError, match="SMS_MSG91_AUTH_KEY"):
        sms.sms_backend()


def test_msg91_posts_the_flow_request(msg91):
    sms.sms_send_now(phone_no="9876543210", text="Your SMLR Mart verification code is 123456.")
    [request] = msg91.requests
    assert request["path"] == "/api/v5/flow/"
    assert request["headers"]["authkey"] == "test-auth-key"
    assert request["body"] == {
        "template_id": "tmpl-123",
        "sender": "SMLRMT",
        "short_url": "0",
        "recipients": [{"mobiles": "919876543210", "content": "Your SMLR Mart verification code is 123456."}],
    }


def test_msg91_server_error_is_temporary(msg91):
    msg91.replies.append((503, "upstream down"))
    with pytest.raises(sms.SmsTemporaryError, match="MSG91 answered HTTP 503: upstream down"):
        sms.sms_send_now(phone_no="9876543210", text="hi")


def test_msg91_client_error_is_permanent(msg91):
    msg91.replies.append((401, {"type": "error", "message": "Authentication failure"}))
    with pytest.raises(sms.SmsError) as caught:
        sms.sms_send_now(phone_no="9876543210", text="hi")
    assert not isinstance(caught.value, sms.SmsTemporaryError)
    assert "HTTP 401" in str(caught.value)


def test_msg91_refusal_inside_a_200_is_an_error(msg91):
    msg91.replies.append((200, {"type": "error", "message": "Template not found"}))
    with pytest.raises(sms.SmsError, match="Template not found"):
        sms.sms_send_now(phone_no="9876543210", text="hi")


def test_msg91_unreachable_is_temporary(settings):
    settings.SMS_BACKEND = "msg91"
    settings.SMS_MSG91_AUTH_KEY = "k"
    settings.SMS_MSG91_TEMPLATE_ID = "t"
    settings.SMS_MSG91_URL = "http://127.0.0.1:9/unreachable"
    with pytest.raises(sms.SmsTemporaryError, match="could not be reached"):
        sms.sms_send_now(phone_no="9876543210", text="hi")


def test_task_sends_through_the_provider(msg91):
    assert send_sms.delay("9876543210", "hello").get() is True
    assert len(msg91.requests) == 1


def test_task_retries_a_5xx_then_succeeds(msg91):
    msg91.replies += [(500, "boom"), (502, "bad gateway")]
    assert send_sms.delay("9876543210", "hello").get() is True
    assert len(msg91.requests) == 3


def test_task_gives_up_after_the_retries_and_never_raises(msg91, caplog):
    msg91.replies += [(500, "boom")] * (len(SMS_RETRY_DELAYS) + 1)
    with caplog.at_level(logging.ERROR, logger="notifications.tasks"):
        result = send_sms.delay("9876543210", "hello")
    assert result.get() is False
    assert len(msg91.requests) == len(SMS_RETRY_DELAYS) + 1
    assert "SMS to 98******10 dropped after 4 tries" in caplog.text
    assert "hello" not in caplog.text  # the text may hold an OTP: never in the error log


def test_task_does_not_retry_a_permanent_refusal(msg91, caplog):
    msg91.replies.append((400, {"type": "error", "message": "Invalid mobile"}))
    with caplog.at_level(logging.ERROR, logger="notifications.tasks"):
        assert send_sms.delay("9876543210", "hello").get() is False
    assert len(msg91.requests) == 1
    assert "not sent" in caplog.text


def test_task_called_directly_never_raises(msg91):
    msg91.replies.append((500, "boom"))
    assert send_sms("9876543210", "hello") is False


def test_task_swallows_unexpected_errors(settings, monkeypatch, caplog):
    def explode(**kwargs):
        raise RuntimeError("database is down")

    monkeypatch.setattr("notifications.tasks.sms_send_now", explode)
    with caplog.at_level(logging.ERROR, logger="notifications.tasks"):
        assert send_sms.delay("9876543210", "hello").get() is False
    assert "unexpected error" in caplog.text


@pytest.mark.faults
def test_an_unreachable_queue_keeps_the_text_and_sends_it_once_the_queue_is_back(settings, db, monkeypatch, caplog):
    """Issue 46.2: the request never waits on the queue: the text is kept as a row, and queued once
    the broker answers again (sent at once here, as tasks run inline)."""
    from common.models import QueuedTask
    from common.outbox import broker_breaker, queued_tasks_send

    settings.SMS_BACKEND = "outbox"
    real_apply_async = Task.apply_async

    def broker_down(self, *args, **kwargs):
        raise OperationalError("Error 111 connecting to redis")

    monkeypatch.setattr(Task, "apply_async", broker_down)
    send_sms.app.conf.task_always_eager = False
    try:
        with caplog.at_level(logging.ERROR, logger="common.outbox"):
            send_sms.delay("9876543210", "hello", "key-1")
            send_sms.delay("9876543211", "again", "key-2")  # the breaker is open: kept without trying
        assert "Task queue unreachable" in caplog.text
        assert caplog.text.count("Task queue unreachable") == 1
        assert not SmsMessage.objects.exists()
        kept = QueuedTask.objects.order_by("pk")
        assert [(row.task, row.args) for row in kept] == [
            ("notifications.tasks.send_sms", ["9876543210", "hello", "key-1"]),
            ("notifications.tasks.send_sms", ["9876543211", "again", "key-2"]),
        ]
        monkeypatch.setattr(Task, "apply_async", real_apply_async)
        send_sms.app.conf.task_always_eager = True
        monkeypatch.setattr(send_sms.app, "send_task", lambda name, args, kwargs, countdown: send_sms.apply(args))
        assert queued_tasks_send(send_sms.app) == 2
    finally:
        send_sms.app.conf.task_always_eager = True
        broker_breaker.close()
    assert [message.text for message in SmsMessage.objects.order_by("pk")] == ["hello", "again"]
    assert not QueuedTask.objects.exists()


@pytest.mark.redis
def test_task_goes_through_the_real_broker_and_retries(msg91, monkeypatch):
    """The Redis broker, a worker and the retry countdown: a 503, then the message goes out."""
    import time
    import uuid

    from celery.contrib.testing.worker import start_worker

    app = send_sms.app  # the project's Celery app, without importing the project package

    monkeypatch.setattr("notifications.tasks.SMS_RETRY_DELAYS", (0.2, 0.2, 0.2))
    queue = f"notifications-test-{uuid.uuid4().hex}"  # other test runs may share this Redis
    msg91.replies.append((503, "busy"))
    app.conf.task_always_eager = False  # the autouse fixture of conftest.py sets it back for the next test
    try:
        with start_worker(app, pool="solo", perform_ping_check=False, queues=[queue], shutdown_timeout=10):
            send_sms.apply_async(("9876543210", "through redis"), queue=queue)
            deadline = time.monotonic() + 15
            while len(msg91.requests) < 2 and time.monotonic() < deadline:
                time.sleep(0.05)
    finally:
        app.conf.task_always_eager = True
    assert len(msg91.requests) == 2
    assert msg91.requests[1]["body"]["recipients"][0]["content"] == "through redis"
