"""The Celery app bench/cluster.py's worker runs: the project's own (`shop.celery`), plus pauses
that hold an SMS task where scenario (d) kills the worker. Nothing else imports it.

A pause happens once per flag file: the bench creates `<CLUSTER_HOOKS_DIR>/before` or `.../after`,
queues a text starting with `cluster-before` or `cluster-after`, and the first task to see the
flag removes it and sleeps, so the same task handed out again after the kill runs straight through.
- before: in `task_prerun`, before anything is sent (a kill here must not lose the text);
- after: in `task_postrun`, once the text is sent and committed and before the worker acknowledges
  the task (acks late): a kill here hands the task out again, and the text must not go twice.
"""

import os
import time
from pathlib import Path

from celery import signals

from shop.celery import app

__all__ = ["app"]

PAUSE_SECONDS = 60


def _pause(where: str, task, args) -> None:
    if task is None or task.name != "notifications.tasks.send_sms" or len(args or ()) < 2:
        return
    if not str(args[1]).startswith(f"cluster-{where}"):
        return
    flag = Path(os.environ.get("CLUSTER_HOOKS_DIR", "/nonexistent"), where)
    try:
        flag.unlink()
    except FileNotFoundError:
        return
    print(f"cluster hook: pausing {where} the send of {args[1]!r}", flush=True)
    time.sleep(PAUSE_SECONDS)


@signals.task_prerun.connect
def _before(task=None, args=None, **_):
    _pause("before", task, args)


@signals.task_postrun.connect
def _after(task=None, args=None, **_):
    _pause("after", task, args)
