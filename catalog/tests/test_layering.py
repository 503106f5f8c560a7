"""The catalog announces pack changes and never imports its listeners (contracts §3); it sits below
the accounts and the demo shop, which use it, and imports neither (issue 30: the demo catalog,
its drawings and its accounts live in `demo/`)."""

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
