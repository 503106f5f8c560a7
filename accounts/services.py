"""Writes of the accounts app: sign-in, registration, password reset, profile, address, admin edits."""

from django.conf import settings
from django.contrib.auth import authenticate
from django.contrib.auth.hashers import UNUSABLE_PASSWORD_PREFIX
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import ProtectedError
from django.utils import timezone
from django.utils.translation import gettext, gettext_lazy

from accounts.errors import (
    ACCOUNT_EXISTS,
    CANNOT_CHANGE_OWN_ROLE,
    CANNOT_DELETE_ADMIN,
    CANNOT_DEMOTE_SELF,
    CURRENT_PASSWORD_REQUIRED,
    CURRENT_PASSWORD_WRONG,
    LAST_ADMIN,
    LOGIN_FAILED,
    LOGIN_LOCKED,
    LOGIN_LOCKED_IP,
    NO_ACCOUNT,
    PASSWORD_REQUIRED,
    PHONE_TAKEN,
    ROLE_INVALID,
    Conflict,
    InvalidInput,
    LoginFailed,
    NotFound,
    TooManyRequests,
)
from accounts.guard import (
    guess_begin,
    guess_failed,
    guess_released,
    password_guess_begin,
    password_guess_succeeded,
    password_guesses_clear,
)
from accounts.models import PhoneOtp, User
from accounts.otp import phone_verification_consume
from accounts.privacy import (
    account_deletion_allowed,
    consent_check_notice_version,
    consents_record_at_registration,
    phone_free_for_registration,
)
from accounts.roles import Role, role_forget, role_of
from accounts.rules import (
    clean_language,
    clean_name,
    clean_new_password,
    clean_phone,
    clean_postal_code,
)
from common.gstin import buyer_checked
from common.india import latitude, longitude
from common.text import clean_text

# "Not sent" for the optional arguments of partial updates (None can be a real value: no location).
UNCHANGED = object()

STREET_MAX_LENGTH = User._meta.get_field("street").max_length
CITY_MAX_LENGTH = User._meta.get_field("city").max_length


def user_authenticate(*, phone_no, password, client_ip: str = "", free_failures_per_ip: int | None = None) -> User:
    """The user with this phone and password; one message for every wrong pair.

    Wrong passwords are counted per phone number and `client_ip`, and the number's count from every
    address slows strangers only (accounts/guard.py: nobody can lock the owner out); with
    `free_failures_per_ip` they are counted per `client_ip` across numbers too (staff sign-in).
    Known and unknown numbers count alike.
    """
    phone_no = clean_phone(phone_no)
    if not password:
        raise InvalidInput(PASSWORD_REQUIRED)
    guesses = password_guess_begin(phone_no=phone_no, client_ip=client_ip, message=LOGIN_LOCKED)
    if free_failures_per_ip is not None:
        try:
            guesses.append(
                guess_begin(scope="login-ip", target=client_ip, message=LOGIN_LOCKED_IP, free=free_failures_per_ip)
            )
        except TooManyRequests:
            for guess in guesses:
                guess_released(guess)
            raise
    # Django's backend hashes the password even for an unknown number, so timing tells nothing.
    user = authenticate(request=None, username=phone_no, password=str(password))
    if user is None:
        for guess in guesses:
            guess_failed(guess)
        raise LoginFailed(LOGIN_FAILED)
    # A right password proves nothing about the other tries from that address: they still count.
    if free_failures_per_ip is not None:
        guess_released(guesses.pop())
    password_guess_succeeded(guesses, phone_no=phone_no, client_ip=client_ip)
    User.objects.filter(pk=user.pk).update(last_login=timezone.now())
    return user


def _create_user(*, phone_no: str, password: str, name: str, language: str) -> User:
    try:
        with transaction.atomic():
            return User.objects.create_user(phone_no, password, name=name, language=language)
    except IntegrityError:
        raise Conflict(ACCOUNT_EXISTS) from None
    except ValidationError as exc:
        if any(error.code == "unique" for error in exc.error_dict.get("phone_no", [])):
            raise Conflict(ACCOUNT_EXISTS) from None
        raise InvalidInput(" ".join(exc.messages)) from None


