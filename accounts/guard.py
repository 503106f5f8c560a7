"""Limits on guessing: a password or an OTP may be tried only so often for one phone number.

Per-IP request rates (accounts/throttles.py) slow one client down; they do nothing against many
addresses guessing the same account. Here the count belongs to the target instead: a phone
number (or, for staff sign-in, also an address) gets `GUESS_FREE_FAILURES` wrong tries, then must
wait `GUESS_BASE_WAIT_SECONDS`, doubling with each further failure up to `GUESS_MAX_WAIT_SECONDS`.
A success clears the count. The counts live in the shared cache and last a day after the last try.
Passwords are counted per phone number and client address instead (the functions at the end).

Each try is reserved before the secret is checked (`guess_begin`), so a burst of parallel requests
gets no more tries than a sequence would: once the free tries are used, only one request at a
time may hold the gate, and the failure that follows sets the next wait.
"""

import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext, ngettext

from accounts.errors import TooManyRequests

COUNT_SECONDS = 24 * 60 * 60
# A reserved try past the free ones holds the gate this long at most (if its request dies).
CLAIM_SECONDS = 30


@dataclass(frozen=True)
class Guess:
    """One reserved try of `scope` (login, otp, staff-ip) against `target` (phone or address)."""

    scope: str
    target: str
    free: int
    holds_gate: bool = False
    max_wait: int | None = None

    @property
    def _count_key(self) -> str:
        return f"guard:{self.scope}:{self.target}:count"

    @property
    def _gate_key(self) -> str:
        return f"guard:{self.scope}:{self.target}:gate"


def _wait_after(failures: int, free: int, max_wait: int | None = None) -> int:
    """Seconds to wait after the `failures`-th failure in a row (0 while tries are free)."""
    if failures < free:
        return 0
    ceiling = settings.GUESS_MAX_WAIT_SECONDS if max_wait is None else max_wait
    return min(settings.GUESS_BASE_WAIT_SECONDS * 2 ** min(failures - free, 30), ceiling)


def _in_words(seconds: int) -> str:
    if seconds < 60:
        return ngettext("{count} second", "{count} seconds", seconds).format(count=seconds)
    minutes = math.ceil(seconds / 60)
    return ngettext("{count} minute", "{count} minutes", minutes).format(count=minutes)


def _count_up(key: str) -> int:
    cache.add(key, 0, COUNT_SECONDS)
    try:
        return cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, COUNT_SECONDS)
        return 1


def guess_begin(
    *, scope: str, target: str, message: str, free: int | None = None, max_wait: int | None = None
) -> Guess:
    """Reserve one try, or raise TooManyRequests(`message` + the wait, retryAfter=seconds).

    `free` wrong tries in a row cost nothing (default settings.GUESS_FREE_FAILURES); the wait
    doubles up to `max_wait` (default settings.GUESS_MAX_WAIT_SECONDS).
    """
    free = settings.GUESS_FREE_FAILURES if free is None else free
    guess = Guess(scope=scope, target=target, free=free, max_wait=max_wait)
    tries = _count_up(guess._count_key)
    if tries <= free:
        return guess
    now = time.time()
    if cache.add(guess._gate_key, now + CLAIM_SECONDS, CLAIM_SECONDS):
        return Guess(scope=scope, target=target, free=free, holds_gate=True, max_wait=max_wait)
    # Refused tries do not count: the wait grows with failures, not with impatience.
    cache.decr(guess._count_key)
    until = cache.get(guess._gate_key) or now + 1
    wait = max(1, math.ceil(until - now))
    refusal = gettext("{refusal} Please try again in {wait}.").format(refusal=message, wait=_in_words(wait))
    raise TooManyRequests(refusal, retryAfter=wait)


def guess_failed(guess: Guess) -> None:
    """The secret was wrong: from the free tries' end on, close the gate for the next wait."""
    failures = cache.get(guess._count_key) or 0
    wait = _wait_after(failures, guess.free, guess.max_wait)
    if wait:
        cache.set(guess._gate_key, time.time() + wait, wait)
    elif guess.holds_gate:
        # Only the try that holds the gate opens it: a free try failing late (a burst, a slow
        # machine) must not open the gate another try holds, or one more try gets in.
        cache.delete(guess._gate_key)


def guess_succeeded(guess: Guess) -> None:
    cache.delete_many([guess._count_key, guess._gate_key])


def guess_released(guess: Guess) -> None:
    """The try never reached the secret (no code sent, expired): it does not count."""
    try:
        cache.decr(guess._count_key)
    except ValueError:
        pass
    if guess.holds_gate:
        cache.delete(guess._gate_key)


# --- passwords: per account and address, an account-wide ceiling, the owner's ways in -----------------
#
# Counting wrong passwords per phone number alone handed attackers a lockout: five wrong tries from
# anywhere locked the owner (and the admin at /staff/) out, and one a try an hour kept it so (issue
# 33). Now a password's tries are counted per phone number *and* client address; the count a number
# takes from all addresses together only slows strangers down past PASSWORD_ACCOUNT_FREE_FAILURES
# (one try per GUESS_BASE_WAIT_SECONDS from an address the account has not signed in from), and
# never the addresses the owner signed in from in the last KNOWN_ADDRESS_SECONDS. Proving the phone
# (a password reset by OTP) clears every count of the number.

KNOWN_ADDRESS_SECONDS = 30 * 24 * 60 * 60
KNOWN_ADDRESSES_KEPT = 10


def _generation(phone_no: str) -> int:
    return cache.get(f"guard:password-generation:{phone_no}") or 0


def _known_key(phone_no: str) -> str:
    return f"guard:password-known:{phone_no}"


def password_guess_begin(*, phone_no: str, client_ip: str, message: str) -> list[Guess]:
    """Reserve a password try for `phone_no` from `client_ip`: [per address, account-wide when it applies]."""
    generation = _generation(phone_no)
    address_guess = guess_begin(scope="password", target=f"{generation}:{phone_no}:{client_ip}", message=message)
    if client_ip in (cache.get(_known_key(phone_no)) or []):
        return [address_guess]
    try:
        account_guess = guess_begin(
            scope="password-account",
            target=f"{generation}:{phone_no}",
            message=message,
            free=settings.PASSWORD_ACCOUNT_FREE_FAILURES,
            max_wait=settings.GUESS_BASE_WAIT_SECONDS,
        )
    except TooManyRequests:
        guess_released(address_guess)
        raise
    return [address_guess, account_guess]


def password_guess_succeeded(guesses: list[Guess], *, phone_no: str, client_ip: str) -> None:
    """The owner's password from `client_ip`: its count is cleared and it becomes a known address.
    The account-wide count is left: a right password proves nothing about strangers' tries."""
    guess_succeeded(guesses[0])
    for guess in guesses[1:]:
        guess_released(guess)
    known = [address for address in cache.get(_known_key(phone_no)) or [] if address != client_ip]
    cache.set(_known_key(phone_no), [client_ip, *known][:KNOWN_ADDRESSES_KEPT], KNOWN_ADDRESS_SECONDS)


def password_guesses_clear(*, phone_no: str) -> None:
    """The owner proved the phone (OTP): every password count of the number starts again."""
    key = f"guard:password-generation:{phone_no}"
    cache.add(key, 0, None)
    cache.incr(key)
