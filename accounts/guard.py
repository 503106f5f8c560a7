"""Limits on guessing: a password or an OTP may be tried only so often for one phone number.

Per-IP request rates (accounts/throttles.py) slow one client down; they do nothing against many
addresses guessing the same account. Here the count belongs to the target instead: a phone
number (or, for staff sign-in, also an address) gets `GUESS_FREE_FAILURES` wrong tries, then must
wait `GUESS_BASE_WAIT_SECONDS`, doubling with each further failure up to `GUESS_MAX_WAIT_SECONDS`.
A success clears the count. The counts live in the shared cache and last a day after the last try.

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

    @property
    def _count_key(self) -> str:
        return f"guard:{self.scope}:{self.target}:count"

    @property
    def _gate_key(self) -> str:
        return f"guard:{self.scope}:{self.target}:gate"


def _wait_after(failures: int, free: int) -> int:
    """Seconds to wait after the `failures`-th failure in a row (0 while tries are free)."""
    if failures < free:
        return 0
    return min(settings.GUESS_BASE_WAIT_SECONDS * 2 ** min(failures - free, 30), settings.GUESS_MAX_WAIT_SECONDS)


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


def guess_begin(*, scope: str, target: str, message: str, free: int | None = None) -> Guess:
    """Reserve one try, or raise TooManyRequests(`message` + the wait, retryAfter=seconds).

    `free` wrong tries in a row cost nothing (default settings.GUESS_FREE_FAILURES).
    """
    free = settings.GUESS_FREE_FAILURES if free is None else free
    guess = Guess(scope=scope, target=target, free=free)
    tries = _count_up(guess._count_key)
    if tries <= free:
        return guess
    now = time.time()
    if cache.add(guess._gate_key, now + CLAIM_SECONDS, CLAIM_SECONDS):
        return Guess(scope=scope, target=target, free=free, holds_gate=True)
    # Refused tries do not count: the wait grows with failures, not with impatience.
    cache.decr(guess._count_key)
    until = cache.get(guess._gate_key) or now + 1
    wait = max(1, math.ceil(until - now))
    refusal = gettext("{refusal} Please try again in {wait}.").format(refusal=message, wait=_in_words(wait))
    raise TooManyRequests(refusal, retryAfter=wait)


def guess_failed(guess: Guess) -> None:
    """The secret was wrong: from the free tries' end on, close the gate for the next wait."""
    failures = cache.get(guess._count_key) or 0
    wait = _wait_after(failures, guess.free)
    if wait:
        cache.set(guess._gate_key, time.time() + wait, wait)
    else:
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
