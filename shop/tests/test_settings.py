"""The production profile passes Django's deployment checks; the defaults need no services."""

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _run(env_overrides: dict, *args: str) -> subprocess.CompletedProcess:
    env = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DATABASE_URL", "REDIS_URL", "SHOP_ENV", "DEBUG", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    }
    env.update(env_overrides)
    return subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )


PRODUCTION = {
    "SHOP_ENV": "production",
    "SECRET_KEY": "x" * 24 + "-production-only-key-with-enough-entropy-9f8e7d",
    "ALLOWED_HOSTS": "shop.example.in",
    "SMS_BACKEND": "outbox",
    # HTTP and websockets are separate processes: the channel layer must be Redis (not contacted by check).
    "REDIS_URL": "redis://127.0.0.1:6379/15",
    # A production shop takes real payments (payments/checks.py refuses the sandbox there).
    "PAYMENT_GATEWAY": "juspay",
    "JUSPAY_API_KEY": "key",
    "JUSPAY_MERCHANT_ID": "smlrmart",
    "JUSPAY_PAYMENT_PAGE_CLIENT_ID": "hdfcmaster",
    "JUSPAY_RESPONSE_KEY": "response-key",
    "JUSPAY_WEBHOOK_USERNAME": "webhook",
    "JUSPAY_WEBHOOK_PASSWORD": "webhook-password",
}


def test_production_profile_passes_check_deploy_without_warnings():
    result = _run(
        PRODUCTION,
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )

    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    result = _run({"SHOP_ENV": "production", "SECRET_KEY": ""}, "check")

    assert result.returncode != 0
    assert "SECRET_KEY must be set" in result.stderr


def test_production_refuses_to_start_with_console_sms():
    result = _run({**PRODUCTION, "SMS_BACKEND": "console"}, "check")

    assert result.returncode != 0
    assert "SMS_BACKEND=console prints OTP codes into the log" in result.stderr


def test_production_allows_console_sms_only_when_told_so():
    result = _run(
        {**PRODUCTION, "SMS_BACKEND": "console", "SMS_CONSOLE_ALLOWED_IN_PRODUCTION": "1"},
        "check",
        "--deploy",
        "--fail-level",
        "WARNING",
    )

    assert result.returncode == 0, result.stdout + result.stderr


def test_check_deploy_flags_console_sms():
    result = _run({"SMS_BACKEND": "console"}, "check", "--deploy")

    assert "notifications.E003" in result.stdout + result.stderr


def test_embedded_defaults_use_sqlite_memory_layers_and_eager_celery():
    code = (
        "from django.conf import settings as s;"
        "print(s.DATABASES['default']['ENGINE'], s.CHANNEL_LAYERS['default']['BACKEND'],"
        " s.CELERY_TASK_ALWAYS_EAGER, s.SMS_BACKEND, s.PAYMENT_GATEWAY, s.DEBUG)"
    )
    result = _run({}, "shell", "--no-imports", "-c", code)

    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.sqlite3",
        "channels.layers.InMemoryChannelLayer",
        "True",
        "console",
        "sandbox",
        "True",
    ]


def test_check_deploy_flags_an_in_memory_channel_layer():
    # HTTP (gunicorn) and websockets (the ws process) are separate processes in production.
    without_redis = {key: value for key, value in PRODUCTION.items() if key != "REDIS_URL"}
    result = _run(without_redis, "check", "--deploy")

    assert result.returncode != 0
    assert "realtime.E001" in result.stdout + result.stderr
