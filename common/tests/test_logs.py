"""Logs: a request id on every line and into tasks, one line per request, nothing private written."""

import json
import logging

import pytest

from common import logs
from common.logs import JsonFormatter, TextFormatter, redact


@pytest.mark.parametrize(
    ("written", "kept_out"),
    [
        ("Authorization: Bearer abc.def-123", "abc.def-123"),
        ("token eyJhbGciOiJIUzI1NiJ9.eyJ1c2VyX2lkIjoxfQ.c2lnbmF0dXJl seen", "eyJ1c2VyX2lkIjoxfQ"),
        ('body {"password": "hunter22", "phoneNo": "x"}', "hunter22"),
        ("otp=482913 for the number", "482913"),
        ("api_key=sk_live_9f8e7d", "sk_live_9f8e7d"),
        ("SMS to 9876500001 failed", "9876500001"),
        ("call +91 9876500001", "9876500001"),
    ],
)
def test_secrets_and_phone_numbers_never_reach_a_line(written, kept_out):
    assert kept_out not in redact(written)


def test_a_phone_number_keeps_its_first_and_last_two_digits():
    assert redact("SMS to 9876500001 failed") == "SMS to 98******01 failed"


def test_order_ids_amounts_and_invoice_numbers_stay_readable():
    line = "order Xy12 placed by user 7 for 1234.50 (SMLR/2026/000123), pincode 533201"
    assert redact(line) == line


def record(message, *args, **extra):
    entry = logging.LogRecord("payments", logging.WARNING, __file__, 1, message, args, None)
    for name, value in extra.items():
        setattr(entry, name, value)
    return entry


def test_a_json_line_has_the_request_id_and_is_masked():
    line = json.loads(JsonFormatter().format(record("SMS to %s failed", "9876500001", request_id="req-12345678")))

    assert line["message"] == "SMS to 98******01 failed"
    assert line["request_id"] == "req-12345678"
    assert line["level"] == "WARNING"
    assert line["logger"] == "payments"


def test_a_text_line_is_masked_too():
    assert TextFormatter("%(message)s").format(record("password=%s", "hunter22")) == "password=[redacted]"


@pytest.mark.django_db
class TestRequests:
    def test_each_answer_names_its_request_id_and_one_line_is_logged(self, client, caplog):
        caplog.set_level(logging.INFO, logger="shop.requests")

        answer = client.get("/api/config")

        request_id = answer["X-Request-ID"]
        assert len(request_id) == 32
        lines = [entry for entry in caplog.records if entry.name == "shop.requests"]
        assert len(lines) == 1
        assert (lines[0].method, lines[0].route, lines[0].status, lines[0].user_id) == ("GET", "api/config", 200, None)
        assert lines[0].duration_ms >= 0

    def test_a_proxys_request_id_is_kept_and_a_forged_one_replaced(self, client):
        assert client.get("/api/config", HTTP_X_REQUEST_ID="nginx-4f1c2a9b")["X-Request-ID"] == "nginx-4f1c2a9b"
        forged = client.get("/api/config", HTTP_X_REQUEST_ID="<script>alert(1)</script>")["X-Request-ID"]
        assert forged != "<script>alert(1)</script>" and len(forged) == 32

    def test_the_signed_in_users_id_is_on_the_line(self, as_user, customer, caplog):
        caplog.set_level(logging.INFO, logger="shop.requests")

        as_user(customer).get("/api/users/profile")

        (line,) = [entry for entry in caplog.records if entry.name == "shop.requests"]
        assert line.user_id == customer.pk


def test_a_queued_task_carries_the_request_id_and_logs_it():
    token = logs.request_id.set("req-from-checkout")
    headers: dict = {}
    try:
        logs.task_published(headers)
    finally:
        logs.request_id.reset(token)

    class Task:
        class request:  # noqa: N801 - as Celery names it
            headers = None
            request_id = None

    Task.request.request_id = headers["request_id"]
    logs.task_started(Task)
    try:
        assert logs.request_id.get() == "req-from-checkout"
    finally:
        logs.task_ended()
    assert logs.request_id.get() == "-"
