"""The accounts app's domain errors and the texts a shopper reads."""

from common.errors import Conflict, DomainError, Forbidden, InvalidValue, NotFound


class InvalidInput(InvalidValue):
    pass


class LoginFailed(DomainError):
    status = 401


class TooManyRequests(DomainError):
    status = 429


PHONE_INVALID = "Please enter a valid 10-digit phone number."
LOGIN_FAILED = "Invalid phone number or password"
LOGIN_LOCKED = "Too many wrong passwords for this phone number."
LOGIN_LOCKED_IP = "Too many failed sign-ins from your network."
OTP_LOCKED = "Too many wrong OTPs for this phone number."
ACCOUNT_EXISTS = "An account with this phone number already exists. Please sign in."
NO_ACCOUNT = "No account found with this phone number."
USER_NOT_FOUND = "User not found"
CANNOT_DELETE_ADMIN = "Cannot delete admin user"
CANNOT_DEMOTE_SELF = "You cannot remove your own admin rights."
LANGUAGE_INVALID = "Language must be en (English) or te (Telugu)."
LAST_ADMIN = "The shop needs at least one admin; make someone else an admin first."

__all__ = [
    "Conflict",
    "DomainError",
    "Forbidden",
    "InvalidInput",
    "LoginFailed",
    "NotFound",
    "TooManyRequests",
]
