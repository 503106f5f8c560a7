"""Phone OTP, decided on the server (DESIGN.md, "Phone OTP is verified on the server").

1. `otp_send`: a 6-digit code from `secrets` goes by SMS; only its HMAC is stored. One send per
   phone per OTP_RESEND_SECONDS; the answer never tells whether the number has an account.
2. `otp_verify`: the latest code of that phone and purpose, if unexpired, unused and tried fewer
   than OTP_MAX_TRIES times, answers a signed verification token (OTP_VERIFICATION_TOKEN_TTL_SECONDS,
   bound to phone and purpose).
3. `phone_verification_consume`: registration and password reset spend the token, once.
"""

import hmac
import math
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta

from django.conf import settings
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.utils import timezone
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext, gettext_lazy, ngettext

from accounts.errors import OTP_LOCKED, Forbidden, InvalidInput, TooManyRequests
from accounts.guard import guess_begin, guess_failed, guess_released, guess_succeeded
from accounts.models import PhoneOtp, User
from accounts.rules import clean_phone
from notifications.budget import SmsBudgetSpent, otp_budget_take
from notifications.messages import otp_text
from notifications.services import sms_queue

Purpose = PhoneOtp.Purpose

# Rules of the code itself, not configuration: a shorter code or more tries makes guessing easier,
# and the texts and the API's schema promise these numbers.
OTP_LENGTH = 6
OTP_TTL_SECONDS = 5 * 60
OTP_MAX_TRIES = 5
OTP_RESEND_SECONDS = 5 * 60
OTP_VERIFICATION_TOKEN_TTL_SECONDS = 10 * 60

OTP_SENT = gettext_lazy("OTP sent successfully!")
VERIFY_FIRST = gettext_lazy("Please verify your phone number with the OTP first.")
VERIFICATION_INVALID = gettext_lazy(
    "Your phone verification is invalid or has expired. Please verify your phone number again."
)
VERIFICATION_USED = gettext_lazy(
    "This phone verification has already been used. Please verify your phone number again."
)
WAIT_TO_RESEND = gettext_lazy("Please wait {wait} seconds before requesting another OTP.")


@dataclass(frozen=True)
class OtpSent:
    message: str
    resend_in: int


def clean_purpose(value) -> str:
    purpose = str(value or "").strip()
    if purpose not in Purpose.values:
        raise InvalidInput(gettext("Purpose must be register or reset."))
    return purpose


def _code_hash(*, phone_no: str, purpose: str, code: str) -> str:
    return salted_hmac("accounts.otp.code", f"{phone_no}:{purpose}:{code}", algorithm="sha256").hexdigest()


def _seconds_until(moment: datetime, now: datetime) -> int:
    return max(1, math.ceil((moment - now).total_seconds()))


def _resend_lock_key(phone_no: str) -> str:
    return f"accounts:otp-send:{phone_no}"


def _check_resend_allowed(*, phone_no: str, now: datetime) -> None:
    resend_gap = OTP_RESEND_SECONDS
    last_sent = (
        PhoneOtp.objects.filter(phone_no=phone_no).order_by("-created_at").values_list("created_at", flat=True).first()
    )
    if last_sent and (now - last_sent).total_seconds() < resend_gap:
        wait = _seconds_until(last_sent + timedelta(seconds=resend_gap), now)
        raise TooManyRequests(WAIT_TO_RESEND.format(wait=wait), retryAfter=wait)
    # Two requests at the same moment both pass the check above; only one takes the lock.
    if not cache.add(_resend_lock_key(phone_no), now.timestamp(), timeout=resend_gap):
        raise TooManyRequests(WAIT_TO_RESEND.format(wait=resend_gap), retryAfter=resend_gap)


