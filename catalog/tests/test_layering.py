"""The catalog announces pack changes and never imports its listeners (contracts §3); it sits below
the accounts and the demo shop, which use it, and imports neither (issue 30: the demo catalog,
its drawings and its accounts live in `demo/`)."""

import ast
from pathlib import Path

from common.tests import test_layering as layering
from common.tests.test_layering import ROOT, imported_packages


def _catalog_imports(packages: set[str]) -> dict[str, set[str]]:
    found = {path: names & packages for path, names in imported_packages(ROOT / "catalog").items()}
    return {path: names for path, names in found.items() if names}


def test_the_catalog_imports_no_realtime_orders_or_payments():
    assert _catalog_imports({"realtime", "orders", "payments"}) == {}


def test_the_catalog_imports_neither_accounts_nor_the_demo_shop():
    assert _catalog_imports({"accounts", "demo"}) == {}


def test_an_import_inside_a_function_counts_too(tmp_path, monkeypatch):
    """The seed's `from accounts.models import User` sat inside a function of catalog/seeding.py."""
    monkeypatch.setattr(layering, "ROOT", tmp_path)
    (tmp_path / "catalog").mkdir()
    (tmp_path / "catalog" / "seeding.py").write_text(
        "def seed():\n    from accounts.models import User\n    import demo.data\n"
    )
    assert imported_packages(tmp_path / "catalog") == {"catalog/seeding.py": {"accounts", "demo"}}


def _local_imports(root: Path, package: str) -> dict[str, set[str]]:
    """Which of the package's own modules each of its modules imports (anywhere in it), tests and
    migrations aside: `{"catalog.services.details": {"catalog.services.packs", ...}}`."""
    modules = {}
    for path in (root / package).rglob("*.py"):
        parts = path.relative_to(root).with_suffix("").parts
        if "tests" in parts or "migrations" in parts:
            continue
        modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph = {}
    for name, path in modules.items():
        here = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
        wanted = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                wanted |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                base = ".".join([*here[: len(here) - node.level + 1], node.module or ""]) if node.level else node.module
                base = base.strip(".")
                # `from . import packs` imports a module; `from .details import BRAND_TAKEN` a name of one
                wanted |= {
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base for alias in node.names
                }
        graph[name] = {module for module in wanted if module in modules and module != name}
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import cycle, each as the modules in it from the first one found (Tarjan's strongly
    connected components of more than one module)."""
    index: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = lowest[module] = len(index)
        stack.append(module)
        for imported in sorted(graph[module]):
            if imported not in index:
                visit(imported)
                lowest[module] = min(lowest[module], lowest[imported])
            elif imported in stack:
                lowest[module] = min(lowest[module], index[imported])
        if lowest[module] == index[module]:
            component = stack[stack.index(module) :]
            del stack[stack.index(module) :]
            if len(component) > 1:
                found.append(sorted(component))

    for module in sorted(graph):
        if module not in index:
            visit(module)
    return found


def test_no_two_catalog_modules_import_each_other():
    """`services/details.py` and `services/products.py` did (issue 30); the Edit Product Details
    form that needed both is `services/product_details.py`, above them."""
    graph = _local_imports(ROOT, "catalog")
    assert "catalog.services.packs" in graph["catalog.services.details"]
    assert _cycles(graph) == []


def test_an_import_cycle_is_found(tmp_path):
    (tmp_path / "shop_a" / "services").mkdir(parents=True)
    for name, text in {
        "__init__.py": "",
        "services/__init__.py": "from .details import detail_create\n",
        "services/details.py": "from . import products\n",
        "services/products.py": "def product_create():\n    from .details import detail_create\n",
        "services/packs.py": "from .. import caching\n",
        "caching.py": "",
    }.items():
        (tmp_path / "shop_a" / name).write_text(text)
    assert _cycles(_local_imports(tmp_path, "shop_a")) == [["shop_a.services.details", "shop_a.services.products"]]
