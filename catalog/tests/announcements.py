"""Listen to `catalog.events.packs_changed` in a test: every announcement made inside the block."""

from contextlib import contextmanager

from django.db import transaction
from django.test import TestCase

from catalog.events import packs_changed


@contextmanager
def announcements():
    """Yield a list that receives (product_ids, financial_ids) for each event sent.

    The transaction hooks registered inside the block are run as if it committed (the test's own
    transaction never does), so "one event per transaction, after commit" can be checked.
    """
    received: list[tuple[frozenset, frozenset]] = []

    def listener(sender, product_ids, financial_ids, **kwargs):
        received.append((product_ids, financial_ids))

    connection = transaction.get_connection()
    already = len(connection.run_on_commit)
    packs_changed.connect(listener)
    try:
        with TestCase.captureOnCommitCallbacks(execute=True):
            yield received
    finally:
        packs_changed.disconnect(listener)
        # As after a real commit, the hooks that ran are gone: the next block is a new transaction.
        del connection.run_on_commit[already:]
