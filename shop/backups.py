"""Backups that restore: a consistent copy of the database and the media, kept in the backup storage.

One backup is a folder `backup-<UTC time>/` in the backup storage (a folder on disk, `BACKUP_DIR`,
by default; the S3 bucket under `backups/` when media live in S3) holding:

- `database.dump`: PostgreSQL's `pg_dump --format=custom`, one snapshot of the whole database (the
  shop keeps writing meanwhile; the dump sees one instant), or `database.sqlite3` made with
  SQLite's online backup API on the default database;
- `media.tar.gz`: the media folder, when media are files on disk (S3 media stay in the bucket; turn
  on its versioning: the backup lists their names in the manifest);
- `manifest.json`: what was saved, each file's SHA-256, and the shop's figures at that instant
  (`figures`), which a restore is checked against.

Secrets stay out (issue 46.4: two session keys from a dump opened /staff/ on the live shop): the
rows of `secret_tables()` (sessions, OTP codes, texts waiting in the SMS outbox or the task outbox,
which hold codes too) are not in the dump, their tables are (empty); a restored shop signs everyone
in again. The revoked-token list stays in: it names tokens that must stay refused, and leaving it
out would make them good again. Files are created 0600 in folders 0700; with
`BACKUP_ENCRYPTION_KEY` set (required for the S3 bucket) every file but the manifest is encrypted
with Fernet (the `cryptography` package: AES-128-CBC with an HMAC-SHA256), and its manifest
checksum is of the plain file, checked after decrypting.

The newest `BACKUP_KEEP` backups are kept, older ones deleted. `restore` loads a backup's database
into another (new) database and unpacks its media into a folder; `figures` of the two compare equal
when nothing was lost (the fault suite's restore drill does exactly this).
"""

import hashlib
import io
import json
import os
import re
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.files.base import File
from django.core.files.storage import FileSystemStorage, Storage, default_storage
from django.db import connections

from catalog.models import Financial
from orders.models import CreditNote, CreditNoteLine, Order, OrderItem
from payments.models import Payment, Refund, StoreCreditEntry

PREFIX = "backup-"
# What a restore must bring back unchanged: orders and their invoices, credit notes, stock, money.
CHECKED_MODELS = (Order, OrderItem, CreditNote, CreditNoteLine, Financial, Payment, Refund, StoreCreditEntry)


def secret_tables() -> list[str]:
    """The tables whose rows a backup leaves out: what would let its reader in, or read a code."""
    from django.contrib.sessions.models import Session

    from accounts.models import PhoneOtp
    from common.models import QueuedTask
    from notifications.models import SmsMessage

    return [model._meta.db_table for model in (Session, PhoneOtp, SmsMessage, QueuedTask)]


def _fernet():
    key = settings.BACKUP_ENCRYPTION_KEY
    if not key:
        return None
    from cryptography.fernet import Fernet

    return Fernet(key.encode() if isinstance(key, str) else key)


class BackupError(Exception):
    pass


def backup_storage() -> Storage:
    if settings.AWS_STORAGE_BUCKET_NAME:
        from storages.backends.s3 import S3Storage

        return S3Storage(location="backups", file_overwrite=False)
    return FileSystemStorage(
        location=settings.BACKUP_DIR, file_permissions_mode=0o600, directory_permissions_mode=0o700
    )


def _plain(value) -> str:
    """One spelling per value whichever driver read it (SQLite's raw rows are strings and 0/1)."""
    if isinstance(value, bool):
        return str(int(value))
    if isinstance(value, datetime):
        if value.tzinfo is not None:
            value = value.astimezone(UTC).replace(tzinfo=None)
        return value.isoformat(" ")
    if isinstance(value, date):
        return value.isoformat()
    return str(value)


def figures(using: str = "default", *, cursor=None) -> dict[str, dict]:
    """Per checked table: its row count and a SHA-256 of every row in primary-key order.

    `cursor` reads another database (a DB-API cursor of the same engine), e.g. a restored copy.
    """
    result = {}
    owned = cursor is None
    cursor = cursor or connections[using].cursor()
    try:
        for model in CHECKED_MODELS:
            table, pk = model._meta.db_table, model._meta.pk.column
            columns = ", ".join(f'"{field.column}"' for field in model._meta.concrete_fields)
            cursor.execute(f'SELECT {columns} FROM "{table}" ORDER BY "{pk}"')  # noqa: S608 - model metadata
            digest, rows = hashlib.sha256(), 0
            for row in cursor.fetchall():
                digest.update(repr(tuple(_plain(value) for value in row)).encode())
                rows += 1
            result[table] = {"rows": rows, "sha256": digest.hexdigest()}
    finally:
        if owned:
            cursor.close()
    return result


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _database_url() -> str:
    """Where pg_dump reads: `BACKUP_DATABASE_URL` (behind PgBouncer, its session-mode name: a dump
    is one snapshot and needs a session of its own), else the default database."""
    if settings.BACKUP_DATABASE_URL:
        return settings.BACKUP_DATABASE_URL
    database = connections["default"].settings_dict
    user = database.get("USER") or ""
    password = database.get("PASSWORD") or ""
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host, port = database.get("HOST") or "127.0.0.1", database.get("PORT") or "5432"
    return f"postgresql://{credentials}{host}:{port}/{database['NAME']}"


