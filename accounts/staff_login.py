"""Sign-in to Django admin at /staff/: the same per-account guessing limit as the shop's login,
plus a per-address one, and every failure logged with the client's address. Every staff role
comes in (accounts/roles.py); inside, each sees only the models its group's permissions name."""

import logging

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError

from accounts import services
from accounts.errors import InvalidInput, LoginFailed, TooManyRequests
from accounts.roles import is_staff_member
from common.client_ip import client_ip

logger = logging.getLogger("accounts.staff_login")


def staff_may_enter(request) -> bool:
    """Django admin's door (`admin.site.has_permission`): any active staff member, by role."""
    return is_staff_member(request.user)


class StaffAuthenticationForm(AdminAuthenticationForm):
    def confirm_login_allowed(self, user) -> None:
        AuthenticationForm.confirm_login_allowed(self, user)  # active accounts only
        if not is_staff_member(user):
            raise ValidationError(
                self.error_messages["invalid_login"],
                code="invalid_login",
                params={"username": self.username_field.verbose_name},
            )

    def clean(self):
        phone_no = self.cleaned_data.get("username")
        password = self.cleaned_data.get("password")
        if phone_no is None or not password:
            return self.cleaned_data
        address = client_ip(self.request) if self.request is not None else ""
        try:
            self.user_cache = services.user_authenticate(
                phone_no=phone_no,
                password=password,
                client_ip=address,
                free_failures_per_ip=settings.STAFF_LOGIN_FREE_FAILURES_PER_IP,
            )
        except TooManyRequests as exc:
            logger.warning("Staff sign-in refused for %s from %s: %s", phone_no, address, exc.message)
            raise ValidationError(exc.message, code="too_many_attempts") from None
        except (LoginFailed, InvalidInput):
            logger.warning("Failed staff sign-in for %s from %s", phone_no, address)
            raise self.get_invalid_login_error() from None
        try:
            self.confirm_login_allowed(self.user_cache)
        except ValidationError:
            logger.warning("Staff sign-in by a non-staff account %s from %s", phone_no, address)
            raise
        return self.cleaned_data
