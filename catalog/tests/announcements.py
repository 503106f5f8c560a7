"""Listen to `catalog.events.packs_changed` in a test: every announcement made inside the block."""

from contextlib import contextmanager

from django.test import TestCase

from catalog import after_commit
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

    # The block is its own transaction: hooks registered before it (by earlier writes of the test,
    # which never commit) are not found by the writes inside it, and the ones it registers are gone
    # after it, as after a commit. Django's own list of them is left alone: the earlier ones stay
    # there and are not run, as `captureOnCommitCallbacks` runs only the block's.
    with after_commit.set_aside():
        packs_changed.connect(listener)
        try:
            with TestCase.captureOnCommitCallbacks(execute=True):
                yield received
        finally:
            packs_changed.disconnect(listener)
