"""Background jobs of the project as a whole."""

import logging

from celery import shared_task

from common.outbox import OutboxTask
from shop.backups import backup_make
from shop.privacy import personal_data_erase, personal_data_purge

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True, acks_late=True)
def backup() -> str:
    """Every BACKUP_EVERY_HOURS (Celery beat, when set): one backup, the old ones past BACKUP_KEEP deleted."""
    made = backup_make()
    logger.info("backup %s made (%s); deleted %s", made.name, made.files, made.deleted or "none")
    return made.name


@shared_task(ignore_result=True, base=OutboxTask)
def erase_personal_data(user_id: int) -> bool:
    """Queued when a shopper deletes their account: erase their personal data (shop/privacy.py)."""
    return personal_data_erase(user_id=user_id)


@shared_task(ignore_result=True)
def purge_personal_data() -> dict[str, int]:
    """Hourly (Celery beat): erase the deleted accounts whose own task was lost."""
    return personal_data_purge()