def user_register(
    *,
    name,
    phone_no,
    password,
    verification_token,
    language: str = settings.LANGUAGE_CODE,
    offer_sms: bool = False,
    notice_version=None,
) -> User:
    """A new customer whose phone number an OTP proved (the token from `otp_verify`), who keeps
    `language` (the one they registered in) for the texts the shop sends them.

    The token is checked before anything else, so only the proven owner of a number learns
    whether it already has an account. Registering after the privacy notice (`notice_version`, the
    one the page showed; old clients send none) records the essential consent, and the optional
    offer-SMS one when ticked (accounts/privacy.py). A number whose old account is being deleted
    registers again: that account is erased first. A number with an account staff made for a
    phone order (no password yet) claims that account, with its orders (`user_create_unclaimed`).
    """
    phone_no = clean_phone(phone_no)
    name = clean_name(name)
    language = clean_language(language)
    clean_new_password(password, user=User(phone_no=phone_no, name=name))
    consent_check_notice_version(notice_version)
    with transaction.atomic():
        phone_verification_consume(token=verification_token, phone_no=phone_no, purpose=PhoneOtp.Purpose.REGISTER)
        phone_free_for_registration(phone_no=phone_no)
        unclaimed = _unclaimed_accounts().select_for_update().filter(phone_no=phone_no).first()
        if unclaimed is not None:
            user = _claim(unclaimed, password=password, name=name, language=language)
        elif User.objects.filter(phone_no=phone_no).exists():
            raise Conflict(ACCOUNT_EXISTS)  # rolls the token back: it is not spent
        else:
            user = _create_user(phone_no=phone_no, password=password, name=name, language=language)
        consents_record_at_registration(user=user, offer_sms=bool(offer_sms), language=language)
        return user


def _unclaimed_accounts():
    """Customers' accounts that nobody can sign in to yet: made by staff for a phone order, with no
    password (never staff, never the counter's inactive walk-in account or an erased one)."""
    return User.objects.filter(
        is_active=True, is_staff=False, erased_at__isnull=True, password__startswith=UNUSABLE_PASSWORD_PREFIX
    ).exclude(groups__name__in=Role.values)


def is_unclaimed(user: User) -> bool:
    return _unclaimed_accounts().filter(pk=user.pk).exists()


def _claim(user: User, *, password: str, name: str, language: str) -> User:
    """The owner of the number, proven by the OTP, takes the account staff made: their password,
    name and language from now on; its orders, address and store credit stay theirs."""
    user.set_password(password)
    user.name = name
    user.language = language
    user.save(update_fields=["password", "name", "language"])
    return user


def user_create_unclaimed(*, phone_no, name, language: str = settings.LANGUAGE_CODE) -> User:
    """A customer's account made by staff taking their order by phone: no password, so nobody signs
    in to it until the owner of the number claims it with the OTP sign-up (`user_register`).
    409 when the number already has an account."""
    phone_no = clean_phone(phone_no)
    name = clean_name(name)
    language = clean_language(language)
    user = User(phone_no=phone_no, name=name, language=language)
    user.set_unusable_password()
    try:
        with transaction.atomic():
            user.save()
    except IntegrityError:
        raise Conflict(ACCOUNT_EXISTS) from None
    return user


def user_reset_password(*, phone_no, password, verification_token) -> User:
    """A new password for the owner of a phone an OTP proved; every older token stops working.

    Known and unknown numbers get the same answers until the token is checked; a `reset` code
    for an unknown number is never texted, so no token for one exists.
    """
    phone_no = clean_phone(phone_no)
    # An account being deleted is not given a new password (it signs in no more).
    user = User.objects.filter(phone_no=phone_no, deletion_requested_at__isnull=True).first()
    clean_new_password(password, user=user or User(phone_no=phone_no))
    with transaction.atomic():
        phone_verification_consume(token=verification_token, phone_no=phone_no, purpose=PhoneOtp.Purpose.RESET)
        if user is None:
            raise NotFound(NO_ACCOUNT)
        user.set_password(password)
        user.save(update_fields=["password"])
    password_guesses_clear(phone_no=phone_no)
    return user


