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


def test_a_restore_into_a_missing_folder_says_so(backup_settings, tmp_path, capsys):
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    name = made_backup(capsys)
    with pytest.raises(CommandError, match="folder .* does not exist: create it"):
        call_command("restore", name, database=str(tmp_path / "no-such-folder" / "new.sqlite3"))


def _server_url() -> str:
    server = connection.settings_dict
    return f"postgresql://{server['USER'] or 'postgres'}@{server['HOST'] or '127.0.0.1'}:{server['PORT'] or 5432}"


@pytest.mark.postgres
def test_a_restore_into_a_missing_postgres_database_says_to_create_it(backup_settings, trading, capsys):
    name = made_backup(capsys)
    missing = f"restore_missing_{uuid.uuid4().hex[:8]}"
    with pytest.raises(CommandError) as refused:
        call_command("restore", name, database=f"{_server_url()}/{missing}")
    message = str(refused.value)
    assert f'The database "{missing}" does not exist. Create it empty first (createdb {missing}' in message
    assert "FATAL" not in message and "pg_restore" not in message


@pytest.mark.postgres
def test_a_restore_into_a_database_with_tables_is_refused_before_anything_is_written(backup_settings, trading, capsys):
    name = made_backup(capsys)
    running = connection.settings_dict["NAME"]
    before = backups.figures()
    with pytest.raises(CommandError) as refused:
        call_command("restore", name, database=f"{_server_url()}/{running}")
    message = str(refused.value)
    assert f'The database "{running}" is not empty (' in message and "never the running one" in message
    assert f"createdb {running}_restored" in message and "pg_restore" not in message
    assert backups.figures() == before


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


# --- secrets stay out (issue 46.4) ----------------------------------------------------------------


def _secrets():
    """A live session, an OTP text in the SMS outbox and one in the task outbox."""
    from datetime import timedelta

    from django.contrib.sessions.models import Session
    from django.utils import timezone

    from common.models import QueuedTask
    from notifications.models import SmsMessage

    Session.objects.create(
        session_key="livesessionkey0123456789abcdef01", session_data="x", expire_date=timezone.now() + timedelta(days=1)
    )
    SmsMessage.objects.create(phone_no="9876500001", text="Your SMLR Mart code is 123456")
    QueuedTask.objects.create(task="notifications.tasks.send_sms", args=["9876500001", "code 654321", "k"])


def _restored_rows(restored: str, tables: list[str]) -> dict[str, int]:
    with sqlite3.connect(restored) as copy:
        return {table: copy.execute(f'SELECT COUNT(*) FROM "{table}"').fetchone()[0] for table in tables}  # noqa: S608


def test_a_backup_holds_no_sessions_nor_codes_and_only_its_owner_reads_it(backup_settings, trading, tmp_path, capsys):
    _secrets()
    name = made_backup(capsys)
    folder = backup_settings.BACKUP_DIR / name
    modes = {path.name: oct(path.stat().st_mode & 0o777) for path in folder.iterdir()}
    assert set(modes.values()) == {"0o600"}, modes
    assert oct(folder.stat().st_mode & 0o777) == "0o700"
    restored = tmp_path / "restored.sqlite3"
    if connection.vendor != "sqlite":
        dump = (folder / "database.dump").read_bytes()
        assert b"livesessionkey0123456789abcdef01" not in dump and b"123456" not in dump
        return
    assert b"livesessionkey" not in (folder / "database.sqlite3").read_bytes()
    call_command("restore", name, database=str(restored), media_root=str(tmp_path / "media-copy"))
    tables = backups.secret_tables()
    assert "django_session" in tables
    assert _restored_rows(str(restored), tables) == dict.fromkeys(tables, 0)
    with sqlite3.connect(restored) as copy:  # the drill's comparison still holds, row by row
        assert backups.figures(cursor=copy.cursor()) == backups.figures()


def test_an_encrypted_backup_reads_as_noise_and_restores_with_its_key(backup_settings, trading, tmp_path, capsys):
    from cryptography.fernet import Fernet

    backup_settings.BACKUP_ENCRYPTION_KEY = Fernet.generate_key().decode()
    name = made_backup(capsys)
    folder = backup_settings.BACKUP_DIR / name
    database_file = "database.sqlite3" if connection.vendor == "sqlite" else "database.dump"
    sealed = (folder / database_file).read_bytes()
    assert not sealed.startswith((b"SQLite format", b"PGDMP"))
    assert b"RIFF-rice-picture" not in (folder / "media.tar.gz").read_bytes()
    if connection.vendor == "sqlite":
        restored = tmp_path / "restored.sqlite3"
        call_command("restore", name, database=str(restored), media_root=str(tmp_path / "media-copy"))
        with sqlite3.connect(restored) as copy:
            assert backups.figures(cursor=copy.cursor()) == backups.figures()
    backup_settings.BACKUP_ENCRYPTION_KEY = Fernet.generate_key().decode()  # another key
    with pytest.raises((backups.BackupError, CommandError), match="BACKUP_ENCRYPTION_KEY"):
        call_command("restore", name, database=str(tmp_path / "other.sqlite3"))


def test_a_backup_for_the_bucket_is_refused_without_a_key(backup_settings, monkeypatch):
    from django.core.files.storage import InMemoryStorage

    monkeypatch.setattr(backups, "backup_storage", lambda: InMemoryStorage())
    backup_settings.BACKUP_ENCRYPTION_KEY = ""
    with pytest.raises(backups.BackupError, match="BACKUP_ENCRYPTION_KEY"):
        backups.backup_make()


def test_the_workers_backups_read_through_the_session_mode_name(settings):
    """compose.yaml's worker makes the backups (BACKUP_EVERY_HOURS) but reached PostgreSQL only
    through PgBouncer's transaction-mode name, where pg_dump's session settings do not hold."""
    from pathlib import Path

    settings.BACKUP_DATABASE_URL = "postgres://shop:pw@pgbouncer:6432/shop_session"
    assert backups._database_url() == "postgres://shop:pw@pgbouncer:6432/shop_session"
    compose = (Path(settings.BASE_DIR) / "compose.yaml").read_text()
    worker = compose[compose.index("\n  worker:") : compose.index("\n  beat:")]
    assert "BACKUP_DATABASE_URL:" in worker and "@pgbouncer:6432/shop_session" in worker