def _dump_database(folder: Path) -> str:
    vendor = connections["default"].vendor
    if vendor == "postgresql":
        target = folder / "database.dump"
        leave_out = [f"--exclude-table-data={table}" for table in secret_tables()]
        done = subprocess.run(
            ["pg_dump", "--format=custom", "--no-owner", "--no-privileges", *leave_out, f"--file={target}"]
            + [_database_url()],
            capture_output=True,
            text=True,
            timeout=3600,
        )
        if done.returncode != 0:
            raise BackupError(f"pg_dump failed: {done.stderr.strip()[:500]}")
        return target.name
    if vendor == "sqlite":
        target = folder / "database.sqlite3"
        connections["default"].ensure_connection()
        with sqlite3.connect(target) as copy:
            connections["default"].connection.backup(copy)
            # The schema's checks call REGEXP, which Django's connections define and a bare one lacks.
            copy.create_function("REGEXP", 2, lambda pattern, text: text is not None and bool(re.search(pattern, text)))
            for table in secret_tables():
                copy.execute(f'DELETE FROM "{table}"')  # noqa: S608 - model metadata
        copy.execute("VACUUM")  # the deleted rows' pages are not left in the file
        copy.close()
        return target.name
    raise BackupError(f"no backup for the {vendor} database")


def _pack_media(folder: Path) -> tuple[str | None, list[str]]:
    """The media folder as a tarball, or (S3) the names of the stored objects."""
    if settings.AWS_STORAGE_BUCKET_NAME:
        names: list[str] = []
        pending = [""]
        while pending:
            directory = pending.pop()
            subfolders, files = default_storage.listdir(directory)
            names += [f"{directory}{name}" for name in files]
            pending += [f"{directory}{name}/" for name in subfolders]
        return None, sorted(names)
    target = folder / "media.tar.gz"
    media_root = Path(settings.MEDIA_ROOT)
    with tarfile.open(target, "w:gz") as tarball:
        if media_root.is_dir():
            tarball.add(media_root, arcname=".")
    return target.name, []


@dataclass(frozen=True)
class Made:
    name: str
    files: dict[str, int]  # file name -> bytes
    deleted: list[str]  # older backups removed by the retention


def backup_make(*, keep: int | None = None) -> Made:
    """Make one backup in the backup storage and delete the ones past `keep` (default BACKUP_KEEP)."""
    keep = settings.BACKUP_KEEP if keep is None else keep
    name = f"{PREFIX}{datetime.now(UTC):%Y%m%dT%H%M%S%fZ}"
    storage = backup_storage()
    fernet = _fernet()
    if fernet is None and not isinstance(storage, FileSystemStorage):
        raise BackupError("a backup for the S3 bucket needs BACKUP_ENCRYPTION_KEY (a Fernet key)")
    with tempfile.TemporaryDirectory(prefix="shop-backup-") as scratch:
        folder = Path(scratch)
        database_file = _dump_database(folder)
        media_file, media_objects = _pack_media(folder)
        made_at = datetime.now(UTC).isoformat()
        files = [database_file] + ([media_file] if media_file else [])
        manifest = {
            "name": name,
            "made_at": made_at,
            "database": {"file": database_file, "vendor": connections["default"].vendor},
            "media": {"file": media_file, "s3_objects": media_objects},
            "files": {
                file: {"bytes": (folder / file).stat().st_size, "sha256": _sha256(folder / file)} for file in files
            },
            "figures": figures(),
            "encrypted": fernet is not None,
            "left_out": secret_tables(),
        }
        sizes = {}
        for file in files:
            if fernet is not None:
                sealed = folder / f"{file}.sealed"
                sealed.write_bytes(fernet.encrypt((folder / file).read_bytes()))
                os.replace(sealed, folder / file)
            with (folder / file).open("rb") as handle:
                storage.save(f"{name}/{file}", File(handle))
            sizes[file] = (folder / file).stat().st_size
        text = json.dumps(manifest, indent=2, sort_keys=True).encode()
        storage.save(f"{name}/manifest.json", File(io.BytesIO(text)))
        sizes["manifest.json"] = len(text)
    return Made(name=name, files=sizes, deleted=_retain(storage, keep))


def backups_listed(storage: Storage | None = None) -> list[str]:
    """Backup names in the storage, oldest first."""
    storage = storage or backup_storage()
    try:
        folders, _ = storage.listdir("")
    except FileNotFoundError:
        return []
    return sorted(folder for folder in folders if folder.startswith(PREFIX))


