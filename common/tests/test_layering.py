"""The house's floors (DESIGN.md, "Layout"): `common` imports no app, and no app imports `shop`,
the project package at the top that imports them all. Tests are not floors: an app's tests may
drive the assembled project (its URLs, its ASGI application)."""

import ast
from pathlib import Path

import pytest
from django.conf import settings

ROOT = Path(settings.BASE_DIR)
APPS = sorted(name for name in settings.INSTALLED_APPS if "." not in name and (ROOT / name / "__init__.py").exists())


def imported_packages(folder: Path) -> dict[str, set[str]]:
    """Top-level package of every import in every module under `folder` but its tests, by file."""
    found: dict[str, set[str]] = {}
    for path in folder.rglob("*.py"):
        if "tests" in path.relative_to(folder).parts:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names |= {alias.name.split(".")[0] for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module.split(".")[0])
        found[str(path.relative_to(ROOT))] = names
    return found


def test_the_apps_are_found():
    assert {"shop", "common", "notifications", "accounts", "catalog", "orders"} <= set(APPS)


def test_common_imports_no_app():
    apps = set(APPS) - {"common"}
    offenders = {path: names & apps for path, names in imported_packages(ROOT / "common").items() if names & apps}
    assert offenders == {}


@pytest.mark.parametrize("app", [name for name in APPS if name != "shop"])
def test_no_app_imports_the_project_package(app):
    offenders = [path for path, names in imported_packages(ROOT / app).items() if "shop" in names]
    assert offenders == []
