"""Tasks that never wait for the broker (issue 46.2).

A Redis broker frozen while the web process holds its connection made `.delay()` wait minutes in the
request (the order written, the request still hanging in queuing its task). The broker's client
deadlines (`CELERY_BROKER_TRANSPORT_OPTIONS`) make a publish fail in about 2 s; `OutboxTask` then
keeps the task as a `QueuedTask` row, in the caller's transaction when there is one, and answers at
once. After a failed publish each process skips the broker for `BROKER_BREAKER_SECONDS`, so a
frozen broker costs one deadline per process, not one per request. `queued_tasks_send` (Celery
beat, every minute, and `manage.py` callers) queues the kept rows once the broker answers again,
oldest first; tasks are idempotent by their own keys (an SMS by its key), so a row queued twice
after a crash between the publish and the delete does no harm.
"""

import logging

from celery import Task
from kombu.exceptions import OperationalError

from common.circuit import Breaker

logger = logging.getLogger(__name__)

broker_breaker = Breaker("BROKER_BREAKER_SECONDS")
BATCH = 200


class OutboxTask(Task):
    """A task whose `.delay()` and `.apply_async()` never raise for the broker and never wait past
    its deadline: a task the broker does not take is kept in the database and queued later."""

    def apply_async(self, args=None, kwargs=None, **options):
        if self.app.conf.task_always_eager or not broker_breaker.is_open():
            try:
                return super().apply_async(args, kwargs, **options)
            except OperationalError as exc:
                broker_breaker.trip()
                logger.error("Task queue unreachable (%s); %s kept to be queued later", exc, self.name)
        return task_keep(self.name, args or (), kwargs or {}, countdown=options.get("countdown"))


def task_keep(name: str, args, kwargs: dict, *, countdown=None):
    from common.models import QueuedTask

    return QueuedTask.objects.create(
        task=name, args=list(args), kwargs=dict(kwargs), countdown=int(countdown) if countdown else None
    )


def queued_tasks_send(app=None) -> int:
    """Queues the kept tasks, oldest first, while the broker takes them; how many went. Rows another
    sender holds are skipped; a publish that fails leaves the rest for the next run."""
    from django.db import transaction

    from common.models import QueuedTask

    if app is None:
        from celery import current_app as app
    sent = 0
    while True:
        with transaction.atomic():
            rows = list(QueuedTask.objects.select_for_update(skip_locked=True).order_by("pk")[:BATCH])
            if not rows:
                return sent
            for row in rows:
                try:
                    app.send_task(row.task, args=row.args, kwargs=row.kwargs, countdown=row.countdown)
                except OperationalError as exc:
                    logger.warning("Task queue still unreachable (%s); %d task(s) kept", exc, len(rows))
                    QueuedTask.objects.filter(pk__in=[r.pk for r in rows[: rows.index(row)]]).delete()
                    return sent
                sent += 1
            QueuedTask.objects.filter(pk__in=[row.pk for row in rows]).delete()
        broker_breaker.close()
