from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import PhoneOtp, RevokedToken

pytestmark = pytest.mark.django_db


def _otp(age: timedelta) -> PhoneOtp:
    created = timezone.now() - age
    return PhoneOtp.objects.create(
        phone_no="9123456780",
        purpose="register",
        code_hash="x" * 64,
        created_at=created,
        expires_at=created + timedelta(minutes=5),
    )


def test_purge_keeps_recent_records(customer):
    recent, old = _otp(timedelta(days=1)), _otp(timedelta(days=8))
    RevokedToken.objects.create(jti="live", user=customer, expires_at=timezone.now() + timedelta(hours=1))
    RevokedToken.objects.create(jti="dead", user=customer, expires_at=timezone.now() - timedelta(hours=1))
    out = StringIO()
    call_command("purge_auth_records", stdout=out)
    assert list(PhoneOtp.objects.all()) == [recent]
    assert not PhoneOtp.objects.filter(pk=old.pk).exists()
    assert list(RevokedToken.objects.values_list("jti", flat=True)) == ["live"]
    assert out.getvalue().strip() == "Deleted 1 OTP records and 1 expired revoked tokens."


def test_purge_days_is_an_option():
    _otp(timedelta(days=3))
    call_command("purge_auth_records", "--days", "2", stdout=StringIO())
    assert not PhoneOtp.objects.exists()


def test_purge_refuses_zero_days():
    _otp(timedelta(minutes=1))
    err = StringIO()
    call_command("purge_auth_records", "--days", "0", stdout=StringIO(), stderr=err)
    assert PhoneOtp.objects.exists()
    assert "--days must be at least 1" in err.getvalue()


def test_the_daily_beat_task_purges_the_same_records(customer, settings):
    from accounts.tasks import purge_auth_records

    old = _otp(timedelta(days=8))
    RevokedToken.objects.create(jti="dead", user=customer, expires_at=timezone.now() - timedelta(hours=1))

    assert purge_auth_records.delay().get() == (1, 1)
    assert not PhoneOtp.objects.filter(pk=old.pk).exists()
    assert settings.CELERY_BEAT_SCHEDULE["purge-auth-records"]["task"] == "accounts.tasks.purge_auth_records"
