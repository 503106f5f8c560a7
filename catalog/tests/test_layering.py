"""The catalog announces pack changes and never imports its listeners (contracts §3)."""

from common.tests.test_layering import ROOT, imported_packages


def test_the_catalog_imports_no_realtime_orders_or_payments():
    listeners = {"realtime", "orders", "payments"}
    offenders = {path: names & listeners for path, names in imported_packages(ROOT / "catalog").items()}
    assert {path: names for path, names in offenders.items() if names} == {}