def _apply_address(user: User, *, street=UNCHANGED, city=UNCHANGED, postal_code=UNCHANGED, required: bool) -> list[str]:
    changed = []
    if street is not UNCHANGED:
        user.street = clean_text(street, label=gettext_lazy("Street"), max_length=STREET_MAX_LENGTH, required=required)
        changed.append("street")
    if city is not UNCHANGED:
        user.city = clean_text(city, label=gettext_lazy("City"), max_length=CITY_MAX_LENGTH, required=required)
        changed.append("city")
    if postal_code is not UNCHANGED:
        user.postal_code = clean_postal_code(postal_code, required=required)
        changed.append("postal_code")
    return changed


def _apply_location(user: User, location) -> list[str]:
    """`location` is {latitude, longitude}; None, or both null, clears it."""
    if location is None or (location.get("latitude") is None and location.get("longitude") is None):
        user.latitude = user.longitude = None
    else:
        user.latitude = latitude(location.get("latitude"))
        user.longitude = longitude(location.get("longitude"))
    return ["latitude", "longitude"]


def user_profile_update(
    *,
    user: User,
    name=UNCHANGED,
    phone_no=UNCHANGED,
    delivery_address=UNCHANGED,
    location=UNCHANGED,
    language=UNCHANGED,
    buyer_gstin=UNCHANGED,
    buyer_name=UNCHANGED,
    password="",
    current_password="",
    client_ip: str = "",
) -> User:
    """The signed-in user's own changes. The phone number is the account's name: it cannot change.

    An empty password leaves the password alone (the profile form always sends the field). A new
    one needs `current_password`: a bearer token alone (a stolen one) must not take the account
    over (issue 33); wrong current passwords count as wrong sign-ins from `client_ip`.
    `delivery_address` is a dict with any of street, city, postal_code; blanks clear a part.
    `buyer_gstin` and `buyer_name` are the business the shopper buys for (checkout's GST invoice
    starts from it): checked as a pair by `common.gstin.buyer_checked`, the one sent alone paired
    with the one kept; both blank forget it; neither sent (the existing client) leaves it alone.
    """
    if phone_no is not UNCHANGED and phone_no not in (None, "") and str(phone_no).strip() != user.phone_no:
        raise InvalidInput(gettext("Phone number cannot be changed."))
    changed = []
    if name is not UNCHANGED:
        user.name = clean_name(name)
        changed.append("name")
    if delivery_address is not UNCHANGED:
        changed += _apply_address(user, **(delivery_address or {}), required=False)
    if location is not UNCHANGED:
        changed += _apply_location(user, location)
    if language is not UNCHANGED:
        user.language = clean_language(language)
        changed.append("language")
    if buyer_gstin is not UNCHANGED or buyer_name is not UNCHANGED:
        buyer = buyer_checked(
            user.business_gstin if buyer_gstin is UNCHANGED else buyer_gstin,
            user.business_name if buyer_name is UNCHANGED else buyer_name,
        )
        user.business_gstin, user.business_name = buyer or ("", "")
        changed += ["business_gstin", "business_name"]
    if password:
        new_password = clean_new_password(password, user=user)
        _check_current_password(user=user, current_password=current_password, client_ip=client_ip)
        user.set_password(new_password)
        changed.append("password")
    if changed:
        user.save(update_fields=changed)
    return user


def _check_current_password(*, user: User, current_password, client_ip: str) -> None:
    if not current_password:
        raise InvalidInput(CURRENT_PASSWORD_REQUIRED)
    guesses = password_guess_begin(phone_no=user.phone_no, client_ip=client_ip, message=LOGIN_LOCKED)
    if not user.check_password(str(current_password)):
        for guess in guesses:
            guess_failed(guess)
        raise InvalidInput(CURRENT_PASSWORD_WRONG)
    password_guess_succeeded(guesses, phone_no=user.phone_no, client_ip=client_ip)


def user_address_set(*, user: User, street, city, postal_code, location=UNCHANGED) -> User:
    """A whole delivery address: street, city and a 6-digit postal code."""
    changed = _apply_address(user, street=street, city=city, postal_code=postal_code, required=True)
    if location is not UNCHANGED:
        changed += _apply_location(user, location)
    user.save(update_fields=changed)
    return user


def user_address_update(
    *, user: User, street=UNCHANGED, city=UNCHANGED, postal_code=UNCHANGED, location=UNCHANGED
) -> User:
    """Some parts of the delivery address; the parts sent may not be blank."""
    changed = _apply_address(user, street=street, city=city, postal_code=postal_code, required=True)
    if location is not UNCHANGED:
        changed += _apply_location(user, location)
    if not changed:
        raise InvalidInput(gettext("Send street, city or postalCode to change."))
    user.save(update_fields=changed)
    return user


