"""Check an API answer against the OpenAPI schema the shop publishes at /api/schema/."""

from functools import cache

import jsonschema
from drf_spectacular.generators import SchemaGenerator


@cache
def published_schema() -> dict:
    return _as_json_schema(SchemaGenerator().get_schema(request=None, public=True))


def _as_json_schema(node):
    """OpenAPI 3.0's `nullable: true` as JSON Schema's extra "null" type, everywhere in the tree."""
    if isinstance(node, list):
        return [_as_json_schema(item) for item in node]
    if not isinstance(node, dict):
        return node
    node = {key: _as_json_schema(value) for key, value in node.items()}
    if node.pop("nullable", False):
        if "type" in node:
            node["type"] = [node["type"], "null"]
        else:
            node = {"anyOf": [node, {"type": "null"}]}
    return node


def assert_documented(response, method: str, path: str) -> None:
    """`response` (to `method path`, path as the schema names it: /api/orders/{public_id}) is what
    the schema promises for its status code, headers aside."""
    schema = published_schema()
    operation = schema["paths"][path][method.lower()]
    documented = operation["responses"].get(str(response.status_code))
    assert documented is not None, f"{method} {path} does not document {response.status_code}"
    body_schema = documented["content"]["application/json"]["schema"]
    # OpenAPI 3.0 schemas are JSON Schema draft 4 in spirit (`exclusiveMaximum: true`).
    jsonschema.Draft4Validator({**body_schema, "components": schema["components"]}).validate(response.json())


def request_errors(body, method: str, path: str) -> list[str]:
    """What the published request schema of `method path` finds wrong with the JSON `body`."""
    schema = published_schema()
    content = schema["paths"][path][method.lower()]["requestBody"]["content"]
    body_schema = content["application/json"]["schema"]
    validator = jsonschema.Draft4Validator({**body_schema, "components": schema["components"]})
    return [error.message for error in validator.iter_errors(body)]