def otp_send(*, phone_no, purpose, language: str = settings.LANGUAGE_CODE) -> OtpSent:
    """The same answer whether or not the number has an account, so that nobody can ask.

    A `register` code also goes to a known number: its owner learns that the account exists when
    registering, after the code proved the number is theirs. A `reset` code for an unknown number
    is recorded but never texted (nobody could use it, and each SMS costs money). The text is in
    the account's language, or in `language` (the asking page's) for a number with no account.
    """
    phone_no = clean_phone(phone_no)
    purpose = clean_purpose(purpose)
    now = timezone.now()
    _check_resend_allowed(phone_no=phone_no, now=now)
    account_language = User.objects.filter(phone_no=phone_no).values_list("language", flat=True).first()
    texted = purpose == Purpose.REGISTER or account_language is not None
    if texted:
        try:
            otp_budget_take(phone_no=phone_no, has_account=account_language is not None)
        except SmsBudgetSpent:
            cache.delete(_resend_lock_key(phone_no))  # nothing was sent: the number may ask again later
            raise
    code = f"{secrets.randbelow(10**OTP_LENGTH):0{OTP_LENGTH}d}"
    PhoneOtp.objects.create(
        phone_no=phone_no,
        purpose=purpose,
        code_hash=_code_hash(phone_no=phone_no, purpose=purpose, code=code),
        created_at=now,
        expires_at=now + timedelta(seconds=OTP_TTL_SECONDS),
    )
    if texted:
        text = otp_text(code=code, language=account_language or language, minutes=OTP_TTL_SECONDS // 60)
        sms_queue(phone_no=phone_no, text=text, about=f"{purpose} OTP SMS")
    return OtpSent(message=str(OTP_SENT), resend_in=OTP_RESEND_SECONDS)


def _token_salt(purpose: str) -> str:
    return f"accounts.phone-verification.{purpose}"


def _otp_try(*, phone_no: str, purpose: str, code: str) -> tuple[PhoneOtp, bool]:
    """Check `code` against the latest code of this phone and purpose; a wrong one counts a try."""
    max_tries = OTP_MAX_TRIES
    with transaction.atomic():
        otp = (
            PhoneOtp.objects.select_for_update()
            .filter(phone_no=phone_no, purpose=purpose)
            .order_by("-created_at", "-id")
            .first()
        )
        now = timezone.now()
        if otp is None:
            raise InvalidInput(gettext("Please request an OTP first."))
        if otp.used_at is not None:
            raise InvalidInput(gettext("This OTP has already been used. Please request a new one."))
        if now >= otp.expires_at:
            raise InvalidInput(gettext("This OTP has expired. Please request a new one."))
        if otp.attempts >= max_tries:
            raise InvalidInput(gettext("Too many wrong tries. Please request a new OTP."))
        right = hmac.compare_digest(otp.code_hash, _code_hash(phone_no=phone_no, purpose=purpose, code=code))
        if right:
            otp.used_at = now
            otp.save(update_fields=["used_at"])
        else:
            otp.attempts += 1
            otp.save(update_fields=["attempts"])
    return otp, right


def otp_verify(*, phone_no, code, purpose) -> str:
    """The verification token for a right code; every refusal says why."""
    phone_no = clean_phone(phone_no)
    purpose = clean_purpose(purpose)
    code = str(code or "").strip()
    if len(code) != OTP_LENGTH or not (code.isascii() and code.isdigit()):
        raise InvalidInput(gettext("Please enter the {length}-digit OTP.").format(length=OTP_LENGTH))

    guess = guess_begin(scope="otp", target=phone_no, message=OTP_LOCKED)
    try:
        otp, right = _otp_try(phone_no=phone_no, purpose=purpose, code=code)
    except InvalidInput:
        guess_released(guess)  # nothing was guessed: no code, used, expired or out of tries
        raise
    if right:
        guess_succeeded(guess)
    else:
        guess_failed(guess)
        tries_left = OTP_MAX_TRIES - otp.attempts
        if tries_left:
            raise InvalidInput(
                ngettext("Incorrect OTP. {tries} try left.", "Incorrect OTP. {tries} tries left.", tries_left).format(
                    tries=tries_left
                )
            )
        raise InvalidInput(gettext("Incorrect OTP. Please request a new one."))
    return signing.dumps({"phone": phone_no, "otp": otp.pk}, salt=_token_salt(purpose))


def phone_verification_consume(*, token, phone_no: str, purpose: str) -> None:
    """Spend a verification token of this phone and purpose; run it inside the caller's transaction."""
    if not token:
        raise InvalidInput(VERIFY_FIRST)
    try:
        data = signing.loads(str(token), salt=_token_salt(purpose), max_age=OTP_VERIFICATION_TOKEN_TTL_SECONDS)
    except signing.BadSignature:
        raise Forbidden(VERIFICATION_INVALID) from None
    if not isinstance(data, dict) or data.get("phone") != phone_no:
        raise Forbidden(VERIFICATION_INVALID)
    spent = PhoneOtp.objects.filter(
        pk=data.get("otp"), phone_no=phone_no, purpose=purpose, used_at__isnull=False, consumed_at__isnull=True
    ).update(consumed_at=timezone.now())
    if not spent:
        raise Forbidden(VERIFICATION_USED)


def phone_otps_purge(*, older_than: timedelta) -> int:
    """Forget codes sent longer ago than `older_than`; answers how many rows went."""
    deleted, _ = PhoneOtp.objects.filter(created_at__lt=timezone.now() - older_than).delete()
    return deleted
