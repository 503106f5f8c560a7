from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError

from accounts import services
from accounts.models import Consent, PhoneOtp, RevokedToken, User
from common.errors import DomainError


class UserCreationForm(AdminUserCreationForm):
    class Meta:
        model = User
        fields = ("phone_no", "name")

    def clean_username(self):
        # Django's form checks a `username` field; the phone number is unique on the model itself.
        return self.cleaned_data.get("username")


class UserEditForm(UserChangeForm):
    actor: User | None = None  # the signed-in staff member (UserAdmin.get_form sets it)

    class Meta:
        model = User
        fields = "__all__"

    def clean(self):
        """Taking away the admin flag follows the shop's rule: not your own, never the last admin."""
        cleaned = super().clean()
        if self.instance.pk and self.instance.is_staff and "is_staff" in cleaned and not cleaned["is_staff"]:
            try:
                services.admin_demotion_check(actor=self.actor, user=self.instance)
            except DomainError as error:
                raise ValidationError(error.message) from None
        return cleaned


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    """Django's user admin, keyed by phone number; the password only changes through its own form."""

    form = UserEditForm
    add_form = UserCreationForm
    fieldsets = (
        (None, {"fields": ("phone_no", "name", "password")}),
        ("Delivery address", {"fields": ("street", "city", "postal_code", "latitude", "longitude")}),
        ("Access", {"fields": ("is_staff", "is_active")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
        ("Personal data (DPDP)", {"fields": ("deletion_requested_at", "erased_at")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("phone_no", "name", "usable_password", "password1", "password2")}),
    )
    readonly_fields = ("last_login", "date_joined", "deletion_requested_at", "erased_at")
    list_display = ("phone_no", "name", "city", "postal_code", "is_staff", "is_active", "date_joined")
    list_filter = ("is_staff", "is_active")
    search_fields = ("phone_no", "name")
    ordering = ("id",)
    filter_horizontal = ()

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.actor = request.user
        return form


@admin.register(PhoneOtp)
class PhoneOtpAdmin(admin.ModelAdmin):
    """Codes sent, for support questions ("I got no SMS"); the code itself is never shown."""

    list_display = ("phone_no", "purpose", "created_at", "expires_at", "attempts", "used_at", "consumed_at")
    list_filter = ("purpose",)
    search_fields = ("phone_no",)
    date_hierarchy = "created_at"
    fields = ("phone_no", "purpose", "created_at", "expires_at", "attempts", "used_at", "consumed_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(RevokedToken)
class RevokedTokenAdmin(admin.ModelAdmin):
    list_display = ("jti", "user", "revoked_at", "expires_at")
    search_fields = ("jti", "user__phone_no")
    list_select_related = ("user",)
    readonly_fields = ("jti", "user", "revoked_at", "expires_at")

    def has_add_permission(self, request) -> bool:
        return False


@admin.register(Consent)
class ConsentAdmin(admin.ModelAdmin):
    """DPDP consents as recorded (accounts/privacy.py): read only, the record of what was agreed."""

    list_display = ("user", "purpose", "notice_version", "language", "granted_at", "withdrawn_at")
    list_filter = ("purpose", "notice_version")
    search_fields = ("user__phone_no",)
    list_select_related = ("user",)
    fields = ("user", "purpose", "notice_version", "language", "granted_at", "withdrawn_at")
    readonly_fields = fields

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False
