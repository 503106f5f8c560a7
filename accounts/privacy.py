"""The Digital Personal Data Protection Act 2023 in the shop (issue 28): the notice shown at
sign-up, consent with its notice version and time, withdrawing the optional consent, and what the
accounts app itself holds about a person (the account, its address, consents and OTP records).

A shopper's copy of their data and the deletion of an account span every app that holds personal
data; shop/privacy.py assembles them from each app's own `personal_data_export` /
`personal_data_erase` (this module's are the account's part). Deleting an account is two steps:
the account stops at once (`account_deactivate`: no sign-in, every token refused, as
`accounts.authentication` refuses inactive users, the token in hand revoked); its personal data is
erased later by a task, the hourly purge, or a registration of the same number
(`phone_free_for_registration`).

Erasing the account replaces the name ("Deleted user") and the phone number (a placeholder that is
not a phone number, so the number can register again), clears the address, the location and the
business GSTIN and name kept for checkout (a proprietor's GSTIN holds their PAN), and
deletes the OTP records to the number; the consents stay as the record of what was agreed.
"""

from collections.abc import Callable

from django.db import transaction
from django.db.models import QuerySet
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.errors import CANNOT_DELETE_ADMIN, Conflict, InvalidInput
from accounts.models import Consent, PhoneOtp, User
from accounts.roles import is_staff_member, role_of
from accounts.rules import clean_language
from accounts.tokens import access_token_revoke
from common.seller import seller

# The notice's version: change it whenever the notice says something new, so each consent names
# the text the shopper was shown.
NOTICE_VERSION = "2026-11-26"

# Registration: the version the client showed must be this one (an old client sends none).
NOTICE_CHANGED = gettext_lazy("The privacy notice has changed. Please read it again and register.")
ERASED_NAME = "Deleted user"


def privacy_notice() -> dict:
    """The itemised notice of DPDP Act s.5 in the active language: what, why, how to withdraw or
    complain, whom to contact (the grievance officer from the seller settings, common/seller.py)."""
    found = seller()
    officer = ", ".join(
        part
        for part in (found.officer_name, found.officer_designation, found.officer_phone, found.officer_email)
        if part
    )
    items = [
        {
            "key": "collected",
            "title": gettext("What we collect"),
            "text": gettext(
                "Your name, mobile number and password; your delivery address and, if you share it, your "
                "location; your orders and the problems you report."
            ),
        },
        {
            "key": "purpose",
            "title": gettext("Why"),
            "text": gettext(
                "To run your account, deliver your orders, send order and OTP messages by SMS, issue GST "
                "invoices and answer your complaints. We do not sell your data."
            ),
        },
        {
            "key": "offers",
            "title": gettext("Offers by SMS (optional)"),
            "text": gettext("Only if you tick the box below. You can stop them at any time in your profile."),
        },
        {
            "key": "rights",
            "title": gettext("Your choices"),
            "text": gettext(
                "In your profile you can withdraw consent for offers, download your data and delete your "
                "account. Invoices are kept for the time tax law requires."
            ),
        },
        {
            "key": "contact",
            "title": gettext("Questions or complaints"),
            "text": gettext(
                "Grievance Officer: %(officer)s. You may also complain to the Data Protection Board of India."
            )
            % {"officer": officer or found.care_phone},
        },
    ]
    return {
        "version": NOTICE_VERSION,
        "items": items,
        "agreement": gettext("By registering you agree to this use of your data."),
        "offerSmsLabel": gettext("Send me offers by SMS"),
    }


# --- Consent ------------------------------------------------------------------------------------


def consent_check_notice_version(version) -> None:
    """A client that showed the notice names its version; an old one (None) showed none."""
    if version not in (None, "") and str(version) != NOTICE_VERSION:
        raise Conflict(NOTICE_CHANGED)


def consents_record_at_registration(*, user: User, offer_sms: bool, language: str) -> None:
    """Registering is consenting to the essential processing the notice describes; `offer_sms`
    only when the shopper ticked it."""
    now = timezone.now()
    purposes = [Consent.Purpose.ESSENTIAL] + ([Consent.Purpose.OFFER_SMS] if offer_sms else [])
    Consent.objects.bulk_create(
        Consent(user=user, purpose=purpose, notice_version=NOTICE_VERSION, language=language, granted_at=now)
        for purpose in purposes
    )


def offer_sms_allowed(*, user: User) -> bool:
    return Consent.objects.filter(user=user, purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True).exists()


def users_accepting_offer_sms() -> QuerySet[User]:
    """Whom an offer SMS may go to: active accounts with an offer consent not withdrawn. The shop
    sends no offers by SMS yet; whatever does must pick its recipients here."""
    consenting = Consent.objects.filter(purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True)
    return User.objects.filter(is_active=True, pk__in=consenting.values("user_id"))


