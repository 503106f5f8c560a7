"""Background jobs of promotions."""

import logging
from datetime import timedelta

from celery import shared_task
from django.utils import timezone

from common.errors import Conflict
from promotions import rules
from promotions.models import Draw
from promotions.services import draw_promotions_for, draw_run

logger = logging.getLogger(__name__)


@shared_task(ignore_result=True)
def draw_ended_months() -> int:
    """Hourly (Celery beat): draw last month's gold-coin coupons for every promotion not drawn yet.

    Returns how many draws ran. A month already drawn (by this task or by `manage.py lucky_draw`)
    is left alone, so running it again changes nothing.
    """
    now = timezone.now()
    month = rules.month_of(now).replace(day=1)
    last_month = rules.month_of(rules.month_bounds(month)[0] - timedelta(days=1))
    ran = 0
    for promotion in draw_promotions_for(last_month):
        if Draw.objects.filter(promotion=promotion, month=last_month).exists():
            continue
        try:
            draw_run(promotion=promotion, month=last_month, now=now)
        except Conflict as refusal:  # drawn meanwhile by someone else
            logger.info("draw of %s for %s skipped: %s", promotion, last_month, refusal)
            continue
        ran += 1
    return ran
