"""The error answers every operation may give, written into the OpenAPI schema once.

Every API error is `{"message": "..."}` (`common.api_errors`), so a client generated from the schema
(or a schema checker such as schemathesis) learns the statuses without each view listing them.
"""

ERROR_SCHEMA_NAME = "ErrorMessage"
ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "message": {"type": "string", "description": "What went wrong, for the shopper to read"},
        "errors": {"type": "object", "description": "Field-by-field detail of a 400", "additionalProperties": True},
        "code": {"type": "string", "description": "A machine code such as price_changed or out_of_stock"},
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


def add_error_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook: document the error statuses an operation may answer."""
    result.setdefault("components", {}).setdefault("schemas", {})[ERROR_SCHEMA_NAME] = ERROR_SCHEMA
    reference = {"$ref": f"#/components/schemas/{ERROR_SCHEMA_NAME}"}
    for operations in result.get("paths", {}).values():
        for method, operation in operations.items():
            if method not in {"get", "head", *WRITE_METHODS}:
                continue
            statuses = {**EVERY_OPERATION, **(WRITES if method in WRITE_METHODS else {})}
            responses = operation.setdefault("responses", {})
            for status, description in statuses.items():
                responses.setdefault(
                    status, {"description": description, "content": {"application/json": {"schema": reference}}}
                )
    return result
