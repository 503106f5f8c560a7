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
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    body = models.JSONField(null=True, blank=True)
    created_at = models.DateTimeField(db_index=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["scope", "owner", "key"], name="idempotent_request_once_per_key")
        ]

    def __str__(self) -> str:
        return f"{self.scope} {self.owner} {self.key}"
