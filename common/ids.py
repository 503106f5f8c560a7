"""Reading a row id out of a URL segment or a JSON body."""

from drf_spectacular.extensions import OpenApiSerializerFieldExtension
from rest_framework import serializers

# Beyond 18 digits a number no longer fits a 64-bit primary key, and PostgreSQL would refuse the
# query instead of finding nothing.
MAX_ID_DIGITS = 18


def as_row_id(ref) -> int | None:
    """The id that `ref` spells in ASCII digits, or None (`"12"` → 12; `"¹"`, `"abc"`, `"0"` → None).

    `str.isdigit()` alone also accepts superscripts and other scripts' digits that `int()` rejects.
    """
    text = str(ref).strip()
    if not (text.isascii() and text.isdigit() and len(text) <= MAX_ID_DIGITS):
        return None
    number = int(text)
    return number if number > 0 else None


class WireIdField(serializers.Field):
    """An id as the wire writes it (`"12"`, or `12`), as a positive integer."""

    default_error_messages = {
        "invalid": '{name} must be an id such as "12".',
        "null": "{name} is required.",
        "required": "{name} is required.",
    }

    def fail(self, key, **kwargs):
        super().fail(key, name=self.field_name, **kwargs)

    def to_internal_value(self, data):
        row_id = as_row_id(data) if isinstance(data, (int, str)) and not isinstance(data, bool) else None
        if row_id is None:
            self.fail("invalid")
        return row_id

    def to_representation(self, value):
        return None if value is None else str(value)


class WireIdFieldSchema(OpenApiSerializerFieldExtension):
    """In the OpenAPI schema: a string in answers; in requests, what `as_row_id` takes (a positive
    whole number of at most 18 digits, as a JSON number or a string of ASCII digits)."""

    target_class = WireIdField

    def map_serializer_field(self, auto_schema, direction):
        if direction == "response":
            return {"type": "string"}
        largest = 10**MAX_ID_DIGITS - 1
        return {
            "oneOf": [
                {"type": "integer", "minimum": 1, "maximum": largest},
                {"type": "string", "pattern": r"^0*[1-9][0-9]*$", "maxLength": MAX_ID_DIGITS},
            ],
            "description": 'An id: "12" or 12',
        }
