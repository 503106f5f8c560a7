"""The JSON Schemas of the messages the shop sends and receives (`ondc/schema/retail-1.2.0.json`,
written from the ONDC retail specification 1.2.0), for the tests and for ops checking a capture."""

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

SPEC_VERSION = "1.2.0"
SCHEMA_FILE = Path(__file__).parent / "schema" / f"retail-{SPEC_VERSION}.json"


@cache
def _schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text())


def described_actions() -> set[str]:
    return set(_schema()["$defs"]["actions"])


@cache
def _validator(action: str) -> Draft202012Validator:
    root = _schema()
    return Draft202012Validator({**root, "$ref": f"#/$defs/actions/{action}"})


def schema_errors(action: str, body: dict) -> list[str]:
    """What is wrong with `body` as a message of `action` (empty: valid); a KeyError for an action
    the schema does not describe."""
    if action not in described_actions():
        raise KeyError(action)
    return [
        f"{'/'.join(str(part) for part in error.absolute_path) or '(root)'}: {error.message}"
        for error in _validator(action).iter_errors(body)
    ]
