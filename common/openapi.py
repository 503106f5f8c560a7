"""The error answers every operation may give, written into the OpenAPI schema once.

Every API error is `{"message": "..."}` (`common.api_errors`), so a client generated from the schema
(or a schema checker such as schemathesis) learns the statuses without each view listing them.

Input serializers whose values a service judges publish what the service accepts (`JudgedInput`).
"""

from drf_spectacular.extensions import OpenApiSerializerExtension
from rest_framework import serializers

from common.error_codes import openapi_description
from common.india import PINCODE_PATTERN

ERROR_SCHEMA_NAME = "ErrorMessage"
ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "description": "What went wrong, for the shopper to read"},
        "errors": {"type": "object", "description": "Field-by-field detail of a 400", "additionalProperties": True},
        "code": {"type": "string", "description": "A machine code (common.error_codes: every app's table)"},
        "retryAfter": {"type": "integer", "description": "429: seconds to wait before trying again"},
    },
    "required": ["message"],
    "additionalProperties": True,
}
EVERY_OPERATION = {
    "400": "Bad input",
    "401": "No valid sign-in (or an expired one) where one is needed",
    "403": "Signed in but not allowed",
    "404": "Not found",
    "429": "Too many attempts",
    # common/middleware.py: the database or Redis cannot be reached, or a row lock was not had in time.
    "503": "The shop cannot reach a service it needs, or is busy: try again after Retry-After seconds",
}
WRITES = {"409": "Conflict: stock, price, state changed, or a duplicate"}
WRITE_METHODS = {"post", "put", "patch", "delete"}
IDEMPOTENT = {"422": "The Idempotency-Key was already used for a different request"}


def add_error_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook: document the error statuses an operation may answer."""
    error_schema = {**ERROR_SCHEMA, "properties": dict(ERROR_SCHEMA["properties"])}
    error_schema["properties"]["code"] = {"type": "string", "description": openapi_description()}
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR_SCHEMA_NAME] = error_schema
    reference = {"$ref": f"#/components/schemas/{ERROR_SCHEMA_NAME}"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in {"get", "head", *WRITE_METHODS}:
                continue
            statuses = {**EVERY_OPERATION, **(WRITES if method in WRITE_METHODS else {})}
            if any(parameter.get("name") == "Idempotency-Key" for parameter in operation.get("parameters", [])):
                statuses.update(IDEMPOTENT)
            responses = operation.setdefault("responses", {})
            for status, description in statuses.items():
                responses.setdefault(
                    status, {"description": description, "content": {"application/json": {"schema": reference}}}
                )
    return result


# An input serializer that only shapes the JSON (types and names): a service judges each value
# and words the error the shopper reads ("Please enter a valid 10-digit phone number.", not DRF's
# "phoneNo: This field is required.").
#
# `accepted` publishes, as the request schema, what that service accepts for a field (replacing
# the loose shape the serializer parses), and `accepted_required` the fields it cannot do without,
# so a client generated from the schema, or schemathesis, learns the rules without reading the
# services (`shop/tests/test_api_fuzz.py` sends what the schema allows and expects it accepted,
# and what it forbids and expects it refused).
# (A comment, not a docstring: drf-spectacular would give it to every input as its description.)
class JudgedInput(serializers.Serializer):
    accepted: dict[str, dict] = {}
    accepted_required: tuple[str, ...] = ()
    # Limits added to a field's generated schema (`{"orderItems": {"minItems": 1}}`), and to the
    # object's (`{"anyOf": [{"required": ["brandId"]}, {"required": ["detailId"]}]}`).
    accepted_limits: dict[str, dict] = {}
    accepted_object: dict = {}


class JudgedInputSchema(OpenApiSerializerExtension):
    target_class = JudgedInput
    match_subclasses = True

    def map_serializer(self, auto_schema, direction):
        schema = auto_schema._map_basic_serializer(self.target, direction)
        accepted = type(self.target).accepted
        schema["properties"].update({name: dict(field_schema) for name, field_schema in accepted.items()})
        for name, limits in type(self.target).accepted_limits.items():
            schema["properties"][name] = {**schema["properties"][name], **limits}
        schema.update(type(self.target).accepted_object)
        required = sorted(set(schema.get("required", ())) | set(type(self.target).accepted_required))
        if required:
            schema["required"] = required
        return schema


# What the server trims (Python's whitespace: str.strip(), str.split()), written out for patterns: a
# regex's `\s` differs between engines (ECMAScript's takes U+FEFF and leaves out U+001C-U+001F and
# U+0085, so `"\u0085"` passed `\S` and was a blank order id to the server).
SPACE = r"\x09-\x0d\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000"

# What the shop's rules accept, as JSON schema (OpenAPI 3.0) to put in `JudgedInput.accepted`.
# Patterns are matched whole: they are anchored, and ASCII digits only where the rules say digits.
PINCODE = {
    "type": "string",
    "pattern": f"^{PINCODE_PATTERN.pattern}$",
    "description": "6 digits, the first not 0",
}
LATITUDE = {"type": "number", "minimum": -90, "maximum": 90}
LONGITUDE = {"type": "number", "minimum": -180, "maximum": 180}


def whole_number(*, minimum: int, maximum: int) -> dict:
    """A whole number in a small range as `common.fields.WholeNumberField` reads it: `2` or `"2"`."""
    return {
        "oneOf": [
            {"type": "integer", "minimum": minimum, "maximum": maximum},
            {"type": "string", "enum": [str(number) for number in range(minimum, maximum + 1)]},
        ]
    }


def blank_or(schema: dict, *, spaces: bool = True) -> dict:
    """A query parameter whose blank value (`?pageNumber=`) means its default: spaces too as the
    catalog's lists read them (`catalog.serializers.without_blanks`), only an empty value as DRF
    reads a query string (`spaces=False`)."""
    blank = rf"^[{SPACE}]*$" if spaces else "^$"
    return {"oneOf": [schema, {"type": "string", "pattern": blank, "description": "blank: the default"}]}


def text(*, max_length: int | None = None, **extra) -> dict:
    """Free text the rules require: something besides spaces (common.text.clean_text), at most
    `max_length` characters once its spaces are squeezed."""
    schema = {"type": "string", "pattern": rf"[^{SPACE}]", **extra}
    if max_length is not None:
        schema["maxLength"] = max_length
    return schema


def any_text(*, max_length: int | None = None, **extra) -> dict:
    schema = {"type": "string", **extra}
    if max_length is not None:
        schema["maxLength"] = max_length
    return schema
