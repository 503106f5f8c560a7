"""Races that only a real database shows: the OTP row lock, the single-use token, the resend lock."""

import threading

import pytest
from django.db import connection

from accounts.errors import DomainError
from accounts.models import PhoneOtp, User
from accounts.otp import otp_send, otp_verify
from accounts.services import user_authenticate, user_register
from accounts.tests.conftest import NEW_PHONE, last_code, wrong_code
from notifications.models import SmsMessage

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]


def run_at_once(count: int, work) -> list:
    """Run `work()` in `count` threads released together; the result or the DomainError of each."""
    barrier = threading.Barrier(count)
    results: list = [None] * count

    def runner(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work()
        except DomainError as exc:
            results[index] = exc
        finally:
            connection.close()

    threads = [threading.Thread(target=runner, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_the_right_code_sent_at_once_gives_one_token():
    otp_send(phone_no=NEW_PHONE, purpose="register")
    code = last_code(NEW_PHONE)
    results = run_at_once(6, lambda: otp_verify(phone_no=NEW_PHONE, code=code, purpose="register"))
    tokens = [result for result in results if isinstance(result, str)]
    assert len(tokens) == 1
    assert all(
        getattr(result, "message", "").startswith("This OTP has already been used")
        for result in results
        if not isinstance(result, str)
    )


def test_wrong_tries_at_once_are_all_counted(settings):
    settings.GUESS_FREE_FAILURES = 100  # the per-code count alone, without the per-phone one
    otp_send(phone_no=NEW_PHONE, purpose="register")
    code = wrong_code(last_code(NEW_PHONE))
    results = run_at_once(8, lambda: otp_verify(phone_no=NEW_PHONE, code=code, purpose="register"))
    assert PhoneOtp.objects.get().attempts == 5
    messages = sorted(result.message for result in results)
    assert messages.count("Too many wrong tries. Please request a new OTP.") == 3


def test_a_burst_of_wrong_passwords_gets_no_more_tries_than_a_sequence(make_user):
    user = make_user(NEW_PHONE)
    results = run_at_once(12, lambda: user_authenticate(phone_no=user.phone_no, password="wrong"))
    statuses = sorted(result.status for result in results)
    # Five free tries, then one try holds the gate; the rest wait.
    assert statuses.count(401) <= 6
    assert statuses.count(429) >= 6


def test_one_verification_registers_one_account_even_at_once():
    otp_send(phone_no=NEW_PHONE, purpose="register")
    token = otp_verify(phone_no=NEW_PHONE, code=last_code(NEW_PHONE), purpose="register")
    results = run_at_once(
        4,
        lambda: user_register(name="Asha", phone_no=NEW_PHONE, password="fresh-pass-9", verification_token=token),
    )
    assert sum(isinstance(result, User) for result in results) == 1
    assert {result.status for result in results if isinstance(result, DomainError)} <= {403, 409}
    assert User.objects.filter(phone_no=NEW_PHONE).count() == 1


def test_sends_at_once_text_the_phone_once():
    results = run_at_once(5, lambda: otp_send(phone_no=NEW_PHONE, purpose="register"))
    assert sum(not isinstance(result, DomainError) for result in results) == 1
    assert {result.status for result in results if isinstance(result, DomainError)} == {429}
    assert SmsMessage.objects.filter(phone_no=NEW_PHONE).count() == 1


def test_two_admins_demoting_each_other_at_once_leave_one_admin():
    from accounts.services import user_admin_update

    first = User.objects.create_user("9876500091", "secret-pass-1", name="First Admin", is_staff=True)
    second = User.objects.create_user("9876500092", "secret-pass-1", name="Second Admin", is_staff=True)
    pairs = iter([(first, second), (second, first)])
    lock = threading.Lock()

    def demote():
        with lock:
            actor, user = next(pairs)
        return user_admin_update(actor=User.objects.get(pk=actor.pk), user=User.objects.get(pk=user.pk), is_admin=False)

    results = run_at_once(2, demote)
    assert sorted(type(result).__name__ for result in results) == ["InvalidInput", "User"]
    assert User.objects.filter(is_staff=True).count() == 1
