import re

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser, BaseUserManager
from django.contrib.auth.models import Permission
from django.core.validators import RegexValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy

from accounts.roles import role_of
from common.gstin import BUYER_NAME_LIMIT

# Spec section 8: what 'Use Current Location' fills in for the parts it could not find.
UNKNOWN_ADDRESS_PARTS = frozenset({"unknown street", "unknown city", "unknown postal code"})

# An Indian mobile number: 10 ASCII digits, the first 6 to 9 (`\d` also took other scripts' digits).
# The one statement of the rule: the model's validator, `rules.clean_phone` and the API schema use it.
PHONE_PATTERN = re.compile(r"^[6-9][0-9]{9}$")
phone_validator = RegexValidator(PHONE_PATTERN, gettext_lazy("Please enter a valid 10-digit phone number."))


class UserManager(BaseUserManager):
    use_in_migrations = True

    def create_user(self, phone_no: str, password: str | None = None, **fields):
        if not phone_no:
            raise ValueError("A phone number is required")
        user = self.model(phone_no=phone_no, **fields)
        user.set_password(password)
        user.full_clean(exclude=["password"])
        user.save(using=self._db)
        return user

    def create_superuser(self, phone_no: str, password: str | None = None, **fields):
        fields["is_staff"] = True
        # createsuperuser asks only for the phone number and the password; the name can follow later.
        fields.setdefault("name", "Admin")
        return self.create_user(phone_no, password, **fields)


class User(AbstractBaseUser):
    """A shopper or a staff member, known by a 10-digit Indian mobile number.

    `is_staff` is the spec's `isAdmin`, the owner's flag: every permission in the shop's screens
    and Django admin. The other staff roles (cashier, packer, rider) are Django groups with their
    model permissions (accounts/roles.py); a customer is in none.
    """

    phone_no = models.CharField("phone number", max_length=10, unique=True, validators=[phone_validator])
    name = models.CharField(max_length=120, blank=True)
    is_staff = models.BooleanField("admin", default=False)
    is_active = models.BooleanField(default=True)
    # The staff role's group (accounts/roles.py), one at most; set through `user_role_set`.
    groups = models.ManyToManyField(
        "auth.Group", verbose_name="role", blank=True, related_name="user_set", related_query_name="user"
    )
    date_joined = models.DateTimeField(default=timezone.now)
    # The customer's language (settings.LANGUAGES): the shop's texts sent by SMS are in it, and the
    # islands switch to it after a sign-in. Registration stores the language the shopper was using.
    language = models.CharField(max_length=5, choices=settings.LANGUAGES, default=settings.LANGUAGE_CODE)

    street = models.CharField(max_length=255, blank=True)
    city = models.CharField(max_length=120, blank=True)
    postal_code = models.CharField(max_length=6, blank=True)
    latitude = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)
    longitude = models.DecimalField(max_digits=9, decimal_places=6, null=True, blank=True)

    # The business a shopper buys for, kept to fill checkout's GST invoice (issue 43): both or
    # neither, checked by `common.gstin.buyer_checked` (`user_profile_update`), as an invoice's is.
    business_gstin = models.CharField("business GSTIN", max_length=15, blank=True, default="")
    business_name = models.CharField("business legal name", max_length=BUYER_NAME_LIMIT, blank=True, default="")

    # DPDP Act 2023 (accounts/privacy.py): the shopper asked to delete the account (it is inactive
    # from that moment), and when its personal data was erased (name, phone, address, location).
    deletion_requested_at = models.DateTimeField(null=True, blank=True)
    erased_at = models.DateTimeField("personal data erased at", null=True, blank=True)

    objects = UserManager()

    USERNAME_FIELD = "phone_no"
    REQUIRED_FIELDS: list[str] = []

    class Meta:
        ordering = ["id"]

    def __str__(self) -> str:
        return f"{self.name or 'Customer'} ({self.phone_no})"

    @property
    def is_admin(self) -> bool:
        return self.is_staff

    @property
    def staff_role(self):
        """The staff role (accounts/roles.py), or None for a customer; common/permissions.py asks it."""
        return role_of(self)

    @property
    def is_superuser(self) -> bool:
        return self.is_staff

    def has_perm(self, perm, obj=None) -> bool:
        """Django admin's question: the owner may do everything; another role what its group holds."""
        if not self.is_active:
            return False
        return self.is_staff or perm in self._group_permissions()

    def has_module_perms(self, app_label) -> bool:
        if not self.is_active:
            return False
        return self.is_staff or any(name.startswith(f"{app_label}.") for name in self._group_permissions())

    def _group_permissions(self) -> set[str]:
        if not hasattr(self, "_group_permission_cache"):
            rows = Permission.objects.filter(group__user=self).values_list("content_type__app_label", "codename")
            self._group_permission_cache = {f"{app_label}.{codename}" for app_label, codename in rows}
        return self._group_permission_cache

    @property
    def has_complete_address(self) -> bool:
        """Street, city and postal code all filled in, none of them a 'Use Current Location' fallback.

        The offline lookup knows the town and pincode but never the street, so the profile form
        fills in the spec's fallback texts; an order cannot be delivered to "Unknown Street".
        """
        parts = (self.street, self.city, self.postal_code)
        return all(part.strip() and part.strip().casefold() not in UNKNOWN_ADDRESS_PARTS for part in parts)


