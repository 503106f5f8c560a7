"""Error codes: one table per app, the one place a code is declared (issue 40: about 50 codes were
string literals repeated in OpenAPI prose).

An error answer is `{"message": ..., "code": ...}` (`common.api_errors`); the message is for the
shopper, the code for a client to act on. Each app lists the codes it answers in its
`error_codes.py`, as an `ErrorCode` enum whose members are the codes themselves (so
`code=OrderErrorCode.INVALID_TRANSITION` and `code="invalid_transition"` are the same string) with
what each means; a code is declared once, by the lowest app that raises it, and apps above raise
it from there. `common/tests/test_error_codes.py` holds every `code="..."` in the apps to a table,
and the OpenAPI schema's `code` is described from the tables (`openapi_description`).

The tables are found by name, as Django finds `admin.py`: common imports no app.
"""

from enum import StrEnum
from importlib import import_module
from importlib.util import find_spec


class ErrorCode(StrEnum):
    """A table of one app's codes: `NAME = "name", "What it means, for a client"`."""

    def __new__(cls, value: str, description: str):
        member = str.__new__(cls, value)
        member._value_ = value
        member.description = description
        return member


def _tables() -> list[type[ErrorCode]]:
    from django.apps import apps

    found = []
    for config in apps.get_app_configs():
        name = f"{config.name}.error_codes"
        if find_spec(name) is None:
            continue
        module = import_module(name)
        found += [
            value
            for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, ErrorCode) and value is not ErrorCode and value.__members__
        ]
    return found


def error_tables() -> dict[str, type[ErrorCode]]:
    """`{"orders": OrderErrorCode, ...}`: each app's table by the app's package name."""
    return {table.__module__.split(".")[0]: table for table in _tables()}


def openapi_description() -> str:
    """The OpenAPI text for an error's `code`: every code of every app and what it means."""
    lines = ["A machine code for a client to act on (the message is for the shopper to read):"]
    for app, table in sorted(error_tables().items()):
        lines += [f"- `{code.value}` ({app}): {code.description}" for code in table]
    return "\n".join(lines)


class CommonErrorCode(ErrorCode):
    """Codes of the rules every app shares (`common.idempotency`, `common.text`)."""

    IDEMPOTENCY_KEY_REQUIRED = "idempotency_key_required", "The request needs an Idempotency-Key header"
    IDEMPOTENCY_KEY_INVALID = "idempotency_key_invalid", "The Idempotency-Key is not a usable key"
    IDEMPOTENCY_KEY_REUSED = "idempotency_key_reused", "The Idempotency-Key was used for a different request"
    IDEMPOTENCY_KEY_IN_USE = "idempotency_key_in_use", "A request with this Idempotency-Key is still running"
    REASON_REQUIRED = "reason_required", "This step needs a reason"
    REASON_TOO_LONG = "reason_too_long", "The reason is longer than the shop keeps (300 characters)"
    GSTIN_FORMAT = "gstin_format", "The GSTIN is not 15 characters of the GSTIN pattern"
    GSTIN_STATE = "gstin_state", "The GSTIN's first two digits are no Indian state's code"
    GSTIN_CHECK = "gstin_check", "The GSTIN's last character is not its check character"
    INVALID_BUYER_NAME = "invalid_name", "The business buyer's legal name is missing or too long"
    BUYER_NEEDS_BOTH = "buyer_needs_both", "A business buyer needs both the GSTIN and the legal name"
