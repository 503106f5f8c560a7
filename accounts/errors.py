"""The accounts app's domain errors and the texts a shopper reads."""

from django.utils.translation import gettext_lazy

from common.errors import Conflict, DomainError, Forbidden, InvalidValue, NotFound


class InvalidInput(InvalidValue):
    pass


class LoginFailed(DomainError):
    status = 401


class TooManyRequests(DomainError):
    status = 429


PHONE_INVALID = gettext_lazy("Please enter a valid 10-digit phone number.")
LOGIN_FAILED = gettext_lazy("Invalid phone number or password")
LOGIN_LOCKED = gettext_lazy("Too many wrong passwords for this phone number.")
CURRENT_PASSWORD_REQUIRED = gettext_lazy("Please enter your current password to change it.")
CURRENT_PASSWORD_WRONG = gettext_lazy("Your current password is not right.")
LOGIN_LOCKED_IP = gettext_lazy("Too many failed sign-ins from your network.")
OTP_LOCKED = gettext_lazy("Too many wrong OTPs for this phone number.")
ACCOUNT_EXISTS = gettext_lazy("An account with this phone number already exists. Please sign in.")
PHONE_TAKEN = gettext_lazy("An account with this phone number already exists.")
NO_ACCOUNT = gettext_lazy("No account found with this phone number.")
USER_NOT_FOUND = gettext_lazy("User not found")
CANNOT_DELETE_ADMIN = gettext_lazy("Cannot delete admin user")
CANNOT_DEMOTE_SELF = gettext_lazy("You cannot remove your own admin rights.")
LANGUAGE_INVALID = gettext_lazy("Language must be en (English) or te (Telugu).")
LAST_ADMIN = gettext_lazy("The shop needs at least one admin; make someone else an admin first.")
PASSWORD_REQUIRED = gettext_lazy("Password is required.")
ROLE_INVALID = gettext_lazy("Role must be owner, cashier, packer, rider or none.")
CANNOT_CHANGE_OWN_ROLE = gettext_lazy("You cannot change your own role.")

__all__ = [
    "Conflict",
    "DomainError",
    "Forbidden",
    "InvalidInput",
    "LoginFailed",
    "NotFound",
    "TooManyRequests",
]