def _delete_backup(storage: Storage, name: str) -> None:
    _, files = storage.listdir(name)
    for file in files:
        storage.delete(f"{name}/{file}")
    if isinstance(storage, FileSystemStorage):
        shutil.rmtree(storage.path(name), ignore_errors=True)


def _retain(storage: Storage, keep: int) -> list[str]:
    names = backups_listed(storage)
    old = names[: max(0, len(names) - keep)]
    for name in old:
        _delete_backup(storage, name)
    return old


def manifest_of(name: str, storage: Storage | None = None) -> dict:
    storage = storage or backup_storage()
    with storage.open(f"{name}/manifest.json") as handle:
        return json.loads(handle.read())


def _fetched(
    storage: Storage, name: str, file: str, folder: Path, expected_sha256: str, *, encrypted: bool = False
) -> Path:
    target = folder / file
    with storage.open(f"{name}/{file}") as source, target.open("wb") as copy:
        shutil.copyfileobj(source, copy)
    if encrypted:
        from cryptography.fernet import InvalidToken

        fernet = _fernet()
        if fernet is None:
            raise BackupError(f"{name} is encrypted: set BACKUP_ENCRYPTION_KEY to the key it was made with")
        try:
            target.write_bytes(fernet.decrypt(target.read_bytes()))
        except InvalidToken:
            raise BackupError(
                f"{name}/{file} does not open with BACKUP_ENCRYPTION_KEY (another key, or damaged)"
            ) from None
    if _sha256(target) != expected_sha256:
        raise BackupError(f"{name}/{file} does not match its manifest (damaged or changed)")
    return target


def _restore_target_checked(database: str, *, vendor: str) -> None:
    """Refuse, saying what is wrong and what to do, a target the restore cannot or must not fill: a
    PostgreSQL database that is missing, unreachable or not empty (say, the running one), a SQLite
    file that exists or whose folder does not. Checked once the dump is fetched and verified, before
    anything is written."""
    if vendor != "postgresql":
        if os.path.exists(database):
            raise BackupError(f"{database} exists: restore into a new file")
        folder = os.path.dirname(os.path.abspath(database))
        if not os.path.isdir(folder):
            raise BackupError(f"The folder {folder} does not exist: create it, or give a path in a folder that does.")
        return
    import psycopg

    db_name = urlsplit(database).path.lstrip("/") or "(none given)"
    try:
        with psycopg.connect(database, connect_timeout=10) as target:
            tables = target.execute(
                "SELECT count(*) FROM pg_catalog.pg_tables WHERE schemaname NOT IN ('pg_catalog', 'information_schema')"
            ).fetchone()[0]
    except psycopg.Error as error:
        if "does not exist" in str(error):
            raise BackupError(
                f'The database "{db_name}" does not exist. Create it empty first (createdb {db_name}, or '
                f'CREATE DATABASE "{db_name}"; in psql), then run restore again.'
            ) from None
        raise BackupError(
            f'Cannot connect to the database "{db_name}". Check the URL given with --database (user, password, '
            "host, port) and that PostgreSQL is running, then run restore again."
        ) from None
    if tables:
        raise BackupError(
            f'The database "{db_name}" is not empty ({tables} tables): a restore goes only into a new, empty '
            f"database, never the running one. Create one (createdb {db_name}_restored) and pass its URL "
            "with --database."
        )


def backup_restore(name: str, *, database: str, media_root: str | None = None) -> dict:
    """Load backup `name` into `database` (a PostgreSQL URL of an empty database, or a SQLite file
    path) and, when given, unpack its media into `media_root`. Returns the backup's manifest."""
    storage = backup_storage()
    manifest = manifest_of(name, storage)
    with tempfile.TemporaryDirectory(prefix="shop-restore-") as scratch:
        folder = Path(scratch)
        entry = manifest["database"]
        encrypted = bool(manifest.get("encrypted"))
        dump = _fetched(
            storage, name, entry["file"], folder, manifest["files"][entry["file"]]["sha256"], encrypted=encrypted
        )
        _restore_target_checked(database, vendor=entry["vendor"])
        if entry["vendor"] == "postgresql":
            done = subprocess.run(
                ["pg_restore", "--no-owner", "--no-privileges", "--exit-on-error", f"--dbname={database}", str(dump)],
                capture_output=True,
                text=True,
                timeout=3600,
            )
            if done.returncode != 0:
                raise BackupError(
                    f"pg_restore failed: {done.stderr.strip()[:500]}\nThe database may be partly filled: drop it, "
                    "create it empty again and run restore again."
                )
        else:
            shutil.copyfile(dump, database)
        media_file = manifest["media"]["file"]
        if media_root and media_file:
            tarball = _fetched(
                storage, name, media_file, folder, manifest["files"][media_file]["sha256"], encrypted=encrypted
            )
            with tarfile.open(tarball, "r:gz") as archive:
                archive.extractall(media_root, filter="data")
    return manifest
