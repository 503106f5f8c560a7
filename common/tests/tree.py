"""The shop's own Python modules, parsed, for the tests that hold one fact to one owner (money,
pack labels, error codes): every app's modules, tests and migrations aside."""

import ast
from collections.abc import Iterator
from functools import cache
from pathlib import Path

from common.tests.test_layering import APPS, ROOT


@cache
def _parsed(path: Path) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"), filename=str(path))


def app_modules(root: Path | None = None) -> Iterator[tuple[str, ast.Module]]:
    """`("orders/services.py", <its syntax tree>)` for every module of every app under `root`."""
    root = root or ROOT
    apps = APPS if root == ROOT else sorted(path.parent.name for path in root.glob("*/__init__.py"))
    for app in apps:
        for path in sorted((root / app).rglob("*.py")):
            parts = path.relative_to(root).parts
            if "tests" in parts or "migrations" in parts:
                continue
            yield "/".join(parts), _parsed(path) if root == ROOT else ast.parse(path.read_text(encoding="utf-8"))


def words(node: ast.AST) -> set[str]:
    """The names an expression reads (`order.amount_due` → {"order", "amount", "due"}), split at
    underscores; a called method's own name (`.total_seconds()`) is not a value it reads."""
    called = {id(child.func) for child in ast.walk(node) if isinstance(child, ast.Call)}
    found = set()
    for child in ast.walk(node):
        if id(child) in called and isinstance(child, ast.Attribute):
            continue
        name = child.id if isinstance(child, ast.Name) else child.attr if isinstance(child, ast.Attribute) else None
        if name:
            found |= set(name.lower().split("_"))
    return found
