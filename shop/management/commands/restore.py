from django.core.management.base import BaseCommand, CommandError

from shop.backups import BackupError, backup_restore


class Command(BaseCommand):
    help = (
        "Restore a backup (manage.py backup --list names them) into a NEW database, never the running one: "
        "a PostgreSQL URL of an empty database, or a SQLite file path that does not exist yet; --media-root "
        "unpacks its media into a folder."
    )

    def add_arguments(self, parser):
        parser.add_argument("name", help="the backup, e.g. backup-20261126T020000000000Z")
        parser.add_argument("--database", required=True, help="postgresql://.../new_db or /path/to/new.sqlite3")
        parser.add_argument("--media-root", help="folder to unpack the media into")

    def handle(self, *args, name, database, media_root=None, **options):
        try:
            manifest = backup_restore(name, database=database, media_root=media_root)
        except (BackupError, FileNotFoundError) as error:
            raise CommandError(str(error)) from error
        for table, figure in sorted(manifest["figures"].items()):
            self.stdout.write(f"{table}: {figure['rows']} rows")
        self.stdout.write(self.style.SUCCESS(f"restored {name} (made {manifest['made_at']})"))
