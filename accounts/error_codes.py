"""Accounts' error codes (`common.error_codes`): a sign-in refused."""

from common.error_codes import ErrorCode


class AccountErrorCode(ErrorCode):
    USER_NOT_FOUND = "user_not_found", "The sign-in's account no longer exists"
    TOKEN_REVOKED = "token_revoked", "The sign-in was ended (signed out): sign in again"
    USER_INACTIVE = "user_inactive", "The account is switched off"
    PASSWORD_CHANGED = "password_changed", "The password changed after this sign-in: sign in again"
