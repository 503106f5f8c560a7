"""Backups that restore: back up, restore into a new database, and everything that matters compares equal."""

import sqlite3
import uuid

import psycopg
import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from orders.tests.conftest import give_address, packs, place_order  # noqa: F401 - shared fixtures
from payments.models import Payment
from shop import backups

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def backup_settings(settings, tmp_path):
    settings.BACKUP_DIR = tmp_path / "backups"
    settings.MEDIA_ROOT = tmp_path / "media"
    settings.MEDIA_ROOT.mkdir()
    (settings.MEDIA_ROOT / "products").mkdir()
    (settings.MEDIA_ROOT / "products" / "rice.webp").write_bytes(b"RIFF-rice-picture")
    settings.BACKUP_KEEP = 7
    settings.AWS_STORAGE_BUCKET_NAME = ""
    return settings


@pytest.fixture
def trading(customer, other_customer, place_order):  # noqa: F811 - the imported fixture
    """A day's trade: orders of both customers, an online one with a payment, stock taken."""
    give_address(customer)
    give_address(other_customer, city="Kakinada", postal_code="533001")
    place_order(customer)
    online = place_order(other_customer, method="Online")
    Payment.objects.create(order=online, gateway="sandbox", amount=online.total_price)
    return online


def made_backup(capsys) -> str:
    call_command("backup")
    out = capsys.readouterr().out
    assert "database." in out and "manifest.json" in out
    return backups.backups_listed()[-1]


def test_a_sqlite_backup_restores_into_a_new_file_with_every_figure_equal(backup_settings, trading, tmp_path, capsys):
    if connection.vendor != "sqlite":
        pytest.skip("the SQLite path; PostgreSQL's is the restore drill below")
    name = made_backup(capsys)
    restored, media = tmp_path / "restored.sqlite3", tmp_path / "restored-media"

    call_command("restore", name, database=str(restored), media_root=str(media))

    with sqlite3.connect(restored) as copy:
        assert backups.figures(cursor=copy.cursor()) == backups.figures()
    assert backups.figures()["orders_order"]["rows"] == 2
    assert (media / "products" / "rice.webp").read_bytes() == b"RIFF-rice-picture"


def test_only_the_newest_backups_are_kept(backup_settings, capsys):
    for _ in range(3):
        call_command("backup", keep=2)

    names = backups.backups_listed()
    assert len(names) == 2
    assert "deleted: backup-" in capsys.readouterr().out
    assert sorted(path.name for path in backup_settings.BACKUP_DIR.iterdir()) == names


def test_a_damaged_backup_is_refused_not_restored(backup_settings, tmp_path, capsys):
    name = made_backup(capsys)
    dump = next((backup_settings.BACKUP_DIR / name).glob("database.*"))
    dump.write_bytes(dump.read_bytes()[:-10] + b"0123456789")

    with pytest.raises(CommandError, match="does not match its manifest"):
        call_command("restore", name, database=str(tmp_path / "new.sqlite3"), media_root=str(tmp_path / "m"))


def test_a_restore_never_overwrites_an_existing_sqlite_file(backup_settings, tmp_path, capsys):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    name = made_backup(capsys)
    existing = tmp_path / "live.sqlite3"
    existing.write_bytes(b"the running shop")

    with pytest.raises(CommandError, match="exists"):
        call_command("restore", name, database=str(existing))
    assert existing.read_bytes() == b"the running shop"


def test_an_unknown_backup_is_a_clear_error(backup_settings, tmp_path):
    with pytest.raises(CommandError):
        call_command("restore", "backup-nope", database=str(tmp_path / "x.sqlite3"))


@pytest.mark.faults
@pytest.mark.postgres
def test_restore_drill_back_up_drop_restore_and_compare(backup_settings, trading, tmp_path, capsys):
    """The drill: a backup of the live database, restored into a new one, compares equal table by table."""
    name = made_backup(capsys)
    before = backups.figures()
    drill = f"restore_drill_{uuid.uuid4().hex[:8]}"
    server = connection.settings_dict
    base = f"postgresql://{server['USER'] or 'postgres'}@{server['HOST'] or '127.0.0.1'}:{server['PORT'] or 5432}"
    with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{drill}"')
    try:
        call_command("restore", name, database=f"{base}/{drill}", media_root=str(tmp_path / "restored-media"))
        with psycopg.connect(f"{base}/{drill}") as copy:
            assert backups.figures(cursor=copy.cursor()) == before
        assert before["orders_order"]["rows"] == 2 and before["payments_payment"]["rows"] == 1
        assert (tmp_path / "restored-media" / "products" / "rice.webp").exists()
    finally:
        with psycopg.connect(f"{base}/postgres", autocommit=True) as admin:
            admin.execute(f'DROP DATABASE IF EXISTS "{drill}" WITH (FORCE)')
