import os

from celery import Celery, signals

from common.logs import task_ended, task_published, task_started
from common.metrics import task_finished

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "shop.settings")

app = Celery("shop")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()


# Task outcomes for /metrics (common.metrics), counted in the process that ran the task.
@signals.task_success.connect
def _task_succeeded(sender=None, **_):
    task_finished(sender.name, "success")


@signals.task_failure.connect
def _task_failed(sender=None, **_):
    task_finished(sender.name, "failure")


@signals.task_retry.connect
def _task_retried(sender=None, **_):
    task_finished(sender.name, "retry")


# The request id travels with the task (common.logs).
@signals.before_task_publish.connect
def _carry_request_id(headers=None, **_):
    if headers is not None:
        task_published(headers)


@signals.task_prerun.connect
def _task_request_id(task=None, **_):
    task_started(task)


@signals.task_postrun.connect
def _task_request_id_ended(**_):
    task_ended()