def user_address_clear(*, user: User) -> User:
    user.street = user.city = user.postal_code = ""
    user.save(update_fields=["street", "city", "postal_code"])
    return user


def admin_demotion_check(*, actor: User, user: User) -> None:
    """Nobody drops their own admin flag, and the shop always keeps one active admin (the API's
    user edit and Django admin's both ask here; call it inside the transaction that saves).

    Every admin row is locked first, in id order, so two admins demoting each other at the same
    moment take turns: the second one finds that only the user it demotes is left.
    """
    if user.pk == actor.pk:
        raise InvalidInput(CANNOT_DEMOTE_SELF)
    admins = User.objects.select_for_update().filter(is_staff=True, is_active=True).order_by("pk")
    if not [pk for pk in admins.values_list("pk", flat=True) if pk != user.pk]:
        raise InvalidInput(LAST_ADMIN)


def _role_clean(role) -> Role | None:
    if role in (None, ""):
        return None
    try:
        return Role(str(role).strip().lower())
    except ValueError:
        raise InvalidInput(ROLE_INVALID) from None


@transaction.atomic
def user_role_set(*, actor: User, user: User, role) -> User:
    """The owner gives a user a staff role, another one, or none (a customer again).

    One role per user: its group, and the owner's flag (`is_staff`, the wire's `isAdmin`) exactly
    when the role is owner. Nobody changes their own role, and taking the owner role away follows
    `admin_demotion_check` (never the last owner).
    """
    new_role = _role_clean(role)
    if user.pk == actor.pk and new_role != role_of(user):
        raise InvalidInput(CANNOT_DEMOTE_SELF if user.is_staff else CANNOT_CHANGE_OWN_ROLE)
    if user.is_staff and new_role != Role.OWNER:
        admin_demotion_check(actor=actor, user=user)
    user.groups.set(Group.objects.filter(name=new_role.value) if new_role else [])
    is_owner = new_role == Role.OWNER
    if user.is_staff != is_owner:
        user.is_staff = is_owner
        user.save(update_fields=["is_staff"])
    role_forget(user)
    return user


@transaction.atomic
def user_admin_update(
    *, actor: User, user: User, name=UNCHANGED, phone_no=UNCHANGED, is_admin=UNCHANGED, role=UNCHANGED
) -> User:
    """An admin's edit of any user: name, phone number and the role. The existing client's
    `isAdmin` still works: true makes an owner, false takes the owner role away (a customer)."""
    changed = []
    if name is not UNCHANGED:
        user.name = clean_name(name)
        changed.append("name")
    if phone_no is not UNCHANGED:
        new_phone = clean_phone(phone_no)
        if new_phone != user.phone_no:
            if User.objects.filter(phone_no=new_phone).exclude(pk=user.pk).exists():
                raise Conflict(PHONE_TAKEN)
            user.phone_no = new_phone
            changed.append("phone_no")
    if changed:
        try:
            with transaction.atomic():
                user.save(update_fields=changed)
        except IntegrityError:
            raise Conflict(PHONE_TAKEN) from None
    if role is UNCHANGED and is_admin is not UNCHANGED and bool(is_admin) != user.is_staff:
        role = Role.OWNER if is_admin else None
    if role is not UNCHANGED:
        user_role_set(actor=actor, user=user, role=role)
    return user


def user_delete(*, user: User) -> None:
    """Remove a customer. Staff stay; so does anyone with orders (the shop keeps its invoices)."""
    if role_of(user) is not None:
        raise InvalidInput(CANNOT_DELETE_ADMIN)
    try:
        with transaction.atomic():
            user.delete()
    except ProtectedError:
        raise Conflict(gettext("This user has orders and cannot be deleted.")) from None


def user_account_deletion_confirm(*, user: User, password, client_ip: str = "") -> None:
    """The shopper confirms deleting their own account with the password (a bearer token alone, a
    stolen one, must not do it; wrong ones count as wrong sign-ins); an admin is refused. The
    deletion itself spans the apps: shop/privacy.py `account_delete`."""
    _check_current_password(user=user, current_password=password, client_ip=client_ip)
    account_deletion_allowed(user=user)
