"""The base of every domain error. Services raise these; `common.api_errors` maps them to HTTP."""


class DomainError(Exception):
    """A rule of the shop was broken. `status` is the HTTP status the API answers with."""

    status = 400

    def __init__(self, message: str, **extra):
        super().__init__(message)
        self.message = message
        self.extra = extra


class NotFound(DomainError):
    status = 404


class Conflict(DomainError):
    status = 409


class Forbidden(DomainError):
    status = 403


class InvalidValue(DomainError):
    """A value someone typed or sent cannot be used (not a number, out of range, too long...)."""

    status = 400
