"""The test suite's copy of the demo catalog (conftest.py's `_DemoSnapshot`, the `demo_seeded`
fixture): put back, it is row for row what `manage.py seed_demo` wrote, and it is put back only
onto the state the seed was copied from."""

import django.core.management
import pytest
from django.apps import apps
from django.db import connection, transaction

from catalog.models import Category
from conftest import _DemoSnapshot, _QuickFlush

pytestmark = pytest.mark.django_db(transaction=True)


def _everything() -> dict[str, list]:
    """Every Django table's rows, in a stable order."""
    qn = connection.ops.quote_name
    rows = {}
    with connection.cursor() as cursor:
        for table in _QuickFlush.tables(connection):
            cursor.execute(f"SELECT * FROM {qn(table)}")
            rows[table] = sorted(map(repr, cursor.fetchall()))
    return rows


def _back_to(snapshot: dict) -> None:
    """The database as it was before the copied seed."""
    qn = connection.ops.quote_name
    with transaction.atomic(), connection.cursor() as cursor:  # foreign keys checked at its end
        for table in snapshot["added"]:
            cursor.execute(f"DELETE FROM {qn(table)}")
            if table in snapshot["before"]:
                cursor.execute(f"INSERT INTO {qn(table)} SELECT * FROM {qn(snapshot['before'][table])}")


@pytest.fixture
def seeds(monkeypatch, settings, tmp_path):
    """How many times the real seed_demo ran."""
    settings.MEDIA_ROOT = tmp_path
    real = django.core.management.call_command
    ran = []

    def counting(name, *args, **kwargs):
        ran.append(name)
        return real(name, *args, **kwargs)

    monkeypatch.setattr(django.core.management, "call_command", counting)
    return ran


def test_the_copy_put_back_is_what_the_seed_wrote_row_for_row(seeds):
    demo = _DemoSnapshot()
    before = _everything()
    demo.seed()
    seeded = _everything()
    assert seeds == ["seed_demo"] and seeded != before
    snapshot = demo.snapshots[(connection.vendor, connection.settings_dict["NAME"])]
    assert snapshot is not None and snapshot["added"], "the seed's rows were not copied"

    _back_to(snapshot)
    assert _everything() == before
    demo.seed()
    assert seeds == ["seed_demo"], "the copy was not used"
    assert _everything() == seeded
    # New rows after it get ids past the rows put back.
    category = Category.objects.create(key="after-the-copy", name="After the copy")
    assert category.pk > max(Category.objects.exclude(pk=category.pk).values_list("pk", flat=True))


def test_a_database_not_as_it_was_gets_the_real_seed(seeds):
    demo = _DemoSnapshot()
    demo.CAPTURES = 1
    demo.seed()
    snapshot = demo.snapshots[(connection.vendor, connection.settings_dict["NAME"])]
    _back_to(snapshot)
    Category.objects.create(key="written-first", name="Written first")
    demo.seed()
    assert seeds == ["seed_demo", "seed_demo"]
    assert Category.objects.filter(key="written-first").exists()
    assert Category.objects.count() == apps.get_model("catalog", "Category").objects.count() > 1
