from django import forms
from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.contrib.auth.forms import AdminUserCreationForm, UserChangeForm
from django.core.exceptions import ValidationError

from accounts import services
from accounts.errors import CANNOT_CHANGE_OWN_ROLE, CANNOT_DEMOTE_SELF
from accounts.models import Consent, PhoneOtp, RevokedToken, User
from accounts.roles import Role, role_of
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

    role = forms.ChoiceField(
        choices=[("", "Customer (no staff role)"), *Role.choices],
        required=False,
        help_text="Owner: everything. Cashier: the counter, phone orders, looking up. Packer: board, pick lists, "
        "packing. Rider: delivery sheet, delivered, cash collected.",
    )

    class Meta:
        model = User
        fields = "__all__"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if self.instance.pk:
            role = role_of(self.instance) if self.instance.is_active else None
            self.initial["role"] = role.value if role else ""

    def clean(self):
        """A role changes by the shop's rule: not your own, never the last owner (user_role_set saves it)."""
        cleaned = super().clean()
        if self.instance.pk and "role" in self.changed_data:
            new_role = cleaned.get("role") or None
            try:
                if self.instance.pk == getattr(self.actor, "pk", None):
                    raise DomainError(CANNOT_DEMOTE_SELF if self.instance.is_staff else CANNOT_CHANGE_OWN_ROLE)
                if self.instance.is_staff and new_role != Role.OWNER:
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
        ("Access", {"fields": ("role", "is_active")}),
        ("Dates", {"fields": ("last_login", "date_joined")}),
        ("Personal data (DPDP)", {"fields": ("deletion_requested_at", "erased_at")}),
    )
    add_fieldsets = (
        (None, {"classes": ("wide",), "fields": ("phone_no", "name", "usable_password", "password1", "password2")}),
    )
    readonly_fields = ("last_login", "date_joined", "deletion_requested_at", "erased_at")
    list_display = ("phone_no", "name", "city", "postal_code", "is_staff", "is_active", "date_joined")
    list_filter = ("groups", "is_staff", "is_active")
    search_fields = ("phone_no", "name")
    ordering = ("id",)
    filter_horizontal = ()

    def get_form(self, request, obj=None, **kwargs):
        form = super().get_form(request, obj, **kwargs)
        form.actor = request.user
        return form

    def save_model(self, request, obj, form, change) -> None:
        super().save_model(request, obj, form, change)
        if change and "role" in form.changed_data:
            services.user_role_set(actor=request.user, user=obj, role=form.cleaned_data.get("role") or None)


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
