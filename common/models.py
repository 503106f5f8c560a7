"""The one table plumbing keeps: the answers to requests sent with an `Idempotency-Key`."""

from django.db import models


class IdempotentRequest(models.Model):
    """One `Idempotency-Key` of one caller for one operation, and the answer a retry gets.

    A row without `status_code` is a request still running (its `lease_until` keeps others from
    running it at the same time) or one that failed and may run again; `common.idempotency` is
    the only code that reads or writes these rows.
    """

    scope = models.CharField(max_length=40, help_text="the operation, e.g. orders.place")
    owner = models.CharField(max_length=40, help_text="user:<id>, or anonymous")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="SHA-256 of the request's method, path and body")
    lease_until = models.DateTimeField(null=True, blank=True)
    # Who holds the lease: "<host>:<pid>" of the process running it, so a twin on the same host
    # can see that the holder is gone (common.idempotency).
    holder = models.CharField(max_length=80, blank=True, default="")
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "owner", "key"], name="idempotent_request_once_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.owner} {self.key}"


class VitalCount(models.Model):
    """How many page views of one kind of page, on one day, in one language and on one kind of
    connection, measured one Core Web Vital in one bucket of its scale (`common.vitals`).

    A count and its key, nothing else: no user, address, user agent or URL. `common.vitals` is the
    only code that writes these rows (one UPSERT per beacon) or reads them.
    """

    day = models.DateField(help_text="the shop's local date")
    page = models.CharField(max_length=40, help_text="the kind of page: home, product, cart...")
    metric = models.CharField(max_length=4, help_text="LCP, INP, CLS, FCP or TTFB")
    bucket = models.PositiveSmallIntegerField(help_text="index into the metric's fixed scale (common.vitals)")
    language = models.CharField(max_length=5)
    connection = models.CharField(max_length=7, blank=True, help_text="effective type: slow-2g, 2g, 3g, 4g or blank")
    count = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            # The UPSERT's conflict target; its first column, the day, serves the reports and the purge.
            models.UniqueConstraint(
                fields=["day", "page", "metric", "bucket", "language", "connection"], name="vital_count_once_per_key"
            )
        ]

    def __str__(self) -> str:
        return f"{self.day} {self.page} {self.metric}[{self.bucket}] {self.language} {self.connection}: {self.count}"


class QueuedTask(models.Model):
    """A Celery task that could not be queued in time (the broker down or frozen), kept here to be
    queued once the broker answers again (`common.outbox`); no request waits for the broker."""

    task = models.CharField(max_length=200, help_text="the task's name, e.g. notifications.tasks.send_sms")
    args = models.JSONField(default=list)
    kwargs = models.JSONField(default=dict)
    countdown = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"{self.task} {self.created_at:%Y-%m-%d %H:%M:%S}"
