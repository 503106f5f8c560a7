"""Error codes have one owner, their app's table (`common.error_codes`, issue 40): every code an
app raises is declared once, in its own table or the table of an app below it, every declared code
is raised, and the OpenAPI schema's `code` is described from the tables."""

import ast

import pytest

from common.error_codes import ErrorCode, error_tables, openapi_description
from common.openapi import ERROR_SCHEMA_NAME, add_error_responses
from common.tests.test_floors import FLOORS
from common.tests.tree import app_modules

# Django form errors (the staff sign-in form's `invalid_login`) are not API answers.
NOT_ANSWERS = {"ValidationError"}


def raised_codes(tree: ast.Module) -> list[tuple[int, str]]:
    """(line, code) for each `code="..."` / `required_code="..."` given to a call in `tree`."""
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == "code" for t in node.targets):
            # `code = "slot_passed" if ... else "slot_closed"`: a code chosen before it is raised
            values = [node.value.body, node.value.orelse] if isinstance(node.value, ast.IfExp) else [node.value]
            found += [
                (node.lineno, v.value) for v in values if isinstance(v, ast.Constant) and isinstance(v.value, str)
            ]
        if not isinstance(node, ast.Call):
            continue
        name = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
        if name in NOT_ANSWERS:
            continue
        for keyword in node.keywords:
            value = keyword.value
            if keyword.arg in ("code", "required_code") and isinstance(value, ast.Constant):
                if isinstance(value.value, str):
                    found.append((node.lineno, value.value))
    return found


def _owners() -> dict[str, list[str]]:
    owners: dict[str, list[str]] = {}
    for app, table in error_tables().items():
        for code in table:
            owners.setdefault(code.value, []).append(app)
    return owners


def test_every_app_that_raises_a_code_has_a_table():
    raising = {path.split("/")[0] for path, tree in app_modules() if raised_codes(tree)}
    assert raising - set(error_tables()) == set()


def test_no_code_is_declared_twice():
    assert {code: apps for code, apps in _owners().items() if len(apps) > 1} == {}


def test_every_raised_code_is_declared_in_its_app_or_one_below():
    owners = _owners()
    wrong = []
    for path, tree in app_modules():
        app = path.split("/")[0]
        for line, code in raised_codes(tree):
            owner = (owners.get(code) or [None])[0]
            if owner is None:
                wrong.append(f"{path}:{line}: {code!r} is in no app's error_codes.py")
            elif owner != app and FLOORS.index(owner) < FLOORS.index(app):
                wrong.append(f"{path}:{line}: {code!r} is declared by {owner}, above {app}")
    assert wrong == []


def test_every_declared_code_is_raised():
    raised = {code for _path, tree in app_modules() for _line, code in raised_codes(tree)}
    used = {
        node.attr
        for _path, tree in app_modules()
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr.isupper()
    }
    dead = [
        f"{app}: {code.value}"
        for app, table in error_tables().items()
        for code in table
        if code.value not in raised and code.name not in used
    ]
    assert dead == []


def test_the_openapi_schema_describes_every_code_from_the_tables():
    schema = add_error_responses({"paths": {}}, None, None, True)
    described = schema["components"]["schemas"][ERROR_SCHEMA_NAME]["properties"]["code"]["description"]
    assert described == openapi_description()
    for table in error_tables().values():
        for code in table:
            assert f"- `{code.value}` (" in described and code.description in described


def test_a_code_is_its_own_string():
    class Sample(ErrorCode):
        SLOT_FULL = "slot_full", "No places left"

    assert Sample.SLOT_FULL == "slot_full" and Sample("slot_full") is Sample.SLOT_FULL
    assert Sample.SLOT_FULL.description == "No places left" and f"{Sample.SLOT_FULL}" == "slot_full"


@pytest.mark.parametrize(
    "source, codes",
    [
        ('raise Conflict(message, code="slot_full")', ["slot_full"]),
        ('clean_reason(reason, required_code="reason_required")', ["reason_required"]),
        ('raise ValidationError(message, code="invalid_login")', []),
        ("raise Conflict(message, code=DeliveryErrorCode.SLOT_FULL)", []),
        ('code = "slot_passed" if late else "slot_closed"', ["slot_passed", "slot_closed"]),
    ],
)
def test_the_scan_reads_literal_codes(source, codes):
    assert [code for _line, code in raised_codes(ast.parse(source))] == codes
