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


def test_debug_off_turns_on_https_protections_whatever_shop_env_says():
    """Issue 33.3: HSTS and secure cookies hung on SHOP_ENV=production, a second switch; a shop
    left at SHOP_ENV's default with DEBUG=0 served without them."""
    result = _run(
        {"DEBUG": "0", "ALLOWED_HOSTS": "shop.example.in"},
        "shell",
        "-c",
        "from django.conf import settings as s; "
        "print(s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, s.SECURE_HSTS_SECONDS > 0, s.PAYMENT_SANDBOX)",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.splitlines()[-1].split() == ["True", "True", "True", "False"]


def test_check_deploy_fails_when_hsts_is_off_with_debug_off():
    result = _run({**PRODUCTION, "SECURE_HSTS_SECONDS": "0"}, "check", "--deploy")

    assert result.returncode != 0
    assert "shop.E001" in result.stderr + result.stdout


def test_the_sandbox_is_off_with_debug_off_and_check_deploy_fails_when_it_is_switched_on():
    """Issue 33.3: with SHOP_ENV left at its default and DEBUG=0 the sandbox took "payments" with no money."""
    local_debug_off = {"DEBUG": "0", "ALLOWED_HOSTS": "shop.example.in", "SMS_BACKEND": "outbox"}
    refused = _run(local_debug_off, "check")
    assert refused.returncode != 0
    assert "payments.E002" in refused.stderr + refused.stdout

    demo = _run({**PRODUCTION, "PAYMENT_GATEWAY": "sandbox", "PAYMENT_SANDBOX": "Y"}, "check", "--deploy")
    assert demo.returncode != 0
    assert "payments.E006" in demo.stderr + demo.stdout
    assert "payments.E002" not in demo.stderr + demo.stdout


def test_the_sandbox_is_on_with_debug_on():
    result = _run({"DEBUG": "1"}, "shell", "-c", "from django.conf import settings; print(settings.PAYMENT_SANDBOX)")
    assert result.stdout.splitlines()[-1].split() == ["True"], result.stderr


def test_a_replica_url_adds_the_replica_and_its_router():
    shown = _run(
        {
            "DATABASE_URL": "postgres://shop@10.0.0.5:5432/shop",
            "DATABASE_REPLICA_URL": "postgres://shop@10.0.0.6:5432/shop",
        },
        "shell",
        "-c",
        "from django.conf import settings as s; r = s.DATABASES['replica']; "
        "print(r['HOST'], r['TEST']['MIRROR'], s.DATABASE_ROUTERS, 'check' in r['OPTIONS']['pool'])",
    )

    assert shown.returncode == 0, shown.stderr
    assert shown.stdout.strip().splitlines()[-1] == "10.0.0.6 default ['shop.db_routers.ReplicaRouter'] True"


def test_a_replica_of_sqlite_is_refused_at_start():
    refused = _run({"DATABASE_REPLICA_URL": "postgres://shop@10.0.0.6:5432/shop"}, "check")

    assert refused.returncode != 0
    assert "DATABASE_REPLICA_URL needs DATABASE_URL to be PostgreSQL" in refused.stderr