@transaction.atomic
def offer_sms_set(*, user: User, allowed: bool, language: str = "") -> bool:
    """Grant (a new consent under the current notice) or withdraw (the open one closes); asking for
    the state it is already in changes nothing."""
    User.objects.select_for_update().filter(pk=user.pk).first()  # two taps at once: one row
    open_consents = Consent.objects.filter(user=user, purpose=Consent.Purpose.OFFER_SMS, withdrawn_at__isnull=True)
    if allowed and not open_consents.exists():
        Consent.objects.create(
            user=user,
            purpose=Consent.Purpose.OFFER_SMS,
            notice_version=NOTICE_VERSION,
            language=clean_language(language or user.language),
        )
    elif not allowed:
        open_consents.update(withdrawn_at=timezone.now())
    return bool(allowed)


# --- What the account holds ---------------------------------------------------------------------


def _iso(moment) -> str | None:
    return moment.isoformat() if moment else None


def personal_data_export(user: User) -> dict:
    """The profile, the address and the consents, in two queries at most (the role, the consents)."""
    return {
        "profile": {
            "name": user.name,
            "phoneNo": user.phone_no,
            "language": user.language,
            "dateJoined": _iso(user.date_joined),
            "isAdmin": user.is_staff,
            "role": role_of(user),
            "businessGstin": user.business_gstin,
            "businessName": user.business_name,
        },
        "addresses": [
            {
                "street": user.street,
                "city": user.city,
                "postalCode": user.postal_code,
                "location": (
                    {"latitude": float(user.latitude), "longitude": float(user.longitude)}
                    if user.latitude is not None and user.longitude is not None
                    else None
                ),
            }
        ]
        if (user.street or user.city or user.postal_code or user.latitude is not None)
        else [],
        "consents": [
            {
                "purpose": consent.purpose,
                "noticeVersion": consent.notice_version,
                "language": consent.language,
                "grantedAt": _iso(consent.granted_at),
                "withdrawnAt": _iso(consent.withdrawn_at),
            }
            for consent in Consent.objects.filter(user=user).order_by("granted_at", "id")
        ],
    }


def erased_phone(user_id: int) -> str:
    """Unique and never a phone number (those start 6-9): `d` and the id, 10 characters."""
    return f"d{user_id:09d}"


def personal_data_erase(user: User) -> dict[str, int]:
    """Pseudonymise the account (the caller holds its row lock, `account_locked_for_erasure`): the
    last of the apps' erasures, as the others find their rows by the phone number it replaces."""
    otps, _ = PhoneOtp.objects.filter(phone_no=user.phone_no).delete()
    user.name = ERASED_NAME
    user.phone_no = erased_phone(user.pk)
    user.street = user.city = user.postal_code = ""
    user.business_gstin = user.business_name = ""
    user.latitude = user.longitude = None
    user.is_active = False
    user.set_unusable_password()
    user.erased_at = timezone.now()
    user.save()
    return {"accounts": 1, "phoneOtps": otps}


# --- Delete my account: the account's part --------------------------------------------------------


def account_deletion_allowed(*, user: User) -> None:
    """Admins are not deleted here (the shop keeps one); they are removed in the users list."""
    if is_staff_member(user):
        raise InvalidInput(CANNOT_DELETE_ADMIN)


def account_locked(*, user: User) -> User:
    """The account's row, locked for the rest of the transaction: one deletion at a time."""
    return User.objects.select_for_update().get(pk=user.pk)


def account_deactivate(*, user: User, token=None) -> User:
    """The shopper asked to delete the account (the caller holds its lock): it signs in no more and
    every token stops at once; the optional consents are withdrawn."""
    if user.deletion_requested_at is None:
        user.deletion_requested_at = timezone.now()
    user.is_active = False
    user.save(update_fields=["deletion_requested_at", "is_active"])
    Consent.objects.filter(user=user, withdrawn_at__isnull=True).update(withdrawn_at=timezone.now())
    if token is not None:
        access_token_revoke(token=token, user=user)
    return user


def account_locked_for_erasure(*, user_id: int) -> User | None:
    """The account, locked, when its deletion was requested and it is not erased yet; else None."""
    user = User.objects.select_for_update().filter(pk=user_id).first()
    if user is None or user.deletion_requested_at is None or user.erased_at is not None:
        return None
    return user


def accounts_awaiting_erasure() -> QuerySet[User]:
    return User.objects.filter(deletion_requested_at__isnull=False, erased_at__isnull=True)


class _WholeErasure:
    """Erasing a person is every app's work, assembled above them all (shop/privacy.py), and
    accounts imports none of those apps: the assembly hands its `personal_data_erase(user_id=...)`
    over when the project starts (`shop.apps`), as orders hands the catalog its delivered check."""

    erase: Callable[..., bool] | None = None


whole_erasure = _WholeErasure()


def phone_free_for_registration(*, phone_no: str) -> None:
    """A number whose account is being deleted registers again at once: that account's data is
    erased now rather than within the day (everywhere, before the number has a new owner)."""
    erase = whole_erasure.erase
    if erase is None:
        return  # not assembled (never in the running shop): the number stays taken until the purge
    for user_id in accounts_awaiting_erasure().filter(phone_no=phone_no).values_list("pk", flat=True):
        erase(user_id=user_id)