class PhoneOtp(models.Model):
    """One code sent by SMS to prove a phone number, for registration or a password reset.

    Only an HMAC of the code is kept. The latest code of a phone and purpose is the one that
    counts; `consumed_at` marks the verification token made from it as spent.
    """

    class Purpose(models.TextChoices):
        REGISTER = "register", "Register"
        RESET = "reset", "Reset password"

    phone_no = models.CharField("phone number", max_length=10)
    purpose = models.CharField(max_length=10, choices=Purpose.choices)
    code_hash = models.CharField(max_length=64)
    created_at = models.DateTimeField(default=timezone.now)
    expires_at = models.DateTimeField()
    attempts = models.PositiveSmallIntegerField("wrong tries", default=0)
    used_at = models.DateTimeField("verified at", null=True, blank=True)
    consumed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["phone_no", "purpose", "-created_at"], name="phoneotp_latest")]
        verbose_name = "phone OTP"

    def __str__(self) -> str:
        return f"{self.get_purpose_display()} OTP for {self.phone_no}"


class RevokedToken(models.Model):
    """An access token signed out before it expired; `jti` is the token's id claim."""

    jti = models.CharField(max_length=64, unique=True)
    user = models.ForeignKey("User", on_delete=models.CASCADE, related_name="revoked_tokens")
    expires_at = models.DateTimeField(db_index=True)
    revoked_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-revoked_at"]

    def __str__(self) -> str:
        return f"token {self.jti} of user {self.user_id}"


class Consent(models.Model):
    """One consent given under the DPDP Act 2023: for what, under which version of the notice, in
    which language, when; `withdrawn_at` once taken back. Granting again adds a new row, so the
    history stays. `essential` is the service itself (registering is consenting to it, after the
    notice); `offer_sms` is optional and may be withdrawn at any time (accounts/privacy.py)."""

    class Purpose(models.TextChoices):
        ESSENTIAL = "essential", "Essential (account, orders, delivery, invoices)"
        OFFER_SMS = "offer_sms", "Offer SMS"

    user = models.ForeignKey("User", on_delete=models.CASCADE, related_name="consents")
    purpose = models.CharField(max_length=20, choices=Purpose.choices)
    notice_version = models.CharField(max_length=20)
    language = models.CharField(max_length=5, choices=settings.LANGUAGES)
    granted_at = models.DateTimeField(default=timezone.now)
    withdrawn_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["granted_at", "id"]
        indexes = [models.Index(fields=["user", "purpose"], name="consent_user_purpose")]

    def __str__(self) -> str:
        return f"{self.purpose} consent of user {self.user_id} ({self.notice_version})"
