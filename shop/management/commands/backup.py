from django.core.management.base import BaseCommand, CommandError

from shop.backups import BackupError, backup_make, backups_listed


class Command(BaseCommand):
    help = (
        "Back up the database (pg_dump, or SQLite's online backup) and the media to the backup storage "
        "(BACKUP_DIR, or the S3 bucket's backups/), keeping the newest BACKUP_KEEP; --list shows them."
    )

    def add_arguments(self, parser):
        parser.add_argument("--keep", type=int, help="keep this many backups instead of BACKUP_KEEP")
        parser.add_argument("--list", action="store_true", help="list the backups kept, oldest first")

    def handle(self, *args, keep=None, list=False, **options):
        if list:
            for name in backups_listed():
                self.stdout.write(name)
            return
        if keep is not None and keep < 1:
            raise CommandError("--keep must be at least 1")
        try:
            made = backup_make(keep=keep)
        except BackupError as error:
            raise CommandError(str(error)) from error
        for file, size in made.files.items():
            self.stdout.write(f"{made.name}/{file}  {size:,} bytes")
        self.stdout.write(f"deleted: {', '.join(made.deleted) if made.deleted else 'none'}")
        self.stdout.write(self.style.SUCCESS(f"backup {made.name} made"))
