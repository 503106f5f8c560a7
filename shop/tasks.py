"""Background jobs of the project as a whole."""

import logging

from celery import shared_task

from shop.backups import backup_make

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True)
def backup() -> str:
    """Every BACKUP_EVERY_HOURS (Celery beat, when set): one backup, the old ones past BACKUP_KEEP deleted."""
    made = backup_make()
    logger.info("backup %s made (%s); deleted %s", made.name, made.files, made.deleted or "none")
    return made.name
